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
  const window = new SlidingWindow(windowSeconds);
  const [current, previous] = await defineWindowCounterCommands(redis).countInWindow(
    ...window.keys(key),
    window.expirySeconds,
  );
  return window.count(current, previous);
}

/**
 * `countInWindow`, in the same round trip as a check of `blockerKey`: while that key exists,
 * answers null and counts nothing (a signed-in caller whose login was ended is refused before
 * its call counts).
 */
export async function countInWindowUnless(
  redis: Redis,
  blockerKey: string,
  key: string,
  windowSeconds: number,
): Promise<WindowCount | null> {
  const window = new SlidingWindow(windowSeconds);
  const [blocked, current, previous] = await defineWindowCounterCommands(redis).countInWindowUnless(
    blockerKey,
    ...window.keys(key),
    window.expirySeconds,
  );
  return blocked === 1 ? null : window.count(current!, previous ?? null);
}

/** The fixed windows of `windowSeconds` around now, and a count of calls read from them. */
class SlidingWindow {
  private readonly nowSeconds = Date.now() / 1000;
  private readonly window: number;

  constructor(private readonly windowSeconds: number) {
    this.window = Math.floor(this.nowSeconds / windowSeconds);
  }

  get expirySeconds(): number {
    return 2 * this.windowSeconds + 1;
  }

  /** The keys of the current window's count and of the previous one's. */
  keys(key: string): [string, string] {
    return [`${key}:${this.window}`, `${key}:${this.window - 1}`];
  }

  count(current: number, previous: string | null): WindowCount {
    const elapsed = this.nowSeconds / this.windowSeconds - this.window;
    const count = current + Math.round(Number(previous ?? 0) * (1 - elapsed));
    const retryAfter = Math.ceil((this.window + 1) * this.windowSeconds - this.nowSeconds);
    return { count, retryAfter: Math.max(1, retryAfter) };
  }
}

/**
 * Counts in the current window, sets its expiry with its first count, and answers the count with
 * the previous window's: one script call (sent by its digest after the first), where a
 * transaction sent five commands for every request counted.
 */
const COUNT_SCRIPT = `local current = redis.call('incr', KEYS[1])
if current == 1 then redis.call('expire', KEYS[1], ARGV[1]) end
return {current, redis.call('get', KEYS[2])}`;

/** COUNT_SCRIPT unless KEYS[1] exists: {1} then, {0, current, previous} otherwise. */
const COUNT_UNLESS_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return {1} end
local current = redis.call('incr', KEYS[2])
if current == 1 then redis.call('expire', KEYS[2], ARGV[1]) end
return {0, current, redis.call('get', KEYS[3])}`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    countInWindow(
      currentKey: string,
      previousKey: string,
      expirySeconds: number,
    ): Result<[number, string | null], Context>;
    countInWindowUnless(
      blockerKey: string,
      currentKey: string,
      previousKey: string,
      expirySeconds: number,
    ): Result<[number, number?, (string | null)?], Context>;
  }
}

const clientsWithScript = new WeakSet<Redis>();

/**
 * Defines the counters' script commands on the client, once. The app's client does it as it is
 * made (connectRedis): with autopipelining, a command defined after the pipeline of the current
 * tick was made is missing from it (ioredis copies the client's commands into a new pipeline),
 * and the first count then failed and left the pipeline's answers one short, an uncaught
 * TypeError that ended the process.
 */
export function defineWindowCounterCommands(redis: Redis): Redis {
  if (!clientsWithScript.has(redis)) {
    redis.defineCommand('countInWindow', { numberOfKeys: 2, lua: COUNT_SCRIPT });
    redis.defineCommand('countInWindowUnless', { numberOfKeys: 3, lua: COUNT_UNLESS_SCRIPT });
    clientsWithScript.add(redis);
  }
  return redis;
}
