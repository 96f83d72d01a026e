import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { REPLAYABLE_READ } from '../public-read';
import { markRoute, routeOf } from '../metrics/http-metrics';
import { cacheLookups } from '../metrics/metrics';
import { Lru } from './lru';
import {
  MAX_AGE_MS,
  MAX_ENTRIES,
  ReadCache,
  ReadTrace,
  sessionScope,
  tracingReads,
} from './read-cache';

/** Signed-in answers kept per process, each for one login and one URL. */
export const MAX_SESSION_ENTRIES = 1000;

/** The login (session id) a valid access token in an Authorization header belongs to. */
export type SessionOfRequest = (authorization: string) => string | undefined;

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
  /** The route pattern it was made by, which its replays are measured under. */
  route: string;
  /** Made the first time a client that accepts gzip gets it replayed. */
  gzipped?: Buffer;
}

/**
 * Whole answers to GETs, replayed without going through routing, guards, validation,
 * serialisation and ETag hashing again. Only answers of @PublicRead and @PrivateRead routes made
 * wholly from ReadCache reads are kept (a database call outside the cache marks the request), and
 * they are replayed only while the generations of those scopes in Redis are still the ones the
 * answer was made at: a write anywhere makes it stale as soon as its bump arrives, as for the
 * ReadCache. Visitors share one answer per URL. A signed-in caller's answer is kept for their
 * login (the access token's `sid`, checked here as the JWT guard checks it), and also depends on
 * the login's scope, which its revocation bumps. It runs first, so a replay skips the other
 * middleware too: the answer keeps every header they set (security headers, Vary), and it
 * compresses its body once instead of per reply.
 */
@Injectable()
export class ResponseCache {
  private readonly answers = new Lru<StoredAnswer>(MAX_ENTRIES, MAX_AGE_MS);
  private readonly sessionAnswers = new Lru<StoredAnswer>(MAX_SESSION_ENTRIES, MAX_AGE_MS);
  /** Set by the app (createApp); without it, signed-in requests always take the full path. */
  sessionOf?: SessionOfRequest;

  constructor(private readonly cache: ReadCache) {}

  /** Where the request's answer is kept: per URL for visitors, per login and URL otherwise. */
  private placeOf(req: IncomingMessage, url: string) {
    const authorization = req.headers.authorization;
    if (!authorization) return { answers: this.answers, key: url };
    const session = this.sessionOf?.(authorization);
    return session ? { answers: this.sessionAnswers, key: `${session} ${url}`, session } : null;
  }

  /**
   * Runs before Express: replays an answer straight on node:http when that takes neither Redis
   * (its generations are known here) nor negotiation (no If-None-Match, no gzip to choose).
   * Answers false to leave the request to Express, `middleware` first.
   */
  readonly replayAtOnce = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers['if-none-match']) return false;
    const place = this.placeOf(req, req.url ?? '');
    const stored = place?.answers.get(place.key);
    if (!stored || stored.epoch !== this.cache.epoch) return false;
    if (stored.body.length >= COMPRESSION_THRESHOLD_BYTES && req.headers['accept-encoding']) {
      return false;
    }
    if (this.cache.knownGenerations(stored.scopes)?.join('.') !== stored.generation) return false;
    cacheLookups.answerHit.inc();
    markRoute(res, stored.route);
    writeHeaders(res, stored);
    res.statusCode = 200;
    res.end(stored.body);
    return true;
  };

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const place = this.placeOf(req, req.originalUrl);
    if (!place) return next();
    const stored = place.answers.get(place.key);
    if (!stored || stored.epoch !== this.cache.epoch) return this.record(place, res, next);
    const settle = (generations: string[]) => {
      if (generations.join('.') === stored.generation) this.replay(req, res, stored);
      else this.record(place, res, next);
    };
    const known = this.cache.knownGenerations(stored.scopes);
    if (known) return settle(known);
    this.cache.generations(stored.scopes).then(settle, () => next());
  };

  private replay(req: Request, res: Response, stored: StoredAnswer): void {
    cacheLookups.answerHit.inc();
    markRoute(res, stored.route);
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
  private record(
    place: { answers: Lru<StoredAnswer>; key: string; session?: string },
    res: Response,
    next: NextFunction,
  ): void {
    const trace = new ReadTrace();
    const epoch = this.cache.epoch;
    let body: unknown;
    const send = res.send.bind(res);
    res.send = (sent?: unknown) => {
      body ??= sent;
      return send(sent);
    };
    res.once('finish', () => {
      if (typeof body !== 'string' || !res.locals[REPLAYABLE_READ]) return;
      cacheLookups.answerMiss.inc();
      if (!trace.complete || trace.generations.size === 0) return;
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      const scopes = [...trace.generations.keys()].sort();
      place.answers.set(place.key, {
        scopes,
        generation: scopes.map((scope) => trace.generations.get(scope)).join('.'),
        epoch,
        headers: Object.entries(res.getHeaders()).flatMap(([name, value]) =>
          value === undefined || REPLY_HEADERS.has(name) ? [] : [[name, String(value)] as const],
        ),
        body,
        route: routeOf(res.req, res),
      });
    });
    if (!place.session) return tracingReads(trace, next);
    // Read before the guard checks the login: a revocation after this makes the answer stale.
    const scope = sessionScope(place.session);
    this.cache.generations([scope]).then(
      (generations) => {
        trace.record([scope], generations);
        tracingReads(trace, next);
      },
      () => next(),
    );
  }
}

function writeHeaders(res: ServerResponse, stored: StoredAnswer): void {
  for (const [name, value] of stored.headers) res.setHeader(name, value);
}
