import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PUBLIC_READ } from '../public-read';
import { Lru } from './lru';
import { MAX_AGE_MS, MAX_ENTRIES, ReadCache, ReadTrace, tracingReads } from './read-cache';

/** The headers an answer is made of (compression and framing headers are added per reply). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary', 'x-total-count', 'link'];

interface StoredAnswer {
  scopes: string[];
  generation: string;
  epoch: number;
  headers: [string, string][];
  body: string;
}

/**
 * Whole answers to visitors' GETs, replayed without going through routing, validation,
 * serialisation and ETag hashing again. Only answers of @PublicRead routes whose data came
 * through the ReadCache are kept (those routes answer nothing else), and they are replayed only
 * while the generations of those scopes in Redis are still the ones the answer was made at: a
 * write anywhere makes it stale at once, as for the ReadCache. Requests with an Authorization
 * header always take the full path.
 */
@Injectable()
export class ResponseCache {
  private readonly answers = new Lru<StoredAnswer>(MAX_ENTRIES, MAX_AGE_MS);

  constructor(private readonly cache: ReadCache) {}

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.headers.authorization) return next();
    const key = req.originalUrl;
    const stored = this.answers.get(key);
    if (!stored || stored.epoch !== this.cache.epoch) return this.record(key, res, next);
    this.cache.generations(stored.scopes).then(
      (generations) => {
        if (generations.join('.') === stored.generation) this.replay(req, res, stored);
        else this.record(key, res, next);
      },
      () => next(),
    );
  };

  private replay(req: Request, res: Response, stored: StoredAnswer): void {
    for (const [name, value] of stored.headers) res.setHeader(name, value);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).end(stored.body);
  }

  /** Lets the request take the full path, and keeps its answer if it qualifies. */
  private record(key: string, res: Response, next: NextFunction): void {
    const trace = new ReadTrace();
    const epoch = this.cache.epoch;
    let body: unknown;
    const send = res.send.bind(res);
    res.send = (sent?: unknown) => {
      body ??= sent;
      return send(sent);
    };
    res.once('finish', () => {
      if (typeof body !== 'string' || !res.locals[PUBLIC_READ]) return;
      if (!trace.complete || trace.generations.size === 0) return;
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      const scopes = [...trace.generations.keys()].sort();
      this.answers.set(key, {
        scopes,
        generation: scopes.map((scope) => trace.generations.get(scope)).join('.'),
        epoch,
        headers: KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name);
          return value === undefined ? [] : [[name, String(value)] as [string, string]];
        }),
        body,
      });
    });
    tracingReads(trace, next);
  }
}
