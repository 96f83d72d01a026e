import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../common/api-error';
import { isRead } from '../common/http-methods';
import { STORAGE_UNAVAILABLE } from '../common/limits/service-unavailable';
import { isStorageFailure } from '../common/limits/storage-failure';
import { isObjectId } from '../common/object-id.pipe';
import { PUBLIC_CACHE_CONTROL, REPLAYABLE_READ } from '../common/public-read';
import {
  WIDGET_THEMES,
  ratingWidgetHtml,
  widgetProblemHtml,
  type WidgetTheme,
} from './rating-widget';
import type { ServicesService } from './services.service';

const WIDGET_PATH = /^\/widget\/services\/([^/]+)\/?$/;

/**
 * Other sites may frame the widget, and only the widget: the rest of the site keeps helmet's
 * `frame-ancestors 'self'` and X-Frame-Options. It loads nothing but its inline style.
 */
const WIDGET_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

function framable(res: Response): void {
  res.setHeader('Content-Security-Policy', WIDGET_CSP);
  res.removeHeader('X-Frame-Options');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

function themeOf(value: unknown): WidgetTheme | undefined | null {
  if (value === undefined) return undefined;
  return WIDGET_THEMES.find((theme) => theme === value) ?? null;
}

/**
 * `GET /widget/services/:id`: a service's rating as a small HTML page for an `<iframe>`. It is
 * made from the service's cached read (ServicesService.get) and kept by the response cache like
 * a public API read, so a widget costs a site no more than `GET /api/services/:id`.
 */
export function ratingWidgetPages(services: ServicesService, publicUrl: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const match = isRead(req.method) ? WIDGET_PATH.exec(req.path) : null;
    if (!match) return next();
    framable(res);
    res.type('html');
    const problem = (status: number, message: string, theme?: WidgetTheme) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.status(status).send(widgetProblemHtml(message, theme));
    };
    const theme = themeOf(req.query.theme);
    if (theme === null) return problem(400, 'The theme is light or dark.');
    const id = match[1];
    if (!isObjectId(id)) return problem(400, 'This widget address has no valid service id.', theme);
    services.get(id.toLowerCase()).then(
      (service) => {
        if (service.screening) return problem(404, 'No service has this id.', theme);
        res.locals[REPLAYABLE_READ] = true;
        res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
        res.send(ratingWidgetHtml(service, `${publicUrl}/services/${service._id}`, theme));
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.getStatus() === 404) {
          return problem(404, 'No service has this id.', theme);
        }
        if (!isStorageFailure(error)) return next(error);
        res.setHeader('Retry-After', String(STORAGE_UNAVAILABLE.retryAfterSeconds));
        problem(503, 'The rating cannot be shown just now; it will be back in a moment.', theme);
      },
    );
  };
}
