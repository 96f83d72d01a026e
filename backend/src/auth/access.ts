import { SetMetadata, applyDecorators } from '@nestjs/common';
import { MetadataScanner, type ModulesContainer } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-responses';
import { TokenScopes } from './api-tokens/token-scopes';

/**
 * Who may call a route:
 * - `public`: anyone; a token sent is not read.
 * - `optional`: anyone; a token sent must be valid, and the caller is then known.
 * - `signed-in`: a valid access token, else 401.
 * - `admin`: a valid access token of an admin, else 401 or 403; a personal API token needs the
 *   `admin` scope.
 */
export type AccessLevel = 'public' | 'optional' | 'signed-in' | 'admin';

export const ACCESS_METADATA = 'access';

/**
 * Declares who may call the route (or every route of the controller); AccessGuard, global,
 * enforces it, and the OpenAPI document shows the bearer token and the 401/403 answers.
 * Every route must declare it: the app refuses to start otherwise (see undeclaredRoutes).
 */
export function Access(level: AccessLevel) {
  const decorators: (ClassDecorator & MethodDecorator)[] = [SetMetadata(ACCESS_METADATA, level)];
  if (level !== 'public') decorators.push(ApiBearerAuth('bearer'));
  if (level === 'signed-in') decorators.push(ApiErrors(401));
  if (level === 'admin') decorators.push(ApiErrors(401, 403), TokenScopes('admin'));
  return applyDecorators(...decorators);
}

/** The routes (`Controller.method`) that declare no access, neither themselves nor by controller. */
export function undeclaredRoutes(modules: ModulesContainer): string[] {
  const scanner = new MetadataScanner();
  const undeclared: string[] = [];
  for (const module of modules.values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      if (Reflect.getMetadata(ACCESS_METADATA, metatype) !== undefined) continue;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        const isRoute = Reflect.getMetadata(PATH_METADATA, handler) !== undefined;
        if (isRoute && Reflect.getMetadata(ACCESS_METADATA, handler) === undefined) {
          undeclared.push(`${metatype.name}.${name}`);
        }
      }
    }
  }
  return undeclared;
}
