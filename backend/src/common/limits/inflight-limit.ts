import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { OVERLOADED, sendUnavailable } from './service-unavailable';
import { whenDone } from './when-done';

/**
 * Sheds load: past `limit` requests running at once in this process, a new one is answered
 * 503 with Retry-After at once instead of queueing behind the others.
 */
export class InflightLimit {
  private running = 0;

  constructor(private readonly limit: number) {}

  readonly middleware: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
    if (this.running >= this.limit) return sendUnavailable(res, OVERLOADED);
    this.running += 1;
    whenDone(res, () => (this.running -= 1));
    next();
  };
}
