import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Writes one API process runs at once. */
export const WRITES_IN_FLIGHT = 8;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Back-pressure for writes: at most `limit` write requests run at once in this process, the
 * others wait their turn in arrival order. The database then sees a short queue of writers;
 * SQLite-backed FerretDB fails a write that waits more than 10 s for its lock, and MongoDB
 * answers a burst faster in order than all at once. A request whose client leaves while it
 * waits is dropped from the line.
 */
export class WriteQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit = WRITES_IN_FLIGHT) {}

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (READS.has(req.method)) return next();
    const start = () => {
      this.running += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.waiting.shift()?.();
      };
      res.once('finish', release);
      res.once('close', release);
      next();
    };
    if (this.running < this.limit) return start();
    this.waiting.push(start);
    res.once('close', () => {
      const index = this.waiting.indexOf(start);
      if (index >= 0) this.waiting.splice(index, 1);
    });
  };

  /** Requests running and waiting, for tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
