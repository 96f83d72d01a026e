import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { WriteQueue } from './write-queue';

function request(method = 'POST') {
  const res = new EventEmitter() as unknown as Response & EventEmitter;
  return { req: { method } as Request, res };
}

describe('WriteQueue', () => {
  it('runs at most `limit` writes at once and starts the next one when a write finishes', () => {
    const queue = new WriteQueue({ limit: 2 });
    const started: number[] = [];
    const calls = [0, 1, 2, 3].map((index) => {
      const call = request();
      queue.middleware(call.req, call.res, () => started.push(index));
      return call;
    });
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });

    calls[0].res.emit('finish');
    calls[0].res.emit('close'); // both events come; the slot is released once
    expect(started).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
  });

  it('lets reads through without a slot', () => {
    const queue = new WriteQueue({ limit: 1 });
    const started: string[] = [];
    queue.middleware(request().req, request().res, () => started.push('write'));
    const read = request('GET');
    queue.middleware(read.req, read.res, () => started.push('read'));
    expect(started).toEqual(['write', 'read']);
  });

  it('drops a waiting write whose client left', () => {
    const queue = new WriteQueue({ limit: 1 });
    const started: number[] = [];
    const first = request();
    queue.middleware(first.req, first.res, () => started.push(1));
    const gone = request();
    queue.middleware(gone.req, gone.res, () => started.push(2));
    const third = request();
    queue.middleware(third.req, third.res, () => started.push(3));

    gone.res.emit('close');
    first.res.emit('finish');
    expect(started).toEqual([1, 3]);
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
  });
});
