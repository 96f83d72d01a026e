import { Inject, Injectable } from '@nestjs/common';
import type { Redis, Result } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../common/redis-client';
import type { BurstEntry, BurstWindow } from './burst-rule';

/** The most entries a service's window keeps: far past any threshold, and a bound on its size. */
const WINDOW_CAP = 1000;

/**
 * One new review of a service, in one call: adds it to the service's window (a sorted set by
 * time, KEYS[1]) and drops what is older than the window or past the cap; counts it in the day's
 * field of the service's daily counts (a hash, KEYS[2]), dropping the days before the baseline;
 * answers the window's members, the baseline days' total and the open alert's id (KEYS[3]) or
 * false. ARGV: now (ms), window (ms), member, day number, baseline days, cap.
 */
const NOTE_SCRIPT = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local day = tonumber(ARGV[4])
local days = tonumber(ARGV[5])
redis.call('zadd', KEYS[1], now, ARGV[3])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - windowMs)
redis.call('zremrangebyrank', KEYS[1], 0, -tonumber(ARGV[6]) - 1)
redis.call('pexpire', KEYS[1], windowMs)
redis.call('hincrby', KEYS[2], ARGV[4], 1)
local total = 0
local counts = redis.call('hgetall', KEYS[2])
for i = 1, #counts, 2 do
  if tonumber(counts[i]) <= day - days then
    redis.call('hdel', KEYS[2], counts[i])
  else
    total = total + tonumber(counts[i + 1])
  end
end
redis.call('expire', KEYS[2], days * 86400)
return { redis.call('zrange', KEYS[1], 0, -1), total, redis.call('get', KEYS[3]) }`;

/**
 * Closes the open alert (KEYS[1]) if it is ARGV[1], and drops the window's (KEYS[2]) entries up
 * to ARGV[2] (ms).
 */
const CLOSE_SCRIPT = `
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
redis.call('zremrangebyscore', KEYS[2], '-inf', ARGV[2])
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    noteBurstEntry(
      window: string,
      days: string,
      alert: string,
      now: number,
      windowMs: number,
      member: string,
      day: number,
      baselineDays: number,
      cap: number,
    ): Result<[string[], number, string | null], Context>;
    closeBurstAlert(
      alert: string,
      window: string,
      alertId: string,
      until: number,
    ): Result<number, Context>;
  }
}

/**
 * A new review as the window keeps it: by its author, so that one account sending the same review
 * again (refused as a repeat) counts once.
 */
export interface NewBurstEntry extends BurstEntry {
  authorId: string;
  at: Date;
}

/** The window after a new review, and the alert open on its service, if any. */
export interface NotedWindow extends BurstWindow {
  authorIds: string[];
  openAlertId: string | null;
}

function encode(entry: NewBurstEntry): string {
  return [entry.authorId, entry.rating, entry.newAccount ? 1 : 0, entry.network].join('|');
}

function decode(member: string): BurstEntry & { authorId: string } {
  const [authorId, rating, newAccount, network] = member.split('|');
  return { authorId, rating: Number(rating), newAccount: newAccount === '1', network };
}

/**
 * Each service's recent reviews (the burst rule's window), its daily counts over the baseline
 * days, and its open burst alert, in Redis: `<prefix>:burst:<serviceId>:window|days|alert`. Every
 * change is one script, so API processes side by side see each other's reviews and open one
 * alert per service between them (SET NX).
 */
@Injectable()
export class BurstWindows {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.redis.defineCommand('noteBurstEntry', { numberOfKeys: 3, lua: NOTE_SCRIPT });
    this.redis.defineCommand('closeBurstAlert', { numberOfKeys: 2, lua: CLOSE_SCRIPT });
  }

  private key(serviceId: string, part: 'window' | 'days' | 'alert'): string {
    return `${this.config.redis.prefix}:burst:${serviceId}:${part}`;
  }

  /** Adds the review to its service's window; answers the window and the open alert. */
  async note(serviceId: string, entry: NewBurstEntry): Promise<NotedWindow> {
    const settings = this.config.burst;
    const now = entry.at.getTime();
    const [members, baselineCount, openAlertId] = await this.redis.noteBurstEntry(
      this.key(serviceId, 'window'),
      this.key(serviceId, 'days'),
      this.key(serviceId, 'alert'),
      now,
      settings.windowMs,
      encode(entry),
      Math.floor(now / 86_400_000),
      settings.baselineDays,
      WINDOW_CAP,
    );
    const entries = members.map(decode);
    return {
      entries,
      authorIds: entries.map((decoded) => decoded.authorId),
      baselineCount: Number(baselineCount),
      openAlertId,
    };
  }

  /** Makes `alertId` the service's open alert unless one is open; answers whether it did. */
  async open(serviceId: string, alertId: string): Promise<boolean> {
    const set = await this.redis.set(this.key(serviceId, 'alert'), alertId, 'NX');
    return set === 'OK';
  }

  /**
   * Closes the alert if it is the open one, and forgets the window's reviews until `until`: an
   * admin has seen them, so they do not open the next alert again.
   */
  async close(serviceId: string, alertId: string, until: Date): Promise<void> {
    await this.redis.closeBurstAlert(
      this.key(serviceId, 'alert'),
      this.key(serviceId, 'window'),
      alertId,
      until.getTime(),
    );
  }
}
