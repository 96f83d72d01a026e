import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from './api-error';
import { isSafe } from './http-methods';

function crossOriginError(): ApiError {
  return new ApiError(
    403,
    "This request must come from this site's own pages (its Origin header is missing or another site's).",
    'CROSS_ORIGIN',
  );
}

/**
 * Whether a browser sent the request from our own pages: `Sec-Fetch-Site: same-origin` (which
 * pages cannot forge), else an `Origin` equal to PUBLIC_URL's. A request with neither is refused:
 * cookies come from browsers, and browsers send Origin on every POST.
 */
export function isSameOrigin(req: Request, publicOrigin: string): boolean {
  const site = req.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  return req.get('Origin') === publicOrigin;
}

/** CSRF check for routes authenticated by a cookie: 403 unless sent by our own pages. */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly publicOrigin: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.publicOrigin = new URL(config.publicUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!isSameOrigin(context.switchToHttp().getRequest<Request>(), this.publicOrigin)) {
      throw crossOriginError();
    }
    return true;
  }
}

/** The same check as Express middleware, for the writes (not the reads) of a cookie-authenticated mount. */
export function sameOriginWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isSafe(req.method) || isSameOrigin(req, publicOrigin)) return next();
    const error = crossOriginError();
    res.status(error.getStatus()).json(error.getResponse());
  };
}
