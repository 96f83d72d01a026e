import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../common/redis-client';
import { RetryLaterError } from '../common/rate-limit/retry-later';

/** The numbers of the per-account login backoff. */
export const LOGIN_LOCKOUT = {
  /** Wrong passwords in a row that lock the address's password logins. */
  failuresBeforeLock: 5,
  /** The first lock; every further wrong password after a lock doubles it, up to the maximum. */
  firstLockSeconds: 300,
  maxLockSeconds: 3600,
  /** The count of wrong passwords is forgotten this long after the last one. */
  forgetAfterSeconds: 86_400,
} as const;

/**
 * Backs off password guessing on one account, from however many addresses: past
 * `failuresBeforeLock` wrong passwords, logins to the address are refused for a while. Keyed by
 * the address whether or not an account has it, so an unknown address answers the same (no
 * account enumeration). In Redis under the app's prefix, shared by every API replica; a Redis
 * outage lets logins through, as the route limits do. A completed password reset ends it.
 */
@Injectable()
export class LoginLockout {
  private readonly logger = new Logger(LoginLockout.name);
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:login-lockout`;
  }

  private keys(email: string) {
    return { failures: `${this.prefix}:failures:${email}`, lock: `${this.prefix}:lock:${email}` };
  }

  /** Throws 429 with Retry-After while the address is locked. */
  async check(email: string): Promise<void> {
    let seconds: number;
    try {
      seconds = await this.redis.ttl(this.keys(email).lock);
    } catch (error) {
      this.logger.warn(`login lockout skipped: ${(error as Error).message}`);
      return;
    }
    if (seconds > 0) {
      const minutes = Math.ceil(seconds / 60);
      throw new RetryLaterError(
        `Too many failed logins for this account; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
        seconds,
      );
    }
  }

  /** Counts a wrong password; locks the address once they are too many. */
  async failed(email: string): Promise<void> {
    const { failures, lock } = this.keys(email);
    try {
      const [[, count]] = (await this.redis
        .multi()
        .incr(failures)
        .expire(failures, LOGIN_LOCKOUT.forgetAfterSeconds)
        .exec()) as [[null, number], unknown];
      const past = count - LOGIN_LOCKOUT.failuresBeforeLock;
      if (past < 0) return;
      const seconds = Math.min(
        LOGIN_LOCKOUT.maxLockSeconds,
        LOGIN_LOCKOUT.firstLockSeconds * 2 ** Math.min(past, 16),
      );
      await this.redis.set(lock, '1', 'EX', seconds);
    } catch (error) {
      this.logger.warn(`login failure not counted: ${(error as Error).message}`);
    }
  }

  /** A login succeeded, or the owner set a new password by e-mail: the count starts again. */
  async clear(email: string): Promise<void> {
    const { failures, lock } = this.keys(email);
    try {
      await this.redis.del(failures, lock);
    } catch (error) {
      this.logger.warn(`login lockout not cleared: ${(error as Error).message}`);
    }
  }
}
