import type { BaseQueryApi } from '@reduxjs/toolkit/query';

/**
 * Product limit: failed reads are retried 3 times with exponential backoff capped at 30 seconds.
 * Only transient failures of queries are retried; a write is never sent twice.
 */
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, … never above 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

function isTransientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  return typeof status === 'number' && (status === 408 || status === 429 || status >= 500);
}

export function shouldRetryRequest(
  error: unknown,
  _args: unknown,
  { attempt, baseQueryApi }: { attempt: number; baseQueryApi: Pick<BaseQueryApi, 'type'> },
): boolean {
  // A server render never waits on retries: a failed read leaves the page to the browser, which
  // retries it. (Retrying a 503 there held the answer for 7 s while the API shed load.)
  if (import.meta.env.SSR) return false;
  return baseQueryApi.type === 'query' && attempt <= MAX_RETRIES && isTransientError(error);
}

export function waitBeforeRetry(
  attempt: number,
  _maxRetries: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, retryDelayMs(attempt));
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('Aborted'));
      },
      { once: true },
    );
  });
}
