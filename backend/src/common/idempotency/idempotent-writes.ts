import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '../api-error';
import type { ErrorCode } from '../error-codes';
import { isSafe } from '../http-methods';
import { deadlineOf } from '../limits/request-deadline';
import { whenDone } from '../limits/when-done';
import type { SessionOfRequest } from '../read-cache/response-cache';
import type { IdempotencyStore, StoredAnswer } from './idempotency-store';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On an answer sent again to a retry. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * A key: 1 to 255 visible ASCII characters but `"` and `\`, bare or as a structured-field string
 * (in double quotes), as the IETF draft writes it.
 */
const KEY = /^(?:"([\x21\x23-\x5b\x5d-\x7e]{1,255})"|([\x21\x23-\x5b\x5d-\x7e]{1,255}))$/;

/** Answers that say the request was not carried out and may be sent again as it is. */
const NOT_CARRIED_OUT = new Set([401, 408, 429]);

/** The headers of an answer that are part of it (the others are set per reply or by middleware). */
const KEPT_HEADERS = ['content-type', 'location', 'set-cookie'];

export interface IdempotentWritesOptions {
  store: IdempotencyStore;
  /** The login of an access token (see accessTokenSessions), or a personal API token's id. */
  sessionOf: SessionOfRequest;
  /** The cookie that stands for a session on the routes that take no token (refresh, logout). */
  sessionCookie: string;
  warn: (message: string) => void;
}

function worthKeeping(status: number): boolean {
  return status < 500 && !NOT_CARRIED_OUT.has(status);
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/**
 * Whose key it is: the login of a valid access token (or a personal API token); without one, the refresh cookie's session
 * (refresh, logout), else the client's address (login, register: a replay then needs the same
 * body, that is the same credentials). Undefined for an invalid token, which the guard refuses.
 */
function callerOf(req: Request, options: IdempotentWritesOptions): string | undefined {
  const authorization = req.get('Authorization');
  if (authorization) {
    const session = options.sessionOf(authorization);
    return session && `login:${session}`;
  }
  const cookie = (req.cookies as Record<string, string> | undefined)?.[options.sessionCookie];
  return cookie ? `cookie:${digest(cookie)}` : `client:${req.ip}`;
}

/** What makes two requests the same: the URL with its query, and the body. */
function fingerprintOf(req: Request): string {
  const body =
    req.body === undefined
      ? `${req.get('Content-Type')} ${req.get('Content-Length')}`
      : JSON.stringify(req.body);
  return digest(req.originalUrl, body);
}

function sendError(
  res: Response,
  status: number,
  code: ErrorCode,
  error: string,
  retryAfterSeconds?: number,
): void {
  if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(status).json({ statusCode: status, code, error } satisfies ApiErrorBody);
}

function replay(res: Response, answer: StoredAnswer): void {
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.end(Buffer.from(answer.body, 'base64'));
}

/**
 * Calls `answered` with the handler's answer when it is sent: not the deadline's own 503, but
 * the handler's answer after it too (the truth about the write, for retries); with undefined
 * when the response ended without one (a redirect, a closed connection).
 */
function onAnswer(res: Response, answered: (answer: StoredAnswer | undefined) => void): void {
  const send = res.send.bind(res);
  const setStatus = res.status.bind(res);
  let captured = false;
  let timedOut = false;
  // The handler's status: Nest sets it before the handler runs, and the deadline's 503 overwrites
  // res.statusCode after that.
  let status = res.statusCode;
  res.status = (code: number) => {
    if (!deadlineOf(res)?.answering) status = code;
    return setStatus(code);
  };
  res.send = (body?: unknown) => {
    if (deadlineOf(res)?.answering) timedOut = true;
    else if (!captured && (body == null || typeof body === 'string' || Buffer.isBuffer(body))) {
      captured = true;
      answered({
        status: timedOut ? status : res.statusCode,
        headers: KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name);
          return value === undefined
            ? []
            : [[name, typeof value === 'number' ? String(value) : value]];
        }),
        body: Buffer.from(body ?? '').toString('base64'),
      });
    }
    return send(body);
  };
  whenDone(res, () => {
    if (!captured && !timedOut) answered(undefined);
  });
}

/**
 * The `Idempotency-Key` header (IETF httpapi draft) on every POST, PATCH, PUT and DELETE under
 * /api: the first request with a key is carried out and its answer kept for ANSWER_TTL_MS; a
 * retry with the same key (same caller, method and path) gets that answer again, with
 * `Idempotent-Replayed: true`, and writes nothing. The same key with another body is `422`, a
 * retry while the first is still running `409`, a malformed key `400`. Answers that carried
 * nothing out (5xx, 401, 408, 429) are not kept: the key is free for the retry. While Redis does
 * not answer, writes are served without their keys (as rate limits are), not refused.
 */
export function idempotentWrites(options: IdempotentWritesOptions): RequestHandler {
  const { store, warn } = options;
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.get(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined || isSafe(req.method) || !req.path.startsWith('/api/')) return next();
    const key = KEY.exec(header);
    if (!key) {
      return sendError(
        res,
        400,
        'INVALID_IDEMPOTENCY_KEY',
        'The Idempotency-Key header must be 1 to 255 visible characters without quotes or backslashes (a UUID, say).',
      );
    }
    const caller = callerOf(req, options);
    if (!caller) return next();
    const stored = store.keyOf(digest(caller, req.method, req.path, key[1] ?? key[2]));
    const fingerprint = fingerprintOf(req);
    store.take(stored, fingerprint).then(
      (held) => {
        if (!held) {
          onAnswer(res, (answer) => {
            const kept =
              answer && worthKeeping(answer.status)
                ? store.keep(stored, { fingerprint, answer })
                : store.free(stored);
            kept.catch((error: Error) => warn(`Idempotency-Key not kept: ${error.message}`));
          });
          next();
        } else if (held.fingerprint !== fingerprint) {
          sendError(
            res,
            422,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for another request; send a new key with a new request.',
          );
        } else if (!held.answer) {
          sendError(
            res,
            409,
            'IDEMPOTENCY_KEY_IN_FLIGHT',
            'A request with this Idempotency-Key is still being carried out; try again in a moment.',
            1,
          );
        } else {
          replay(res, held.answer);
        }
      },
      (error: Error) => {
        warn(`Idempotency-Key not checked, Redis did not answer: ${error.message}`);
        next();
      },
    );
  };
}
