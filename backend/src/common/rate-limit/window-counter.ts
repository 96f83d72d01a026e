import type Redis from 'ioredis';

export interface WindowCount {
  /** Calls counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Counts one call in a fixed window of `windowSeconds` under `key` (its window is appended), in
 * Redis so that every replica shares it. Throws when Redis does not answer.
 */
export async function countInWindow(
  redis: Redis,
  key: string,
  windowSeconds: number,
): Promise<WindowCount> {
  const window = Math.floor(Date.now() / 1000 / windowSeconds);
  const windowKey = `${key}:${window}`;
  const [[, count]] = (await redis
    .multi()
    .incr(windowKey)
    .expire(windowKey, windowSeconds + 1)
    .exec()) as [[unknown, number]];
  const retryAfter = (window + 1) * windowSeconds - Math.floor(Date.now() / 1000);
  return { count, retryAfter: Math.max(1, retryAfter) };
}
