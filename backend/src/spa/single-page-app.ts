import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { HASHED_ASSET_CACHE } from './precompressed-assets';
import { isRead } from '../common/http-methods';

/**
 * The built SPA: its files, and index.html for every other page address (history fallback), so
 * deep links like /services/<id> work. It answers GET and HEAD outside /api only and passes
 * everything else on untouched, errors included: the API answers its own errors.
 */
export function singlePageApp(spaDir: string): RequestHandler | null {
  const indexFile = join(spaDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const assetsDir = join(spaDir, 'assets');
  const files = express.static(spaDir, {
    index: false,
    setHeaders: (res: Response, path: string) => {
      res.setHeader('Cache-Control', path.startsWith(assetsDir) ? HASHED_ASSET_CACHE : 'no-cache');
    },
  });
  const sendIndex = (res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req.method) || req.path === '/api' || req.path.startsWith('/api/')) return next();
    files(req, res, (error?: unknown) => (error ? next(error) : sendIndex(res, next)));
  };
}
