import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration, httpRequestsInFlight } from './metrics';

const ROUTE = Symbol('metrics route');

type Routed = ServerResponse & { [ROUTE]?: string };

/** Methods kept as labels; anything else a client sends is `OTHER` (bounded cardinality). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route pattern a request is counted under, for answers made outside Nest's routing (a
 * replayed answer, the metrics endpoint itself).
 */
export function markRoute(res: ServerResponse, route: string): void {
  (res as Routed)[ROUTE] = route;
}

/**
 * The route pattern (`/api/services/:id`), never the raw URL: Express's matched route, else one
 * marked by markRoute; `unmatched` for other API paths, `other` for pages and files.
 */
export function routeOf(req: IncomingMessage, res: ServerResponse): string {
  const marked = (res as Routed)[ROUTE];
  if (marked) return marked;
  const route = (req as { route?: { path?: unknown } }).route?.path;
  if (typeof route === 'string') return route;
  return req.url?.startsWith('/api/') ? 'unmatched' : 'other';
}

/**
 * Counts the request in flight until its response closes (answered, or its connection gone),
 * then observes its duration under its method, route pattern and status.
 */
export function measureRequest(req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  httpRequestsInFlight.inc();
  res.once('close', () => {
    httpRequestsInFlight.dec();
    const method = req.method && METHODS.has(req.method) ? req.method : 'OTHER';
    httpRequestDuration.observe(
      { method, route: routeOf(req, res), status: String(res.statusCode) },
      (performance.now() - started) / 1000,
    );
  });
}
