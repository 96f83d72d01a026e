import { Inject, Injectable } from '@nestjs/common';
import type { Redis, Result } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../infrastructure/redis.module';
import { ReviewsService } from '../reviews/reviews.service';
import type { DomainEvent } from './review-events';
import { textTag } from './moderation-rules';

/** How many of an author's latest reviews the moderation rules compare a new one with. */
export const AUTHOR_HISTORY_LIMIT = 100;
/** Entries kept past the limit before the oldest are dropped (tombstones of deletions count). */
const TRIM_AT = AUTHOR_HISTORY_LIMIT + 50;
/** An author's entries live this long after their last change; then the next read rebuilds them. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** One of the author's reviews as the rules see it; `at` orders changes of one review. */
export interface ActivityEntry {
  reviewId: string;
  at: number;
  createdAt: number;
  service: string;
  textTag: string;
}

interface Tombstone {
  reviewId: string;
  at: number;
}

/**
 * Sets each field (review id) to its value unless the stored value is of a later change (values
 * start with their change's time in ms); only while the author's hash exists, unless ARGV[1] is
 * "fill" (a rebuild). Then, with ARGV[2] "read", answers the whole hash, or nil when it did not
 * exist. ARGV[3] is the expiry in seconds; pairs of field and value follow.
 */
const PUT_SCRIPT = `
local exists = redis.call('exists', KEYS[1]) == 1
if not exists and ARGV[1] ~= 'fill' then return false end
for i = 4, #ARGV, 2 do
  local stored = redis.call('hget', KEYS[1], ARGV[i])
  local storedAt = stored and tonumber(string.match(stored, '^(%d+)'))
  local newAt = tonumber(string.match(ARGV[i + 1], '^(%d+)'))
  if not storedAt or storedAt <= newAt then redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('expire', KEYS[1], ARGV[3])
if ARGV[2] == 'read' then return redis.call('hgetall', KEYS[1]) end
return true`;

type PutMode = 'only-if-known' | 'fill';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    putAuthorActivity(
      key: string,
      mode: PutMode,
      read: 'read' | 'no-read',
      ttlSeconds: number,
      ...fieldsAndValues: string[]
    ): Result<string[] | number | null, Context>;
  }
}

function encode(entry: ActivityEntry | Tombstone): [string, string] {
  return 'textTag' in entry
    ? [entry.reviewId, `${entry.at}|${entry.createdAt}|${entry.service}|${entry.textTag}`]
    : [entry.reviewId, `${entry.at}|-`];
}

function decode(reviewId: string, value: string): ActivityEntry | null {
  const [at, createdAt, service, tag] = value.split('|');
  if (createdAt === '-' || tag === undefined) return null;
  return { reviewId, at: Number(at), createdAt: Number(createdAt), service, textTag: tag };
}

/** What the moderation rules need to know of the author's other reviews. */
export interface AuthorHistory {
  /** Text tags of the author's reviews of other services. */
  textTagsElsewhere: string[];
  /** The author's reviews created at or after `since`, the one screened included. */
  recentCount: number;
}

/**
 * Each author's latest reviews (service, text tag, creation time) in a Redis hash, kept by the
 * worker from the review events, so screening a review reads no reviews: a create, edit or
 * deletion changes its entry, and a change older than the stored one is ignored (events of one
 * review may be handled out of order). It is a cache: a hash Redis lost, or never had, is rebuilt
 * from the author's latest reviews in the database on its next read. Entries are changed only
 * while the hash exists, so a rebuild never misses a review: one created after the rebuild's read
 * adds itself when its own event is screened.
 */
@Injectable()
export class AuthorActivity {
  private readonly rebuilding = new Map<string, Promise<ActivityEntry[]>>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reviews: ReviewsService,
  ) {
    this.redis.defineCommand('putAuthorActivity', { numberOfKeys: 1, lua: PUT_SCRIPT });
  }

  private key(authorId: string): string {
    return `${this.config.redis.prefix}:author-activity:${authorId}`;
  }

  /** Keeps the author's entry of the event's review as the event left it. */
  async note(event: DomainEvent): Promise<void> {
    const authorId = authorOf(event);
    const change = changeOf(event);
    if (!authorId || !change) return;
    await this.redis.putAuthorActivity(
      this.key(authorId),
      'only-if-known',
      'no-read',
      KEEP_SECONDS,
      ...encode(change),
    );
  }

  /**
   * Notes the screened review's entry and answers the author's history as it then stands,
   * rebuilt from the database when Redis does not hold it.
   */
  async noteAndRead(event: DomainEvent, since: Date): Promise<AuthorHistory> {
    const own = changeOf(event) as ActivityEntry;
    const authorId = authorOf(event)!;
    const key = this.key(authorId);
    const noteOwn = async () =>
      (await this.redis.putAuthorActivity(
        key,
        'only-if-known',
        'read',
        KEEP_SECONDS,
        ...encode(own),
      )) as string[] | null;
    let stored = await noteOwn();
    const running = stored ? undefined : this.rebuilding.get(key);
    if (running) {
      // Another of the author's reviews, screened at the same moment, is rebuilding the hash.
      await running.catch(() => undefined);
      stored = await noteOwn();
    }
    const entries = stored ? this.decodeAll(key, stored) : await this.rebuildOnce(key, authorId);
    return {
      textTagsElsewhere: entries
        .filter((entry) => entry.service !== own.service)
        .map((entry) => entry.textTag),
      recentCount: entries.filter((entry) => entry.createdAt >= since.getTime()).length,
    };
  }

  private decodeAll(key: string, flat: string[]): ActivityEntry[] {
    const all: { reviewId: string; entry: ActivityEntry | null }[] = [];
    for (let index = 0; index < flat.length; index += 2) {
      all.push({ reviewId: flat[index], entry: decode(flat[index], flat[index + 1]) });
    }
    if (all.length > TRIM_AT) void this.trim(key, all);
    return all
      .flatMap(({ entry }) => (entry ? [entry] : []))
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, AUTHOR_HISTORY_LIMIT);
  }

  /** Drops tombstones and the entries past the limit; a later read rebuilds nothing of them. */
  private async trim(
    key: string,
    all: { reviewId: string; entry: ActivityEntry | null }[],
  ): Promise<void> {
    const kept = new Set(
      all
        .flatMap(({ entry }) => (entry ? [entry] : []))
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, AUTHOR_HISTORY_LIMIT)
        .map((entry) => entry.reviewId),
    );
    const dropped = all.map(({ reviewId }) => reviewId).filter((id) => !kept.has(id));
    if (dropped.length > 0) await this.redis.hdel(key, ...dropped).catch(() => undefined);
  }

  /** One rebuild of a hash at a time in this process; those screened meanwhile wait for it. */
  private async rebuildOnce(key: string, authorId: string): Promise<ActivityEntry[]> {
    const rebuild = this.rebuild(key, authorId);
    this.rebuilding.set(key, rebuild);
    try {
      return await rebuild;
    } finally {
      this.rebuilding.delete(key);
    }
  }

  private async rebuild(key: string, authorId: string): Promise<ActivityEntry[]> {
    const latest = await this.reviews.latestOfAuthor(authorId, AUTHOR_HISTORY_LIMIT);
    const entries = latest.map((review) => ({
      reviewId: String(review._id),
      at: new Date(review.updatedAt ?? review.createdAt).getTime(),
      createdAt: new Date(review.createdAt).getTime(),
      service: review.service,
      textTag: textTag(review.details),
    }));
    await this.redis.putAuthorActivity(
      key,
      'fill',
      'no-read',
      KEEP_SECONDS,
      ...entries.flatMap(encode),
    );
    return entries;
  }
}

function authorOf(event: DomainEvent): string | undefined {
  const review = event.after ?? event.before;
  return typeof review?.authorId === 'string' ? review.authorId : undefined;
}

/** The entry a review event leaves: the review's text and place, or its tombstone. */
function changeOf(event: DomainEvent): ActivityEntry | Tombstone | null {
  if (!event.reviewId) return null;
  const at = new Date(event.at).getTime();
  if (event.type === 'review.deleted') return { reviewId: event.reviewId, at };
  if (event.type !== 'review.created' && event.type !== 'review.updated') return null;
  const after = event.after as
    { service?: string; details?: string; createdAt?: string | Date } | null | undefined;
  if (!after?.service || typeof after.details !== 'string' || !after.createdAt) return null;
  return {
    reviewId: event.reviewId,
    at,
    createdAt: new Date(after.createdAt).getTime(),
    service: after.service,
    textTag: textTag(after.details),
  };
}
