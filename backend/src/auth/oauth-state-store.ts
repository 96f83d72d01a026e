import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const OAUTH_STATE_COOKIE = 'sc_oauth_state';
const COOKIE_PATH = '/api/auth/google';

type Callback = (error: Error | null, ok?: string | boolean, info?: { message: string }) => void;

/**
 * passport-oauth2 state store keeping the anti-forgery `state` in a short-lived httpOnly cookie,
 * so the OAuth round trip needs no server-side session.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: Request, _meta: unknown, callback: Callback): void {
    const state = randomBytes(24).toString('base64url');
    req.res?.cookie(OAUTH_STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: COOKIE_PATH,
      maxAge: 10 * 60 * 1000,
    });
    callback(null, state);
  }

  verify(req: Request, providedState: string, callback: Callback): void {
    const expected = (req.cookies as Record<string, unknown> | undefined)?.[OAUTH_STATE_COOKIE];
    req.res?.clearCookie(OAUTH_STATE_COOKIE, { path: COOKIE_PATH });
    // An empty state (and cookie) would match itself: a forged callback needs no state at all.
    const matches =
      typeof expected === 'string' &&
      expected.length > 0 &&
      typeof providedState === 'string' &&
      expected.length === providedState.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(providedState));
    if (matches) callback(null, true);
    else
      callback(null, false, {
        message: 'The sign-in request expired or was forged; please try again.',
      });
  }
}
