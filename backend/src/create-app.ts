import { join } from 'node:path';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { mountQueuesBoard } from './admin/queues-board';
import { AppModule } from './app.module';
import { apiTokenCallerOf } from './auth/api-tokens/api-tokens.service';
import type { AppConfig } from './config/app-config';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { bodyParsers } from './common/body-parsers';
import { InflightLimit } from './common/limits/inflight-limit';
import { requestDeadline } from './common/limits/request-deadline';
import { WriteQueue } from './common/write-queue';
import { COMPRESSION_THRESHOLD_BYTES, ResponseCache } from './common/read-cache/response-cache';
import { accessTokenSessions } from './auth/access-tokens';
import { apiValidationPipe } from './common/validation';
import { undeclaredRoutes } from './auth/access';
import { serveOpenApi } from './openapi/openapi';
import { precompressedAssets } from './spa/precompressed-assets';
import { serverRenderedPages } from './spa/server-rendering';
import { crawlerFiles } from './crawlers/crawler-files';
import { SitemapService } from './crawlers/sitemap.service';
import { ratingWidgetPages } from './services/rating-widget-pages';
import { ServicesService } from './services/services.service';
import { singlePageApp } from './spa/single-page-app';
import { THEME_GUARD_SCRIPT_HASH } from './spa/theme-guard';
import { isRead } from './common/http-methods';
import { IdempotencyStore } from './common/idempotency/idempotency-store';
import { idempotentWrites } from './common/idempotency/idempotent-writes';
import { REDIS_CLIENT } from './common/redis-client';
import { REFRESH_COOKIE } from './auth/refresh-cookie';
import type Redis from 'ioredis';
import { StalledReads } from './common/test-hooks/stalled-reads';
import { databaseSocketTimeoutMs } from './infrastructure/database-time-limits';
import { measureRequest } from './common/metrics/http-metrics';
import { AppLogger, logModuleRoutes } from './infrastructure/app-logger';
import { metricsEndpoint } from './common/metrics/metrics-endpoint';

export const API_PREFIX = 'api';
/** Prometheus's scrape endpoint (common/metrics/metrics-endpoint.ts). */
export const METRICS_PATH = `/${API_PREFIX}/metrics`;

/**
 * Gives the response cache each request before Express (see ResponseCache.replayAtOnce), and
 * before that the test hooks, when the configuration has them on. Every request is measured
 * from here, replayed ones too.
 */
function replaysBeforeExpress(
  server: Server,
  cache: ResponseCache,
  stalledReads: StalledReads | null,
): void {
  const [express] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    measureRequest(req, res);
    if (stalledReads?.intercept(req, res)) return;
    if (!cache.replayAtOnce(req, res)) express(req, res);
  });
}

/** The HTTP app, configured but not listening: main.ts listens, tests use it with supertest. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // Start-up problems are reported once, as a sentence, by runEntryPoint; pino logs the rest.
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(AppLogger));
  logModuleRoutes(app.get(ModulesContainer), app.get(AppLogger));
  const undeclared = undeclaredRoutes(app.get(ModulesContainer));
  if (undeclared.length > 0) {
    throw new Error(`These routes declare no @Access(...): ${undeclared.join(', ')}.`);
  }
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // First: a replayed answer skips everything after it, and carries the headers those set.
  const responseCache = app.get(ResponseCache);
  const sessionOf = accessTokenSessions(config.auth.jwtSecret);
  responseCache.sessionOf = sessionOf;
  replaysBeforeExpress(
    app.getHttpServer(),
    responseCache,
    config.testHooks ? new StalledReads() : null,
  );
  app.use(responseCache.middleware);
  // Before the limits: an overloaded process still tells its scraper so.
  const metrics = metricsEndpoint(config, METRICS_PATH);
  app.use(METRICS_PATH, (req: Request, res: Response, next: NextFunction) =>
    req.path === '/' && (req.method === 'GET' || req.method === 'HEAD')
      ? metrics(req, res)
      : next(),
  );
  // After the response cache: replayed answers are cheap, and stay outside these bounds.
  app.use(new InflightLimit(config.limits.maxInflightRequests).middleware);
  app.use(
    requestDeadline(
      config.limits.requestTimeoutMs,
      databaseSocketTimeoutMs(config.limits.dbTimeoutMs),
    ),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
          'script-src': ["'self'", THEME_GUARD_SCRIPT_HASH],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const compress = compression({ threshold: COMPRESSION_THRESHOLD_BYTES });
  // Reads only: a write's answer is a few bytes of JSON, below the threshold, yet compression
  // would wrap every one of them.
  app.use((req: Request, res: Response, next: NextFunction) =>
    isRead(req.method) ? compress(req, res, next) : next(),
  );
  app.use('/assets', precompressedAssets(join(config.spaDir, 'assets')));
  app.use(
    new WriteQueue({
      maxWaiting: config.limits.maxQueuedWrites,
      maxWaitMs: config.limits.writeQueueTimeoutMs,
    }).middleware,
  );
  app.use(cookieParser());
  app.use(crawlerFiles(app.get(SitemapService), config.publicUrl));
  app.use(ratingWidgetPages(app.get(ServicesService), config.publicUrl));
  const pages = serverRenderedPages(config, (message) => app.get(Logger).warn(message));
  if (pages) app.use(pages);
  const spa = singlePageApp(config.spaDir);
  if (spa) app.use(spa);
  app.use(...bodyParsers());
  // After the body parsers (a retry must send the same body) and before Nest.
  app.use(
    idempotentWrites({
      store: new IdempotencyStore(app.get<Redis>(REDIS_CLIENT), config.redis.prefix),
      sessionOf: (authorization) => sessionOf(authorization) ?? apiTokenCallerOf(authorization),
      sessionCookie: REFRESH_COOKIE,
      warn: (message) => app.get(Logger).warn(message),
    }),
  );
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(apiValidationPipe());
  serveOpenApi(app);
  mountQueuesBoard(app, config.publicUrl);
  return app;
}
