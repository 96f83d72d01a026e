import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import { ITEM_BUSY, ServiceUnavailableError } from '../limits/service-unavailable';

/** Takes every key, or none when one of them is held: a caller never holds some and waits for the rest. */
const ACQUIRE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('exists', key) == 1 then return 0 end
end
for _, key in ipairs(KEYS) do redis.call('set', key, ARGV[1], 'PX', ARGV[2]) end
return 1`;

/** Deletes the keys still ours: a lock that expired and was taken stays taken. */
const RELEASE_SCRIPT = `
local released = 0
for _, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then released = released + redis.call('del', key) end
end
return released`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    acquireKeyLocks(
      keyCount: number,
      ...keysThenArgs: (string | number)[]
    ): Result<number, Context>;
    releaseKeyLocks(keyCount: number, ...keysThenToken: string[]): Result<number, Context>;
  }
}

export interface KeyLockOptions {
  /** How long a lock lives if its holder dies before releasing it. */
  ttlMs: number;
  /** How long a caller waits for a busy key before giving up with a 503. */
  waitMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mutual exclusion per key across every process that shares the Redis: what FerretDB lacks to
 * make a read-modify-write atomic.
 */
export class KeyLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: KeyLockOptions,
  ) {
    // Sent by their digests (EVALSHA) after the first call; the key count comes with each call.
    this.redis.defineCommand('acquireKeyLocks', { lua: ACQUIRE_SCRIPT });
    this.redis.defineCommand('releaseKeyLocks', { lua: RELEASE_SCRIPT });
  }

  with<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.withAll([key], work);
  }

  /**
   * `work` holding every key at once (one round trip to take them, one to give them back).
   * Taken all or none, so two callers that want overlapping keys never wait for each other
   * forever.
   */
  async withAll<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const lockKeys = [...new Set(keys)].map((key) => `${this.prefix}:lock:${key}`);
    const token = randomBytes(12).toString('base64url');
    await this.acquire(lockKeys, token);
    try {
      return await work();
    } finally {
      await this.redis.releaseKeyLocks(lockKeys.length, ...lockKeys, token).catch(() => undefined);
    }
  }

  private async acquire(lockKeys: string[], token: string): Promise<void> {
    const deadline = Date.now() + this.options.waitMs;
    for (let attempt = 0; ; attempt += 1) {
      const taken = await this.redis.acquireKeyLocks(
        lockKeys.length,
        ...lockKeys,
        token,
        this.options.ttlMs,
      );
      if (taken === 1) return;
      if (Date.now() >= deadline) {
        throw new ServiceUnavailableError(ITEM_BUSY);
      }
      // Jittered, growing pauses: writers of one hot key do not wake in step.
      await sleep(Math.random() * Math.min(2 + attempt * 2, 25));
    }
  }
}
