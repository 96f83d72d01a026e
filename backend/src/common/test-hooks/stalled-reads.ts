import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '../api-error';
import { REQUEST_TIMED_OUT, unavailableBody } from '../limits/service-unavailable';

/** Where tests arm and lift stalls: `PUT ?path=/api/blogs&ms=1500`, `DELETE` (all). */
export const STALLED_READS_PATH = '/api/test-hooks/stalled-reads';
const MAX_STALL_MS = 60_000;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const badRequest = (error: string): ApiErrorBody => ({
  statusCode: 400,
  code: 'BAD_REQUEST',
  error,
});

/**
 * Test-only (the app mounts it when the configuration's testHooks is on, which needs
 * NODE_ENV=test): reads of an armed API path are held for its time, then answered as a wedged
 * store's are, 503 REQUEST_TIMED_OUT. It stands in front of everything, the response cache's
 * replays included, so an end-to-end test can make a page's data slow and fail, then heal.
 */
export class StalledReads {
  private readonly stalls = new Map<string, number>();

  /** Answers the request when it is this hook's or a stalled read; false: not handled. */
  intercept(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === STALLED_READS_PATH) {
      this.control(req.method, url.searchParams, res);
      return true;
    }
    const ms = req.method === 'GET' ? this.stalls.get(url.pathname) : undefined;
    if (ms === undefined) return false;
    setTimeout(() => {
      res.setHeader('Retry-After', String(REQUEST_TIMED_OUT.retryAfterSeconds));
      sendJson(res, 503, unavailableBody(REQUEST_TIMED_OUT));
    }, ms);
    return true;
  }

  private control(method: string | undefined, query: URLSearchParams, res: ServerResponse): void {
    if (method === 'DELETE') {
      this.stalls.clear();
      res.writeHead(204).end();
      return;
    }
    if (method !== 'PUT') {
      sendJson(res, 405, {
        statusCode: 405,
        code: 'METHOD_NOT_ALLOWED',
        error: 'Stalled reads are armed with PUT and lifted with DELETE.',
      });
      return;
    }
    const path = query.get('path') ?? '';
    const ms = Number(query.get('ms'));
    if (!path.startsWith('/api/') || path === STALLED_READS_PATH) {
      sendJson(res, 400, badRequest('path must be an API path, such as /api/blogs.'));
      return;
    }
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_STALL_MS) {
      sendJson(res, 400, badRequest(`ms must be a whole number from 0 to ${MAX_STALL_MS}.`));
      return;
    }
    this.stalls.set(path, ms);
    res.writeHead(204).end();
  }
}
