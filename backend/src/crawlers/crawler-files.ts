import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { robotsTxt } from './crawler-texts';
import type { SitemapService } from './sitemap.service';
import { isRead } from '../common/http-methods';

/** Crawlers may keep them this long: a new service waits at most so long to be announced. */
const CRAWLER_FILES_CACHE = 'public, max-age=600';

/**
 * /robots.txt and /sitemap.xml, for search engines: before the SPA's middleware, which would
 * answer them with index.html. Their links are on `publicUrl` (PUBLIC_URL).
 */
export function crawlerFiles(sitemap: SitemapService, publicUrl: string): RequestHandler {
  const robots = robotsTxt(publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req.method)) return next();
    if (req.path === '/robots.txt') {
      res.setHeader('Cache-Control', CRAWLER_FILES_CACHE);
      res.type('text/plain').send(robots);
      return;
    }
    if (req.path !== '/sitemap.xml') return next();
    sitemap.xml(publicUrl).then((xml) => {
      res.setHeader('Cache-Control', CRAWLER_FILES_CACHE);
      res.type('application/xml').send(xml);
    }, next);
  };
}
