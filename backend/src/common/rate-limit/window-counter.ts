import type { Redis, Result } from 'ioredis';

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
  const [current, previous] = await scripted(redis).countInWindow(
    `${key}:${window}`,
    `${key}:${window - 1}`,
    2 * windowSeconds + 1,
  );
  const elapsed = nowSeconds / windowSeconds - window;
  const count = current + Math.round(Number(previous ?? 0) * (1 - elapsed));
  const retryAfter = Math.ceil((window + 1) * windowSeconds - nowSeconds);
  return { count, retryAfter: Math.max(1, retryAfter) };
}

/**
 * Counts in the current window, sets its expiry with its first count, and answers the count with
 * the previous window's: one script call (sent by its digest after the first), where a
 * transaction sent five commands for every request counted.
 */
const COUNT_SCRIPT = `local current = redis.call('incr', KEYS[1])
if current == 1 then redis.call('expire', KEYS[1], ARGV[1]) end
return {current, redis.call('get', KEYS[2])}`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    countInWindow(
      currentKey: string,
      previousKey: string,
      expirySeconds: number,
    ): Result<[number, string | null], Context>;
  }
}

const clientsWithScript = new WeakSet<Redis>();

function scripted(redis: Redis): Redis {
  if (!clientsWithScript.has(redis)) {
    redis.defineCommand('countInWindow', { numberOfKeys: 2, lua: COUNT_SCRIPT });
    clientsWithScript.add(redis);
  }
  return redis;
}
