import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isRead } from '../common/http-methods';

/** Built assets have a content hash in their names: a browser may keep them for good. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

const BROTLI = '.br';

/**
 * Serves `/assets/<name>` from the `<name>.br` the frontend build wrote beside it (brotli at its
 * best level, smaller than what on-the-fly compression makes) to browsers that accept br. Other
 * requests go on to the static files, compressed on the fly.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const compressed = new Set(
    existsSync(assetsDir)
      ? readdirSync(assetsDir)
          .filter((name) => name.endsWith(BROTLI))
          .map((name) => name.slice(0, -BROTLI.length))
      : [],
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const name = req.path.slice(1);
    const servable = isRead(req.method) && compressed.has(name);
    res.vary('Accept-Encoding');
    if (!servable || req.acceptsEncodings('br') !== 'br') return next();
    res.type(extname(name));
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Cache-Control', HASHED_ASSET_CACHE);
    res.sendFile(join(assetsDir, name + BROTLI), (error) => {
      if (error) next(error);
    });
  };
}
