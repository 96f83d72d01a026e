import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  shouldRetryRequest,
  waitBeforeRetry,
} from './retryPolicy';

const query = { baseQueryApi: { type: 'query' as const } };
const mutation = { baseQueryApi: { type: 'mutation' as const } };

describe('retry policy', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off exponentially up to 30 seconds', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(10)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('retries transient query failures at most 3 times', () => {
    expect(shouldRetryRequest({ status: 'FETCH_ERROR' }, '/x', { ...query, attempt: 1 })).toBe(
      true,
    );
    expect(shouldRetryRequest({ status: 503 }, '/x', { ...query, attempt: 3 })).toBe(true);
    expect(shouldRetryRequest({ status: 503 }, '/x', { ...query, attempt: 4 })).toBe(false);
  });

  it('does not retry client errors or mutations', () => {
    expect(shouldRetryRequest({ status: 404 }, '/x', { ...query, attempt: 1 })).toBe(false);
    expect(shouldRetryRequest({ status: 'FETCH_ERROR' }, '/x', { ...mutation, attempt: 1 })).toBe(
      false,
    );
  });

  it('waits for the delay and stops waiting when aborted', async () => {
    vi.useFakeTimers();
    const waited = waitBeforeRetry(2, 3);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(waited).resolves.toBeUndefined();

    const controller = new AbortController();
    const aborted = waitBeforeRetry(1, 3, controller.signal);
    controller.abort();
    await expect(aborted).rejects.toThrow('Aborted');
  });
});
