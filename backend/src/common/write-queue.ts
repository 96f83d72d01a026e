import { AsyncResource } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { WRITES_BACKED_UP, sendUnavailable } from './limits/service-unavailable';
import { whenDone } from './limits/when-done';
import { isSafe } from './http-methods';

/**
 * Writes one API process runs at once. New reviews and their settlement are written in groups
 * (GroupCommit): the more run at once, the more share each group's round trips, so this is well
 * above the storage's own sweet spot for single writes.
 */
export const WRITES_IN_FLIGHT = 32;

export interface WriteQueueOptions {
  /** Writes running at once. */
  limit?: number;
  /** Writes waiting their turn; one more is answered 503 at once. */
  maxWaiting?: number;
  /** How long a write may wait its turn before it is answered 503. */
  maxWaitMs?: number;
}

/**
 * Back-pressure for writes: at most `limit` write requests run at once in this process, the
 * others wait their turn in arrival order. The database then sees a short queue of writers;
 * SQLite-backed FerretDB fails a write that waits more than 10 s for its lock, and MongoDB
 * answers a burst faster in order than all at once. The line is bounded in length and in
 * waiting time: past either, the write is answered 503 with Retry-After. A request whose client
 * leaves while it waits is dropped from the line.
 */
export class WriteQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;

  constructor(options: WriteQueueOptions = {}) {
    this.limit = options.limit ?? WRITES_IN_FLIGHT;
    this.maxWaiting = options.maxWaiting ?? Infinity;
    this.maxWaitMs = options.maxWaitMs ?? Infinity;
  }

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (isSafe(req.method)) return next();
    const start = () => {
      this.running += 1;
      whenDone(res, () => {
        this.running -= 1;
        this.waiting.shift()?.();
      });
      next();
    };
    if (this.running < this.limit) return start();
    if (this.waiting.length >= this.maxWaiting) return sendUnavailable(res, WRITES_BACKED_UP);
    const leave = () => {
      const index = this.waiting.indexOf(turn);
      if (index >= 0) this.waiting.splice(index, 1);
      return index >= 0;
    };
    const timer =
      this.maxWaitMs === Infinity
        ? undefined
        : setTimeout(() => {
            if (leave()) sendUnavailable(res, WRITES_BACKED_UP);
          }, this.maxWaitMs);
    // Bound to this request's async context: it runs from another request's end.
    const turn = AsyncResource.bind(() => {
      clearTimeout(timer);
      start();
    });
    this.waiting.push(turn);
    res.once('close', () => {
      clearTimeout(timer);
      leave();
    });
  };

  /** Requests running and waiting, for tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
