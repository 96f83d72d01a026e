import type { InjectionToken, Provider, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';

/** A class a fake stands for: its public members are what the fake must match. */
type Token<T> = abstract new (...args: never[]) => T;

/**
 * A provider of `token` by `fake`, which TypeScript checks against the class's public members:
 * a fake's method with another name or signature does not compile.
 */
export function standIn<T>(token: Token<T>, fake: Partial<T>): Provider {
  return { provide: token, useValue: fake };
}

/** A provider by a value of a token that is no class (APP_CONFIG, REDIS_CLIENT). */
export function valueOf(token: InjectionToken, value: unknown): Provider {
  return { provide: token, useValue: value };
}

/**
 * A provider for a collaborator the test does not reach: any use of one of its members fails
 * with its name, so a test that starts needing it says which fake is missing.
 */
export function unusedHere(token: Type): Provider {
  const refuse = (_target: object, member: string | symbol) => {
    if (typeof member === 'symbol' || member === 'then') return undefined;
    throw new Error(`${token.name}.${member} is not faked in this test`);
  };
  return { provide: token, useValue: new Proxy({}, { get: refuse }) };
}

/**
 * The service under test, built by Nest's injector from `providers` (fakes, stand-ins and
 * values): every constructor parameter needs one, as in the app's modules.
 */
export async function newTestService<T>(service: Type<T>, providers: Provider[]): Promise<T> {
  const module = await Test.createTestingModule({ providers: [service, ...providers] }).compile();
  return module.get(service);
}
