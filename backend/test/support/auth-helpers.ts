import { getModelToken } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { Response } from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { User } from '../../src/users/user.schema';
import type { TestApp } from './test-app';
import { REFRESH_COOKIE } from '../../src/auth/refresh-cookie';

let counter = 0;

/** A fresh, unique e-mail per call, so tests never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The whole `Set-Cookie` line (with its attributes) the response set for the cookie `name`. */
export function setCookieLine(response: Response, name: string): string | undefined {
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith(`${name}=`));
}

/** `name=value` of the cookie the response set, as a browser sends it back. */
export function cookieOf(response: Response, name: string): string {
  const line = setCookieLine(response, name);
  if (!line) throw new Error(`no ${name} cookie was set`);
  return line.split(';')[0];
}

export function refreshCookieOf(response: Response): string {
  return cookieOf(response, REFRESH_COOKIE);
}

export interface RegisteredUser {
  email: string;
  password: string;
  accessToken: string;
  cookie: string;
  uid: string;
}

export async function registerUser(
  testApp: TestApp,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<RegisteredUser> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct horse battery';
  const response = await testApp
    .http()
    .post('/api/register')
    .send({ name: fields.name ?? 'Test User', email, password })
    .expect(201);
  return {
    email,
    password,
    accessToken: response.body.accessToken,
    cookie: refreshCookieOf(response),
    uid: response.body.user.uid,
  };
}

/**
 * Registers a user whose address is verified and whose account is `daysOld` days old, as if it
 * had signed up then (its creation date moved back in the store).
 */
export async function registerEstablishedUser(
  testApp: TestApp,
  fields: { name?: string; daysOld?: number } = {},
): Promise<RegisteredUser> {
  const registered = await registerUser(testApp, fields);
  await testApp.app.get(UsersService).markEmailVerified(registered.uid);
  const createdAt = new Date(Date.now() - (fields.daysOld ?? 2) * 86_400_000);
  await testApp.app
    .get<Model<User>>(getModelToken(User.name))
    .collection.updateOne({ _id: new Types.ObjectId(registered.uid) }, { $set: { createdAt } });
  return registered;
}

/**
 * Registers a user and makes them an admin the way an operator does (`admin:grant`, the CLI's
 * UsersService.grantAdmin), then logs in again for a token that carries the role.
 */
export async function registerAdmin(
  testApp: TestApp,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<RegisteredUser> {
  const registered = await registerUser(testApp, fields);
  await testApp.app.get(UsersService).grantAdmin(registered.email);
  const response = await testApp
    .http()
    .post('/api/auth/login')
    .send({ email: registered.email, password: registered.password })
    .expect(200);
  return {
    ...registered,
    accessToken: response.body.accessToken,
    cookie: refreshCookieOf(response),
  };
}

/** A cookie-authenticated POST as the SPA sends it: same origin, so with our Origin header. */
export function postWithCookie(testApp: TestApp, path: string, cookie: string) {
  return testApp.http().post(path).set('Origin', testApp.config.publicUrl).set('Cookie', cookie);
}
