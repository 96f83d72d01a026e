import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUEST_TIMED_OUT, sendUnavailable } from './service-unavailable';
import { whenDone } from './when-done';

/**
 * Answers 503 with Retry-After when a request has had no answer `ms` after it arrived. The
 * handler may still finish later: whatever it then writes is dropped, so nothing throws and
 * nothing is sent twice.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      sendUnavailable(res, REQUEST_TIMED_OUT);
      ignoreLateWrites(res);
    }, ms);
    whenDone(res, () => clearTimeout(timer));
    next();
  };
}

function ignoreLateWrites(res: Response): void {
  res.setHeader = () => res;
  res.writeHead = () => res;
  res.write = () => true;
  res.end = () => res;
}
