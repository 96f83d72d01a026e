import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { PUBLIC_READ } from '../public-read';
import { Lru } from './lru';
import { MAX_AGE_MS, MAX_ENTRIES, ReadCache, ReadTrace, tracingReads } from './read-cache';

/** Bodies from this size on are gzipped for clients that accept it (as by `compression`). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Headers made per reply, not part of the answer. */
const REPLY_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
]);

interface StoredAnswer {
  scopes: string[];
  generation: string;
  epoch: number;
  headers: (readonly [string, string])[];
  body: string;
  /** Made the first time a client that accepts gzip gets it replayed. */
  gzipped?: Buffer;
}

/**
 * Whole answers to visitors' GETs, replayed without going through routing, validation,
 * serialisation and ETag hashing again. Only answers of @PublicRead routes whose data came
 * through the ReadCache are kept (those routes answer nothing else), and they are replayed only
 * while the generations of those scopes in Redis are still the ones the answer was made at: a
 * write anywhere makes it stale as soon as its bump arrives, as for the ReadCache. Requests
 * with an Authorization header always take the full path. It runs first, so a replay skips the
 * other middleware too: the answer keeps every header they set (security headers, Vary), and
 * it compresses its body once instead of per reply.
 */
@Injectable()
export class ResponseCache {
  private readonly answers = new Lru<StoredAnswer>(MAX_ENTRIES, MAX_AGE_MS);

  constructor(private readonly cache: ReadCache) {}

  /**
   * Runs before Express: replays an answer straight on node:http when that takes neither Redis
   * (its generations are known here) nor negotiation (no If-None-Match, no gzip to choose).
   * Answers false to leave the request to Express, `middleware` first.
   */
  readonly replayAtOnce = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.authorization || req.headers['if-none-match']) {
      return false;
    }
    const stored = this.answers.get(req.url ?? '');
    if (!stored || stored.epoch !== this.cache.epoch) return false;
    if (stored.body.length >= COMPRESSION_THRESHOLD_BYTES && req.headers['accept-encoding']) {
      return false;
    }
    if (this.cache.knownGenerations(stored.scopes)?.join('.') !== stored.generation) return false;
    writeHeaders(res, stored);
    res.statusCode = 200;
    res.end(stored.body);
    return true;
  };

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.headers.authorization) return next();
    const key = req.originalUrl;
    const stored = this.answers.get(key);
    if (!stored || stored.epoch !== this.cache.epoch) return this.record(key, res, next);
    const settle = (generations: string[]) => {
      if (generations.join('.') === stored.generation) this.replay(req, res, stored);
      else this.record(key, res, next);
    };
    const known = this.cache.knownGenerations(stored.scopes);
    if (known) return settle(known);
    this.cache.generations(stored.scopes).then(settle, () => next());
  };

  private replay(req: Request, res: Response, stored: StoredAnswer): void {
    writeHeaders(res, stored);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200);
    if (
      stored.body.length < COMPRESSION_THRESHOLD_BYTES ||
      req.acceptsEncodings('gzip', 'identity') !== 'gzip'
    ) {
      res.end(stored.body);
      return;
    }
    stored.gzipped ??= gzipSync(stored.body);
    res.setHeader('Content-Encoding', 'gzip');
    res.end(stored.gzipped);
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
        headers: Object.entries(res.getHeaders()).flatMap(([name, value]) =>
          value === undefined || REPLY_HEADERS.has(name) ? [] : [[name, String(value)] as const],
        ),
        body,
      });
    });
    tracingReads(trace, next);
  }
}

function writeHeaders(res: ServerResponse, stored: StoredAnswer): void {
  for (const [name, value] of stored.headers) res.setHeader(name, value);
}
