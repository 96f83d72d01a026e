import { ApiError } from '../api-error';

/** A 429 with a sentence; the exception filter adds its Retry-After header. */
export class RetryLaterError extends ApiError {
  constructor(
    error: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, error);
  }
}
