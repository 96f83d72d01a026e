import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import { ITEM_BUSY, ServiceUnavailableError } from '../limits/service-unavailable';

/** Deletes the lock only if it is still ours: a lock that expired and was taken stays taken. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** Extends the lock's life only if it is still ours. */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    releaseKeyLock(key: string, token: string): Result<number, Context>;
    renewKeyLock(key: string, token: string, ttlMs: number): Result<number, Context>;
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
    // Sent by its digest (EVALSHA) after the first call, not as a script on every release.
    this.redis.defineCommand('releaseKeyLock', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.redis.defineCommand('renewKeyLock', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  }

  async with<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lockKey = `${this.prefix}:lock:${key}`;
    const token = randomBytes(12).toString('base64url');
    await this.acquire(lockKey, token);
    // A holder outliving the TTL (a store write slowed down by a fault) keeps the lock: had it
    // expired, another process's update could run beside its own, and FerretDB's updates are
    // not atomic (a counter change applied twice or lost). A holder that died frees it by TTL.
    const renewal = setInterval(
      () => void this.redis.renewKeyLock(lockKey, token, this.options.ttlMs).catch(() => undefined),
      this.options.ttlMs / 3,
    );
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      // Not waited for: this process's next command on the key goes after it on the same
      // connection, and the holder's caller need not wait a round trip to go on.
      void this.redis.releaseKeyLock(lockKey, token).catch(() => undefined);
    }
  }

  private async acquire(lockKey: string, token: string): Promise<void> {
    const deadline = Date.now() + this.options.waitMs;
    for (let attempt = 0; ; attempt += 1) {
      if (await this.redis.set(lockKey, token, 'PX', this.options.ttlMs, 'NX')) return;
      if (Date.now() >= deadline) {
        throw new ServiceUnavailableError(ITEM_BUSY);
      }
      // Jittered, growing pauses: writers of one hot key do not wake in step.
      await sleep(Math.random() * Math.min(2 + attempt * 2, 25));
    }
  }
}
