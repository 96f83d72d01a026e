import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { markRoute } from './http-metrics';
import { metricsRegistry } from './metrics';

/** What serving the metrics needs to know of the configuration. */
export interface MetricsAccessConfig {
  env: 'development' | 'test' | 'production';
  metricsToken?: string;
}

/**
 * Who may scrape: with METRICS_TOKEN, whoever sends it as a bearer token; without it, anyone
 * in development and tests, and nobody in production (404, as if there were no endpoint).
 */
export function metricsAccess(config: MetricsAccessConfig): 'token' | 'open' | 'off' {
  if (config.metricsToken) return 'token';
  return config.env === 'production' ? 'off' : 'open';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function bearsToken(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * The scrape endpoint, on node:http's request and response (the API mounts it at
 * `/api/metrics`, the worker serves it at `/metrics` on its health port): the registry's
 * Prometheus text, behind the access metricsAccess chooses.
 */
export function metricsEndpoint(config: MetricsAccessConfig, route: string) {
  const access = metricsAccess(config);
  return (req: IncomingMessage, res: ServerResponse): void => {
    markRoute(res, route);
    if (access === 'off') {
      return sendJson(res, 404, {
        statusCode: 404,
        code: 'NOT_FOUND',
        error: 'Metrics are not served: set METRICS_TOKEN to turn them on.',
      });
    }
    if (access === 'token' && !bearsToken(req.headers.authorization, config.metricsToken!)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendJson(res, 401, {
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        error: 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>.',
      });
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', metricsRegistry.contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: Error) =>
        sendJson(res, 500, {
          statusCode: 500,
          code: 'INTERNAL',
          error: `The metrics could not be collected: ${error.message}`,
        }),
    );
  };
}
