import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import type { IssuedRefreshToken } from './sessions.service';

export const REFRESH_COOKIE = 'sc_refresh';
/**
 * Readable by the SPA and holding no secret: it tells the SPA a refresh cookie may exist, so a
 * visitor who never signed in is not sent to /auth/refresh for a 401 on every page load.
 */
export const SESSION_HINT_COOKIE = 'sc_session';

function cookieOptions(config: AppConfig): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/api/auth',
  };
}

function hintOptions(config: AppConfig): CookieOptions {
  return { ...cookieOptions(config), httpOnly: false, path: '/' };
}

export function setRefreshCookie(
  res: Response,
  config: AppConfig,
  issued: IssuedRefreshToken,
): void {
  res.cookie(REFRESH_COOKIE, issued.token, { ...cookieOptions(config), expires: issued.expiresAt });
  res.cookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(config), expires: issued.expiresAt });
}

export function clearRefreshCookie(res: Response, config: AppConfig): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  res.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}

export function readRefreshCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
