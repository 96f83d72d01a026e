import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { InflightLimit } from './inflight-limit';
import { afterCommit, noteWriteEnd, noteWriteStart, requestDeadline } from './request-deadline';
import { WriteQueue } from '../write-queue';

/** A response that records what was sent, and emits finish when it ends. */
function fakeResponse() {
  const res = new EventEmitter() as EventEmitter & {
    headersSent: boolean;
    sent: { status: number; body: unknown; headers: Record<string, string> }[];
    headers: Record<string, string>;
    statusCode: number;
  } & Record<string, unknown>;
  res.headersSent = false;
  res.sent = [];
  res.headers = {};
  res.statusCode = 200;
  res.setHeader = (name: string, value: string) => (res.headers[name] = value);
  res.status = (code: number) => {
    res.statusCode = code;
    return res;
  };
  res.json = (body: unknown) => {
    res.sent.push({ status: res.statusCode, body, headers: { ...res.headers } });
    res.headersSent = true;
    res.emit('finish');
    return res;
  };
  return res;
}

describe('request deadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers 503 with Retry-After once the deadline passes, and drops what comes later', () => {
    const res = fakeResponse();
    requestDeadline(300, 1000)({} as Request, res as unknown as Response, () => undefined);
    jest.advanceTimersByTime(299);
    expect(res.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(res.sent).toEqual([
      {
        status: 503,
        headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
        body: expect.objectContaining({ statusCode: 503, code: 'REQUEST_TIMED_OUT' }),
      },
    ]);
    // The handler's late answer neither throws nor reaches the client.
    expect(() => (res.end as () => unknown)()).not.toThrow();
    expect(() => (res.setHeader as (n: string, v: string) => unknown)('X', '1')).not.toThrow();
    expect(res.headers.X).toBeUndefined();
  });

  it('leaves a write that committed to its handler, which stops waiting for side work', async () => {
    const res = fakeResponse();
    const sideWork = new Promise<void>(() => undefined); // never ends
    let answered: Promise<void> | undefined;
    requestDeadline(300, 1000)({ method: 'PATCH' } as Request, res as unknown as Response, () => {
      answered = afterCommit(sideWork).then(() => {
        (res.json as (body: unknown) => unknown)({ success: true });
      });
    });
    jest.advanceTimersByTime(300);
    await answered;
    expect(res.sent).toEqual([{ status: 200, headers: {}, body: { success: true } }]);
  });

  /** A handler that starts a write, which ends (in the request's context) when told to. */
  function writing(stored: boolean, ends: { now?: () => void }) {
    return () => {
      noteWriteStart();
      void new Promise<void>((resolve) => (ends.now = resolve)).then(() => noteWriteEnd(stored));
    };
  }

  it('waits for a write under way at the deadline: stored, the handler answers', async () => {
    const res = fakeResponse();
    const store: { now?: () => void } = {};
    requestDeadline(300, 1000)(
      { method: 'PATCH' } as Request,
      res as unknown as Response,
      writing(true, store),
    );
    jest.advanceTimersByTime(500);
    expect(res.sent).toEqual([]);
    store.now!();
    await Promise.resolve();
    (res.json as (body: unknown) => unknown)({ success: true });
    jest.advanceTimersByTime(1000);
    expect(res.sent).toEqual([{ status: 200, headers: {}, body: { success: true } }]);
  });

  it('answers 503 once a write under way at the deadline failed, or after the grace', async () => {
    const failed = fakeResponse();
    const store: { now?: () => void } = {};
    requestDeadline(300, 1000)(
      { method: 'PATCH' } as Request,
      failed as unknown as Response,
      writing(false, store),
    );
    const silent = fakeResponse();
    requestDeadline(300, 1000)(
      { method: 'DELETE' } as Request,
      silent as unknown as Response,
      writing(false, {}),
    );
    jest.advanceTimersByTime(400);
    expect([failed.sent, silent.sent]).toEqual([[], []]);
    store.now!();
    await Promise.resolve();
    expect(failed.sent).toEqual([expect.objectContaining({ status: 503 })]);
    expect(silent.sent).toEqual([]);
    jest.advanceTimersByTime(900);
    expect(silent.sent).toEqual([expect.objectContaining({ status: 503 })]);
  });

  it('does nothing once the handler has answered', () => {
    const res = fakeResponse();
    requestDeadline(300, 1000)({} as Request, res as unknown as Response, () => undefined);
    (res.json as (body: unknown) => unknown)({ ok: true });
    jest.advanceTimersByTime(1000);
    expect(res.sent).toHaveLength(1);
  });
});

describe('in-flight limit', () => {
  it('answers 503 at once past the limit, and lets the next one in when a request ends', () => {
    const limit = new InflightLimit(2);
    const started: number[] = [];
    const responses = [0, 1, 2].map((index) => {
      const res = fakeResponse();
      limit.middleware({} as Request, res as unknown as Response, () => started.push(index));
      return res;
    });
    expect(started).toEqual([0, 1]);
    expect(responses[2].sent[0]).toMatchObject({ status: 503, body: { code: 'OVERLOADED' } });
    expect(responses[2].sent[0].headers['Retry-After']).toMatch(/^\d+$/);

    responses[0].emit('finish');
    responses[0].emit('close'); // both events come; the slot is released once
    const next = fakeResponse();
    limit.middleware({} as Request, next as unknown as Response, () => started.push(3));
    const over = fakeResponse();
    limit.middleware({} as Request, over as unknown as Response, () => started.push(4));
    expect(started).toEqual([0, 1, 3]);
    expect(over.sent[0]).toMatchObject({ status: 503 });
  });
});

describe("the write queue's waiting line", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const post = { method: 'POST' } as Request;

  it('answers 503 at once when the line is full', () => {
    const queue = new WriteQueue({ limit: 1, maxWaiting: 1 });
    const started: number[] = [];
    const responses = [0, 1, 2].map((index) => {
      const res = fakeResponse();
      queue.middleware(post, res as unknown as Response, () => started.push(index));
      return res;
    });
    expect(started).toEqual([0]);
    expect(responses[1].sent).toEqual([]);
    expect(responses[2].sent[0]).toMatchObject({ status: 503, body: { code: 'OVERLOADED' } });
    expect(responses[2].sent[0].headers['Retry-After']).toMatch(/^\d+$/);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
  });

  it('answers 503 to a write that waited its longest, and leaves the line to the others', () => {
    const queue = new WriteQueue({ limit: 1, maxWaitMs: 1000 });
    const started: number[] = [];
    const first = fakeResponse();
    queue.middleware(post, first as unknown as Response, () => started.push(1));
    const waiting = fakeResponse();
    queue.middleware(post, waiting as unknown as Response, () => started.push(2));
    jest.advanceTimersByTime(500);
    const later = fakeResponse();
    queue.middleware(post, later as unknown as Response, () => started.push(3));

    jest.advanceTimersByTime(500);
    expect(waiting.sent[0]).toMatchObject({ status: 503, body: { code: 'OVERLOADED' } });
    expect(queue.load).toEqual({ running: 1, waiting: 1 });

    first.emit('finish');
    expect(started).toEqual([1, 3]);
    jest.advanceTimersByTime(5000);
    expect(later.sent).toEqual([]); // running now: its wait is over
  });
});
