import type { Response } from 'express';
import { ApiError, type ApiErrorBody } from '../api-error';
import type { ErrorCode } from '../error-codes';

/** Why the API answered 503: a code word, a sentence, and when to try again. */
export interface Unavailability {
  code: ErrorCode;
  error: string;
  retryAfterSeconds: number;
}

export const STORAGE_UNAVAILABLE: Unavailability = {
  code: 'STORAGE_UNAVAILABLE',
  error: 'Our database did not answer in time; please try again in a few seconds.',
  retryAfterSeconds: 5,
};

export const REQUEST_TIMED_OUT: Unavailability = {
  code: 'REQUEST_TIMED_OUT',
  error: 'This request took too long and was stopped; please try again in a few seconds.',
  retryAfterSeconds: 5,
};

export const OVERLOADED: Unavailability = {
  code: 'OVERLOADED',
  error: 'We are handling too many requests right now; please try again in a moment.',
  retryAfterSeconds: 2,
};

export const WRITES_BACKED_UP: Unavailability = {
  code: 'OVERLOADED',
  error: 'Too many changes are waiting to be saved right now; please try again in a moment.',
  retryAfterSeconds: 2,
};

export const ITEM_BUSY: Unavailability = {
  code: 'BUSY',
  error: 'Too many changes to this item at once; please try again in a moment.',
  retryAfterSeconds: 1,
};

export function unavailableBody(reason: Unavailability): ApiErrorBody {
  return { statusCode: 503, code: reason.code, error: reason.error };
}

/** Thrown inside the app; the exception filter adds its Retry-After header. */
export class ServiceUnavailableError extends ApiError {
  constructor(readonly reason: Unavailability) {
    super(503, reason.error, reason.code);
  }
}

/** Answers 503 from a middleware, before or outside Nest's exception filter. */
export function sendUnavailable(res: Response, reason: Unavailability): void {
  res.setHeader('Retry-After', String(reason.retryAfterSeconds));
  res.status(503).json(unavailableBody(reason));
}
