import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { SESSION_HINT_COOKIE } from '../spa/page-contract';
import type { IssuedRefreshToken } from './sessions.service';

export const REFRESH_COOKIE = 'sc_refresh';

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
