// One file over 300 lines on purpose: the Redis layout of a service's lists (`keys`), the Lua
// script that writes it (PLACE_REVIEW) and the reads that page it must agree key by key and field
// by field; kept apart, one could change without the others.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ChainableCommander, Redis, Result } from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { inSortOrder } from '../../common/list-indexes';
import { noteUncachedRead } from '../../common/read-cache/read-cache';
import { REDIS_CLIENT } from '../../common/redis-client';
import type { ReviewSort } from '../review.dto';
import { REVIEW_SORT_ORDERS } from '../review.schema';
import { isFiltered, matchesFilters, type ReviewFilters } from '../review-filters';

/** What a service's lists and figures need to know of a review. */
export interface ServiceListEntry {
  _id: unknown;
  /** The review's revision (AtomicDocuments): a place is never taken from an older one. */
  rev?: number;
  service: string;
  status: string;
  createdAt: Date | string;
  rating: number;
  title: string;
  details: string;
  authorId: string;
  removal?: unknown;
  helpfulCount?: number;
  moderationReasons?: string[];
  authorVerified?: boolean;
  /** Written through the service owner's invitation (a "Verified customer"). */
  verifiedCustomer?: boolean;
  reply?: unknown;
  reportsReceived?: number;
  reportsUpheld?: number;
}

/**
 * A review of the service as its `entries` hash keeps it: what the filters (ReviewFilters), an
 * admin's filters and every sort look at (the page's reviews are then read by `_id`).
 */
export interface ListedReview {
  _id: string;
  status: string;
  removal?: true;
  rating: number;
  /** In ms since 1970. */
  createdAt: number;
  helpfulCount: number;
  authorId: string;
  moderationReasons: string[];
  title: string;
  details: string;
  replied?: true;
  verifiedCustomer?: true;
}

/** An entry as stored: its helpful marks are kept apart (`helpful-counts`), as a mark moves them. */
type StoredEntry = Omit<ListedReview, '_id' | 'helpfulCount'>;

function listed(review: ServiceListEntry): StoredEntry {
  return {
    status: review.status,
    ...(review.removal ? { removal: true as const } : {}),
    rating: review.rating,
    createdAt: new Date(review.createdAt).getTime(),
    authorId: review.authorId,
    moderationReasons: review.moderationReasons ?? [],
    title: review.title,
    details: review.details,
    ...(review.reply ? { replied: true as const } : {}),
    ...(review.verifiedCustomer ? { verifiedCustomer: true as const } : {}),
  };
}

/** Published, or taken down by moderators (a placeholder): what a service's public list shows. */
export function isPublic(review: Pick<ServiceListEntry, 'status' | 'removal'>): boolean {
  return review.status === 'published' || (review.status === 'rejected' && !!review.removal);
}

export interface ServiceListQuery extends ReviewFilters {
  sort: ReviewSort;
  offset: number;
  limit: number;
}

export interface ServiceListPage {
  ids: string[];
  total: number;
}

/** A service's public figures, summed over its reviews (deleted ones count nowhere). */
export interface ServiceFigures {
  published: number;
  flagged: number;
  removed: number;
  verified: number;
  reportsReceived: number;
  reportsUpheld: number;
}

type Figure = keyof ServiceFigures;
const FIGURES: Figure[] = [
  'published',
  'flagged',
  'removed',
  'verified',
  'reportsReceived',
  'reportsUpheld',
];

/**
 * A score is rank × RANK + the review's time in ms, so one sorted set orders by a rank (stars,
 * helpful marks), then newest: exact while it stays below 2^53 (ranks up to 900).
 */
const RANK = 1e13;

/** A review's score in the helpful order: its marks, then its time. */
function helpfulScore(review: Pick<ServiceListEntry, 'createdAt' | 'helpfulCount'>): number {
  return (review.helpfulCount ?? 0) * RANK + new Date(review.createdAt).getTime();
}

const STARS = [1, 2, 3, 4, 5] as const;

/** One score range of a sorted set, read highest first or lowest first. */
interface Segment {
  key: string;
  min: number | string;
  max: number | string;
  descending: boolean;
}

/**
 * Puts one review where its state says, in one call: in each sorted set it belongs to (with its
 * score there) and out of the others, its entry and helpful marks in or out of the hashes, and its
 * service's figures moved by what it adds to them now against what it added when last placed
 * (kept per review), so placing a review again changes nothing. A new review (in no list yet) is
 * only added where it belongs. A state older than the one last placed (its `rev`, kept per
 * review, deleted ones too) changes nothing: a settlement that read the review before a later
 * change settled would otherwise put it back where it was (a held review in the public lists).
 * KEYS: the sorted sets, then the entries, the helpful marks, the per-review contributions, the
 * figures, the placed revisions. ARGV: the review id; '1' when it is new; its score in each
 * sorted set ('' where it does not belong); its entry as JSON ('' for a deleted review); its
 * helpful marks; its contribution as JSON ('' when it adds nothing); its revision.
 */
const PLACE_REVIEW = `
local id = ARGV[1]
local isNew = ARGV[2] == '1'
local sets = #KEYS - 5
local revs, rev = KEYS[#KEYS], tonumber(ARGV[#ARGV])
local placed = tonumber(redis.call('HGET', revs, id) or '-1')
if rev < placed then return 0 end
redis.call('HSET', revs, id, rev)
for index = 1, sets do
  local score = ARGV[index + 2]
  if score ~= '' then redis.call('ZADD', KEYS[index], score, id)
  elseif not isNew then redis.call('ZREM', KEYS[index], id) end
end
local entries, helpfulCounts = KEYS[sets + 1], KEYS[sets + 2]
local contributions, figures = KEYS[sets + 3], KEYS[sets + 4]
local entry, helpful, counted = ARGV[sets + 3], ARGV[sets + 4], ARGV[sets + 5]
if entry ~= '' then
  redis.call('HSET', entries, id, entry)
  redis.call('HSET', helpfulCounts, id, helpful)
elseif not isNew then
  redis.call('HDEL', entries, id)
  redis.call('HDEL', helpfulCounts, id)
end
if counted == '' and isNew then return 1 end
local old = redis.call('HGET', contributions, id)
local before = old and cjson.decode(old) or {}
local after = counted ~= '' and cjson.decode(counted) or {}
for field, value in pairs(after) do
  local delta = value - (before[field] or 0)
  if delta ~= 0 then redis.call('HINCRBY', figures, field, delta) end
end
for field, value in pairs(before) do
  if after[field] == nil then redis.call('HINCRBY', figures, field, -value) end
end
if counted == '' then redis.call('HDEL', contributions, id) else redis.call('HSET', contributions, id, counted) end
return 1
`;

/** A sorted set a review is placed in, with its score there; null when it does not belong. */
export interface ScoredPlace {
  key: string;
  score: number | null;
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** PLACE_REVIEW: the number of keys, the keys, then its arguments. */
    placeReview(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Result<number, Context>;
  }
}

/** What one review adds to its service's figures (only the figures it adds to). */
function contributionOf(review: ServiceListEntry): Partial<ServiceFigures> {
  if (review.status === 'deleted') return {};
  const published = review.status === 'published';
  const contribution: Partial<ServiceFigures> = {
    published: published ? 1 : 0,
    flagged: review.status === 'flagged' ? 1 : 0,
    removed: review.status === 'rejected' ? 1 : 0,
    verified: published && review.authorVerified ? 1 : 0,
    reportsReceived: review.reportsReceived ?? 0,
    reportsUpheld: review.reportsUpheld ?? 0,
  };
  return Object.fromEntries(Object.entries(contribution).filter(([, value]) => value !== 0));
}

/**
 * One service's public review list and figures, in Redis: how a service's page pages, sorts,
 * filters by stars and searches its reviews, and counts them, without reading the reviews
 * collection (which grows with the site, and a busy service's share with it). Per service:
 * - `new`: the public reviews (published and take-down placeholders) by time;
 * - `stars`: the same, by stars then time; `published-stars`: the published ones only, for
 *   star filters (placeholders show no stars to filter on);
 * - `helpful`: the public reviews by helpful marks then time;
 * - `entries`: each review but the deleted ones, with its text (ListedReview), for the text
 *   search and admins' lists; `helpful-counts`: their helpful marks;
 * - `figures`: the sums the transparency panel shows, kept from each review's contribution.
 * Each review's place follows its stored state, so placing it again changes nothing.
 */
@Injectable()
export class ServiceReviewLists {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Sent by its digest (EVALSHA) after the first call, not as a script with every review.
    this.redis.defineCommand('placeReview', { lua: PLACE_REVIEW });
  }

  private keys(service: string) {
    const base = `${this.config.redis.prefix}:reviews:service:${service.toLowerCase()}`;
    return {
      new: `${base}:new`,
      stars: `${base}:stars`,
      publishedStars: `${base}:published-stars`,
      helpful: `${base}:helpful`,
      entries: `${base}:entries`,
      helpfulCounts: `${base}:helpful-counts`,
      contributions: `${base}:contributions`,
      figures: `${base}:figures`,
      revs: `${base}:revs`,
    };
  }

  /**
   * Adds to `batch` the one command that puts the review where its state says: in its service's
   * lists and figures, and in `alsoIn` (other sorted sets, such as the timelines). A new one (in
   * no list yet) is only added where it belongs.
   */
  placeIn(
    batch: ChainableCommander,
    review: ServiceListEntry,
    isNew: boolean,
    alsoIn: ScoredPlace[] = [],
  ): void {
    const keys = this.keys(review.service);
    const at = new Date(review.createdAt).getTime();
    const shown = isPublic(review);
    const places: ScoredPlace[] = [
      ...alsoIn,
      { key: keys.new, score: shown ? at : null },
      { key: keys.stars, score: shown ? review.rating * RANK + at : null },
      { key: keys.helpful, score: shown ? helpfulScore(review) : null },
      {
        key: keys.publishedStars,
        score: review.status === 'published' ? review.rating * RANK + at : null,
      },
    ];
    const contribution = contributionOf(review);
    const placeKeys = [
      ...places.map((place) => place.key),
      keys.entries,
      keys.helpfulCounts,
      keys.contributions,
      keys.figures,
      keys.revs,
    ];
    batch.placeReview(
      placeKeys.length,
      ...placeKeys,
      String(review._id),
      isNew ? '1' : '0',
      ...places.map((place) => (place.score === null ? '' : String(place.score))),
      review.status === 'deleted' ? '' : JSON.stringify(listed(review)),
      review.helpfulCount ?? 0,
      Object.keys(contribution).length > 0 ? JSON.stringify(contribution) : '',
      review.rev ?? 0,
    );
  }

  /**
   * A published review's new count of helpful marks: moves its place in the helpful order only
   * if it is still listed there (`XX`), so a mark never puts back a review a decision just took
   * out of the public lists, whichever lands last.
   */
  async markHelpful(
    review: Pick<ServiceListEntry, '_id' | 'service' | 'createdAt' | 'helpfulCount'>,
  ): Promise<void> {
    const id = String(review._id);
    const keys = this.keys(review.service);
    await this.exec(
      this.redis
        .multi()
        .zadd(keys.helpful, 'XX', helpfulScore(review), id)
        .hset(keys.helpfulCounts, id, review.helpfulCount ?? 0),
    );
  }

  /** The service's figures as its reviews stand. */
  async figures(service: string): Promise<ServiceFigures> {
    noteUncachedRead();
    const totals = await this.redis.hgetall(this.keys(service).figures);
    return Object.fromEntries(
      FIGURES.map((figure) => [figure, Number(totals[figure] ?? 0)]),
    ) as unknown as ServiceFigures;
  }

  /** A page of the service's public list: its ids in order, and how many the list holds. */
  async page(service: string, query: ServiceListQuery): Promise<ServiceListPage> {
    noteUncachedRead();
    const keys = this.keys(service);
    const { sort, rating, offset, limit } = query;
    if (!isFiltered(query)) return this.pageOf(this.segments(keys, sort), offset, limit);
    // One star level alone is a range of a sorted set; any other filter reads the entries.
    const [stars, ...moreStars] = rating ?? [];
    if (!stars || moreStars.length > 0 || isFiltered({ ...query, rating: undefined })) {
      return this.filtered(service, query);
    }
    if (sort === 'most_helpful') return this.helpfulWithStars(keys, stars, offset, limit);
    // Within one star, every sort but oldest (and most_helpful, apart) is newest first.
    const segment = { key: keys.publishedStars, ...starsRange(stars) };
    return this.pageOf([{ ...segment, descending: sort !== 'oldest' }], offset, limit);
  }

  /** The ranges of the sets that hold the whole list, in the order the sort reads them. */
  private segments(keys: ReturnType<ServiceReviewLists['keys']>, sort: ReviewSort): Segment[] {
    const whole = (key: string, descending: boolean): Segment[] => [
      { key, min: '-inf', max: '+inf', descending },
    ];
    switch (sort) {
      case 'newest':
        return whole(keys.new, true);
      case 'oldest':
        return whole(keys.new, false);
      case 'rating_desc':
        return whole(keys.stars, true);
      case 'rating_asc':
        // Fewest stars first, yet newest first within each: one range per star.
        return STARS.map((stars) => ({ key: keys.stars, ...starsRange(stars), descending: true }));
      case 'most_helpful':
        return whole(keys.helpful, true);
    }
  }

  private async pageOf(
    segments: Segment[],
    offset: number,
    limit: number,
  ): Promise<ServiceListPage> {
    const counts = (await this.exec(
      segments.reduce(
        (batch, { key, min, max }) => batch.zcount(key, min, max),
        this.redis.pipeline(),
      ),
    )) as number[];
    const ranges = this.redis.pipeline();
    let start = 0;
    segments.forEach(({ key, min, max, descending }, index) => {
      const from = Math.max(0, offset - start);
      const count = Math.min(counts[index], offset + limit - start) - from;
      start += counts[index];
      if (count <= 0) return;
      if (descending) ranges.zrevrangebyscore(key, max, min, 'LIMIT', from, count);
      else ranges.zrangebyscore(key, min, max, 'LIMIT', from, count);
    });
    const ids = ((await this.exec(ranges)) as string[][]).flat();
    return { ids, total: counts.reduce((sum, count) => sum + count, 0) };
  }

  /**
   * The published reviews with `stars`, most helpful first: that star's range is intersected in
   * Redis with the helpful order, in keys that live for this one transaction (the work is the
   * service's reviews with that many stars, never the reviews collection).
   */
  private async helpfulWithStars(
    keys: ReturnType<ServiceReviewLists['keys']>,
    stars: number,
    offset: number,
    limit: number,
  ): Promise<ServiceListPage> {
    const query = `${this.config.redis.prefix}:reviews:service:query:${randomUUID()}`;
    const { min, max } = starsRange(stars);
    const [, total, ids] = (await this.exec(
      this.redis
        .multi()
        .zrangestore(query, keys.publishedStars, min, max, 'BYSCORE')
        .zinterstore(query, 2, keys.helpful, query, 'WEIGHTS', 1, 0)
        .zrevrange(query, offset, offset + limit - 1)
        .del(query),
    )) as [number, number, string[]];
    return { ids, total };
  }

  /**
   * Every review of the service but the deleted ones, from its `entries` hash (never the reviews
   * collection): what a text search and an admin's list filter and sort in memory. The answers
   * are cached per query by the callers.
   */
  async entries(service: string): Promise<ListedReview[]> {
    noteUncachedRead();
    const keys = this.keys(service);
    const [entries, helpfulCounts] = (await this.exec(
      this.redis.pipeline().hgetall(keys.entries).hgetall(keys.helpfulCounts),
    )) as Record<string, string>[];
    return Object.entries(entries).map(([_id, entry]) => ({
      _id,
      ...(JSON.parse(entry) as StoredEntry),
      helpfulCount: Number(helpfulCounts[_id] ?? 0),
    }));
  }

  /**
   * The published reviews that match the query's filters, in the sort's order: the service's
   * entries filtered in memory (a keyed read, never the reviews collection).
   */
  private async filtered(service: string, query: ServiceListQuery): Promise<ServiceListPage> {
    const matches = matchesFilters(query);
    const found = (await this.entries(service)).filter(
      (review) => review.status === 'published' && matches(review),
    );
    const ordered = inSortOrder(found, REVIEW_SORT_ORDERS[query.sort]);
    return {
      ids: ordered.slice(query.offset, query.offset + query.limit).map((review) => review._id),
      total: ordered.length,
    };
  }

  /** Runs the batch; throws the first command's error. */
  private async exec(batch: ChainableCommander): Promise<unknown[]> {
    const results = (await batch.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
    return results.map(([, value]) => value);
  }
}

/** The scores of the reviews with `stars` stars in a stars-then-time set. */
function starsRange(stars: number): { min: number; max: number } {
  return { min: stars * RANK, max: (stars + 1) * RANK - 1 };
}
