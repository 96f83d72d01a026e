import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isRead } from '../http-methods';
import { REQUEST_TIMED_OUT, sendUnavailable } from './service-unavailable';
import { whenDone } from './when-done';

/**
 * One request's time limit. Until its change is committed, the deadline answers 503 for it; from
 * then on the answer is the handler's, and the deadline only ends its waits for the side work
 * (counters, lists, the queue), which goes on and finishes after the answer.
 */
export class Deadline {
  /** A change of this request is stored: a 503 would tell the client to make it again. */
  committed = false;
  /** The deadline passed. */
  expired = false;
  /** True while the deadline sends its own 503 (not the handler's answer). */
  answering = false;
  private readonly onExpiry: (() => void)[] = [];
  /** This request's database writes under way: one may be storing the change right now. */
  private writing = 0;
  private readonly onWritesEnded: (() => void)[] = [];

  writeStarted(): void {
    this.writing += 1;
  }

  writeEnded(stored: boolean): void {
    if (stored) this.committed = true;
    this.writing = Math.max(0, this.writing - 1);
    if (this.writing === 0) for (const ended of this.onWritesEnded.splice(0)) ended();
  }

  /**
   * Runs `then` once no write of this request is under way, or after `graceMs` at most (a write
   * the database never answers is ended by the driver's socket timeout, which `graceMs` covers).
   */
  whenNoWrites(graceMs: number, then: () => void): void {
    if (this.writing === 0) return then();
    const once = () => {
      clearTimeout(timer);
      const index = this.onWritesEnded.indexOf(once);
      if (index >= 0) this.onWritesEnded.splice(index, 1);
      then();
    };
    const timer = setTimeout(once, graceMs);
    this.onWritesEnded.push(once);
  }

  /** Resolves at once when the deadline passed, else when it passes. */
  private passed(): Promise<void> {
    return this.expired
      ? Promise.resolve()
      : new Promise((resolve) => {
          this.onExpiry.push(resolve);
        });
  }

  expire(): void {
    this.expired = true;
    for (const resolve of this.onExpiry.splice(0)) resolve();
  }

  /** Waits for `work`, or for the deadline if that comes first; `work` then goes on alone. */
  async sideWork(work: Promise<unknown>): Promise<void> {
    this.committed = true;
    const done = work.then(() => 'done' as const);
    const first = await Promise.race([done, this.passed().then(() => 'expired' as const)]);
    // Left to finish on its own: its own failures are its business (the relay settles them).
    if (first === 'expired') done.catch(() => undefined);
  }
}

const deadlines = new AsyncLocalStorage<Deadline>();
const ofResponse = new WeakMap<Response, Deadline>();

/** The deadline of the request whose code is running, if any (none in the worker). */
export function currentDeadline(): Deadline | undefined {
  return deadlines.getStore();
}

/** The deadline of a response's request, if the deadline middleware saw it. */
export function deadlineOf(res: Response): Deadline | undefined {
  return ofResponse.get(res);
}

/** Notes that the running request sends a write to the database (the database plugin's). */
export function noteWriteStart(): void {
  deadlines.getStore()?.writeStarted();
}

/** Notes that a write of the running request ended, stored or not (the database plugin's). */
export function noteWriteEnd(stored: boolean): void {
  deadlines.getStore()?.writeEnded(stored);
}

/**
 * Waits for the work that follows a committed change (settling counters, lists, the queue) until
 * the request's deadline at most; outside a request (the worker), until it ends. Marks the
 * request committed, so the deadline no longer answers 503 for it. `work` must deal with its own
 * failures: past the deadline nobody awaits it.
 */
export async function afterCommit(work: Promise<unknown>): Promise<void> {
  const deadline = deadlines.getStore();
  if (deadline) await deadline.sideWork(work);
  else await work;
}

/**
 * Answers 503 with Retry-After when a request has had no answer `ms` after it arrived and has
 * committed no change (a read, whatever it wrote). The handler may still finish later: whatever
 * it then writes is dropped, so nothing throws and nothing is sent twice. A request that
 * committed its change is answered by its handler, which stops waiting for side work at the
 * deadline (`afterCommit`). A write request whose change is being stored as the deadline passes
 * waits for that write (`writeGraceMs` at most): stored, the handler answers; failed, the 503.
 */
export function requestDeadline(ms: number, writeGraceMs: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const write = !isRead(req.method);
    const deadline = new Deadline();
    ofResponse.set(res, deadline);
    const answerUnavailable = () => {
      if (res.headersSent || (write && deadline.committed)) return;
      deadline.answering = true;
      sendUnavailable(res, REQUEST_TIMED_OUT);
      deadline.answering = false;
      ignoreLateWrites(res);
    };
    const timer = setTimeout(() => {
      deadline.expire();
      if (write) deadline.whenNoWrites(writeGraceMs, answerUnavailable);
      else answerUnavailable();
    }, ms);
    whenDone(res, () => clearTimeout(timer));
    deadlines.run(deadline, next);
  };
}

function ignoreLateWrites(res: Response): void {
  res.setHeader = () => res;
  res.writeHead = () => res;
  res.write = () => true;
  res.end = () => res;
}
