import type Redis from 'ioredis';

export interface WindowCount {
  /** Calls counted in the last `windowSeconds`, this one included. */
  count: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfter: number;
}

/**
 * Counts one call in a sliding window of `windowSeconds` under `key`, in Redis so that every
 * replica shares it: the calls of the current fixed window plus the previous window's, weighted
 * by how much of it still lies within the last `windowSeconds`. A plain fixed window would forget
 * every call at its boundary, letting twice the limit through around it. Throws when Redis does
 * not answer.
 */
export async function countInWindow(
  redis: Redis,
  key: string,
  windowSeconds: number,
): Promise<WindowCount> {
  const nowSeconds = Date.now() / 1000;
  const window = Math.floor(nowSeconds / windowSeconds);
  const currentKey = `${key}:${window}`;
  const [[, current], , [, previous]] = (await redis
    .multi()
    .incr(currentKey)
    .expire(currentKey, 2 * windowSeconds + 1)
    .get(`${key}:${window - 1}`)
    .exec()) as [[unknown, number], unknown, [unknown, string | null]];
  const elapsed = nowSeconds / windowSeconds - window;
  const count = current + Math.round(Number(previous ?? 0) * (1 - elapsed));
  const retryAfter = Math.ceil((window + 1) * windowSeconds - nowSeconds);
  return { count, retryAfter: Math.max(1, retryAfter) };
}
