import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { noteUncachedRead } from '../../common/read-cache/read-cache';
import { REDIS_CLIENT } from '../../common/redis-client';
import { HELD_REASONS, type HeldReason } from '../../moderation/moderation-rules';
import { REVIEW_STATUSES, type ReviewStatus } from '../review.schema';
import {
  ServiceReviewLists,
  type ScoredPlace,
  type ServiceListEntry,
} from './service-review-lists';

/** Which reviews a timeline holds: those in one status, or all of them. */
export type Timeline = ReviewStatus | 'all';

/**
 * Version 2 added each service's lists and figures (ServiceReviewLists); version 3, whether each
 * entry has a reply and is a verified customer's (the lists' filters).
 */
export const TIMELINES_VERSION = 3;

/** Renews the rebuild's lock if `token` still holds it. */
const HOLD_REBUILD = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])`;

/** Frees the rebuild's lock if `token` still holds it, and sets the whole mark if asked. */
const FINISH_REBUILD = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2]) end
redis.call('DEL', KEYS[1])
return 1`;

/** What the timelines, and its service's lists (ServiceReviewLists), need to know of a review. */
export interface TimelineEntry extends ServiceListEntry {
  moderationReasons?: string[];
}

export interface TimelinePage {
  ids: string[];
  total: number;
}

/**
 * Review ids in order of creation, per status and in all, and per reason a review was held for,
 * in Redis sorted sets: how lists across every service (admins', the moderation queue) page and
 * filter without reading the reviews collection. Each review's place follows its stored state,
 * so placing it again changes nothing.
 */
@Injectable()
export class ReviewTimelines {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly serviceLists: ServiceReviewLists,
  ) {}

  private key(timeline: Timeline): string {
    return `${this.config.redis.prefix}:reviews:timeline:${timeline}`;
  }

  private reasonKey(reason: HeldReason): string {
    return `${this.config.redis.prefix}:reviews:timeline:reason:${reason}`;
  }

  /**
   * Puts each review where its state says: in its status's timeline and in all, in the timeline
   * of each reason it was held for, and in its service's lists; or nowhere. A review in `created`
   * (just inserted, in no timeline yet) is only added where it belongs, without taking it out of
   * the others. One transaction for them all.
   */
  async place(reviews: TimelineEntry[], created: ReadonlySet<string> = new Set()): Promise<void> {
    const batch = this.redis.multi();
    for (const review of reviews) {
      const listed = (REVIEW_STATUSES as readonly string[]).includes(review.status);
      const at = new Date(review.createdAt).getTime();
      const reasons = listed ? (review.moderationReasons ?? []) : [];
      const timelines: ScoredPlace[] = [
        ...REVIEW_STATUSES.map((status) => ({
          key: this.key(status),
          score: listed && status === review.status ? at : null,
        })),
        { key: this.key('all'), score: listed ? at : null },
        ...HELD_REASONS.map((reason) => ({
          key: this.reasonKey(reason),
          score: reasons.includes(reason) ? at : null,
        })),
      ];
      this.serviceLists.placeIn(batch, review, created.has(String(review._id)), timelines);
    }
    await batch.exec();
  }

  /** The timeline's ids, newest first: its `newest` first ones, or all of them. */
  ids(timeline: Timeline, newest?: number): Promise<string[]> {
    return this.redis.zrevrange(this.key(timeline), 0, newest === undefined ? -1 : newest - 1);
  }

  /** Takes reviews that are gone from the store out of every timeline. */
  async forget(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const keys = [
      ...REVIEW_STATUSES.map((status) => this.key(status)),
      this.key('all'),
      ...HELD_REASONS.map((reason) => this.reasonKey(reason)),
    ];
    const batch = this.redis.multi();
    for (const key of keys) batch.zrem(key, ...ids);
    await batch.exec();
  }

  /**
   * The mark that the timelines were whole when last checked or rebuilt: it lives in Redis with
   * them, so a Redis that lost the timelines has lost it too. Its version names what they hold:
   * a Redis marked for fewer lists (one of an older release) is rebuilt once. It holds the
   * server's `run_id`, which every start of Redis changes: a Redis started again from its
   * append-only file may have lost its last second of writes, so the timelines count as whole
   * for the run that marked them only.
   */
  async isMarkedWhole(): Promise<boolean> {
    const [mark, run] = await Promise.all([this.redis.get(this.wholeKey()), this.redisRun()]);
    return mark === run;
  }

  async markWhole(): Promise<void> {
    await this.redis.set(this.wholeKey(), await this.redisRun());
  }

  /** The Redis server's `run_id`: another one after every start. */
  private async redisRun(): Promise<string> {
    const info = await this.redis.info('server');
    const run = /^run_id:(\w+)/m.exec(info)?.[1];
    if (!run) throw new Error('Redis named no run_id in INFO server.');
    return run;
  }

  /**
   * Takes the rebuild's lock for `ms` (one rebuild at a time across processes); answers the
   * holder's token, or null when another process holds it.
   */
  async lockRebuild(ms: number): Promise<string | null> {
    const token = randomUUID();
    const taken = await this.redis.set(this.rebuildKey(), token, 'PX', ms, 'NX');
    return taken === 'OK' ? token : null;
  }

  /** Renews the lock `token` holds for `ms`; answers false when it is no longer there. */
  async holdRebuild(token: string, ms: number): Promise<boolean> {
    return (await this.redis.eval(HOLD_REBUILD, 1, this.rebuildKey(), token, ms)) === 1;
  }

  /**
   * Frees the lock `token` holds, marking the timelines whole if `whole`; answers false when the
   * lock was no longer there: Redis lost it (and with it what the rebuild had placed) meanwhile.
   */
  async unlockRebuild(token: string, whole: boolean): Promise<boolean> {
    const freed = await this.redis.eval(
      FINISH_REBUILD,
      2,
      this.rebuildKey(),
      this.wholeKey(),
      token,
      whole ? await this.redisRun() : '',
    );
    return freed === 1;
  }

  private wholeKey(): string {
    return `${this.config.redis.prefix}:reviews:timelines-whole:${TIMELINES_VERSION}`;
  }

  private rebuildKey(): string {
    return `${this.config.redis.prefix}:reviews:timelines-rebuild`;
  }

  /**
   * A page of the timeline, or of the reviews in both it and a reason's timeline: those two are
   * intersected in Redis into a key that lives for this one transaction (the work is the smaller
   * set's size, never the reviews collection's).
   */
  async page(
    timeline: Timeline,
    order: 'newest' | 'oldest',
    offset: number,
    limit: number,
    reason?: HeldReason,
  ): Promise<TimelinePage> {
    noteUncachedRead();
    const last = offset + limit - 1;
    if (!reason) {
      const key = this.key(timeline);
      const [ids, total] = await Promise.all([
        order === 'newest'
          ? this.redis.zrevrange(key, offset, last)
          : this.redis.zrange(key, offset, last),
        this.redis.zcard(key),
      ]);
      return { ids, total };
    }
    const both = `${this.config.redis.prefix}:reviews:timeline:query:${randomUUID()}`;
    const batch = this.redis
      .multi()
      .zinterstore(both, 2, this.key(timeline), this.reasonKey(reason), 'AGGREGATE', 'MIN');
    if (order === 'newest') batch.zrevrange(both, offset, last);
    else batch.zrange(both, offset, last);
    const [[storeError, total], [rangeError, ids]] = (await batch.del(both).exec()) as [
      Error | null,
      unknown,
    ][];
    if (storeError || rangeError) throw storeError ?? rangeError;
    return { ids: ids as string[], total: total as number };
  }
}
