import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { AppliedKeys } from '../common/applied-keys';
import { ReadCache } from '../common/read-cache/read-cache';
import { decayedIncrements, fairScore, priorOf } from '../ratings/fair-score';
import {
  ratingAverage,
  ratingIncrements,
  withIncrements,
  type RatingCounters,
  type ReviewRating,
} from '../ratings/ratings';
import { withReplyChange, type CountedReply, type ReplyCounters } from './reply-counters';
import { withVerifiedChange, type VerifiedCounters } from './verified-counters';
import { ServicesRepository, type StoredService } from './services.repository';
import { SiteRatingTotals } from './site-rating-totals';
import { SERVICES_SCOPE, serviceScope } from './services.service';

/**
 * How many of the latest rating changes a service remembers, so that one applied again is
 * recognised: a recovered event is applied within seconds of the first attempt.
 */
const APPLIED_CHANGES_KEPT = 256;

/** One review change's move of a service's counters, applied once per `key`. */
export interface RatingChange {
  key: string;
  before?: ReviewRating;
  after?: ReviewRating;
  /** The review's counted reply before and after the change (reply-counters.ts). */
  replyBefore?: CountedReply;
  replyAfter?: CountedReply;
  /** Whether the review counted as a verified customer's before and after (verified-counters.ts). */
  verifiedBefore?: boolean;
  verifiedAfter?: boolean;
}

/** Whether the change moves any of the service's counters. */
function moves(change: RatingChange): boolean {
  return (
    Object.keys(ratingIncrements(change.before, change.after)).length > 0 ||
    change.replyBefore !== change.replyAfter ||
    !!change.verifiedBefore !== !!change.verifiedAfter
  );
}

/**
 * The changes not applied yet, each key once: one settlement may carry a change twice (two
 * snapshots of a review edited twice in a row both hold its first edit's event).
 */
function unseen(changes: RatingChange[], applied: AppliedKeys): RatingChange[] {
  const keys = new Set<string>();
  return changes.filter((change) => {
    if (applied.has(change.key) || keys.has(change.key)) return false;
    keys.add(change.key);
    return true;
  });
}

/** A review as its service's counters count it (if published): its rating, reply and verification. */
export interface CountedReview {
  rating: ReviewRating;
  reply: CountedReply;
  verified: boolean;
}

/** One counter (`ratingStars.s5`, `decayedSum`, …) as stored and as the reviews make it. */
export interface CounterDifference {
  field: string;
  stored: number;
  counted: number;
}

/** What a recount found: its differences, and whether the service moved while it read. */
export interface Recounted {
  differences: CounterDifference[];
  moved: boolean;
}

type Counters = RatingCounters & ReplyCounters & VerifiedCounters;

/** The counters that `reviews` make, each counted as its creation would move them. */
function countersOf(reviews: CountedReview[], halfLifeDays: number): Required<Counters> {
  const ratings = reviews.reduce<Required<RatingCounters>>(
    (sum, review) =>
      withIncrements(sum, incrementsOf({ key: '', after: review.rating }, halfLifeDays)),
    withIncrements({}, {}),
  );
  const replies = reviews.reduce<Required<ReplyCounters>>(
    (sum, review) => withReplyChange(sum, undefined, review.reply),
    withReplyChange({}, undefined, undefined),
  );
  const verified = reviews.reduce<Required<VerifiedCounters>>(
    (sum, review) => withVerifiedChange(sum, false, review.verified),
    withVerifiedChange({}, false, false),
  );
  return { ...ratings, ...replies, ...verified };
}

const PLAIN_COUNTERS = [
  'ratingCount',
  'ratingSum',
  'decayedSum',
  'decayedCount',
  'repliedCount',
  'replyDelaySum',
  'verifiedCount',
] as const;
const GROUPED_COUNTERS = ['ratingStars', 'criteriaSums', 'criteriaCounts'] as const;

/** The counters one a line, as `ratingIncrements` names them (`ratingStars.s5`). */
function flatCounters(counters: Counters): Map<string, number> {
  const flat = new Map<string, number>(
    PLAIN_COUNTERS.map((field) => [field, counters[field] ?? 0]),
  );
  for (const group of GROUPED_COUNTERS) {
    for (const [key, value] of Object.entries(counters[group] ?? {})) {
      flat.set(`${group}.${key}`, value ?? 0);
    }
  }
  return flat;
}

/** The date-weighted sums are sums of floats: added in another order, they differ in their last bits. */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The counters (and the stored average) where `stored` differs from `counted`. */
function differencesOf(stored: StoredService, counted: Required<Counters>): CounterDifference[] {
  const have = flatCounters(stored);
  const want = flatCounters(counted);
  have.set('ratingAverage', stored.ratingAverage ?? 0);
  want.set('ratingAverage', ratingAverage(counted));
  const fields = [...new Set([...want.keys(), ...have.keys()])];
  return fields
    .map((field) => ({ field, stored: have.get(field) ?? 0, counted: want.get(field) ?? 0 }))
    .filter((difference) => !same(difference.stored, difference.counted));
}

/** A rating change's moves of the counters: the plain ones and the fair score's. */
function incrementsOf(change: RatingChange, halfLifeDays: number): Record<string, number> {
  return {
    ...ratingIncrements(change.before, change.after),
    ...decayedIncrements(change.before, change.after, halfLifeDays),
  };
}

/**
 * The services' rating, reply and verified-customer counters, moved by the reviews' settled changes once per change
 * key, and recounted from their reviews on demand.
 */
@Injectable()
export class ServiceCounters {
  constructor(
    private readonly services: ServicesRepository,
    private readonly siteRatings: SiteRatingTotals,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The score's prior: the site-wide mean as this process knows it (SiteRatingTotals). */
  private async prior() {
    return priorOf(await this.siteRatings.totals());
  }

  /**
   * Moves the service's counters by each change (a review's rating, reply and verification
   * before and after it; create: no `before`; delete: no `after`) in one write, with the derived average and fair
   * score, once per change key: a change applied again (a retried or recovered event) leaves the
   * counters as they are. The site-wide totals (the score's prior) move with them. Answers the
   * cache scopes the caller invalidates, even when the changes were applied before (a settlement
   * repeated after a crash may find them applied and the cache not yet told).
   */
  async applyRatings(serviceId: string, changes: RatingChange[]): Promise<string[]> {
    const { halfLifeDays } = this.config.score;
    const moving = changes.filter(moves);
    if (moving.length === 0) return [];
    const prior = await this.prior();
    const applied = await this.services.modify(serviceId, (current) => {
      const seen = AppliedKeys.from(current.appliedChanges);
      const fresh = unseen(moving, seen);
      if (fresh.length === 0) return null;
      const counters = fresh.reduce<RatingCounters>(
        (sum, change) => withIncrements(sum, incrementsOf(change, halfLifeDays)),
        current,
      );
      const replies = fresh.reduce<ReplyCounters>(
        (sum, change) => withReplyChange(sum, change.replyBefore, change.replyAfter),
        current,
      );
      const verified = fresh.reduce<VerifiedCounters>(
        (sum, change) => withVerifiedChange(sum, change.verifiedBefore, change.verifiedAfter),
        current,
      );
      return {
        ...counters,
        ...replies,
        ...verified,
        ratingAverage: ratingAverage(counters),
        ratingScore: fairScore(counters, prior, this.config.score) ?? 0,
        appliedChanges: seen.withAdded(
          fresh.map((change) => change.key),
          APPLIED_CHANGES_KEPT,
        ),
      };
    });
    const scopes = [SERVICES_SCOPE, serviceScope(serviceId)];
    if (!applied) return scopes;
    this.siteRatings.add({
      ratingCount: (applied.after.ratingCount ?? 0) - (applied.before.ratingCount ?? 0),
      ratingSum: (applied.after.ratingSum ?? 0) - (applied.before.ratingSum ?? 0),
    });
    return scopes;
  }

  /**
   * Compares the service's counters with those its counted reviews make (`counted`, read after
   * the service was at revision `rev`) and, when `mend` and nothing moved the service since, sets
   * them, with the average, the score and the site-wide totals. A service that moved may differ
   * only for a change in flight: its answer is `moved`, and the caller reads again. Answers null
   * when no service has this id.
   */
  async recount(
    id: string,
    rev: number,
    counted: CountedReview[],
    mend: boolean,
  ): Promise<Recounted | null> {
    const target = countersOf(counted, this.config.score.halfLifeDays);
    const prior = await this.prior();
    let found: Recounted | null = null;
    const mended = await this.services.modify(
      id,
      (current) => {
        const differences = differencesOf(current, target);
        const moved = (current.rev ?? 0) !== rev;
        found = { differences, moved };
        if (differences.length === 0 || moved || !mend) return null;
        return {
          ...target,
          ratingAverage: ratingAverage(target),
          ratingScore: fairScore(target, prior, this.config.score) ?? 0,
        };
      },
      false,
    );
    if (!mended) return found;
    this.siteRatings.add({
      ratingCount: (mended.after.ratingCount ?? 0) - (mended.before.ratingCount ?? 0),
      ratingSum: (mended.after.ratingSum ?? 0) - (mended.before.ratingSum ?? 0),
    });
    await this.cache.invalidate(SERVICES_SCOPE, serviceScope(id));
    return found;
  }

  /** The service's revision (AtomicDocuments' `rev`), or null when no service has this id. */
  revisionOf(id: string): Promise<number | null> {
    return this.services.revisionOf(id);
  }

  /**
   * Whether the change `key` is among the last APPLIED_CHANGES_KEPT counted in the service's
   * figures (false for an older one, or no such service).
   */
  async hasCounted(serviceId: string, key: string): Promise<boolean> {
    return AppliedKeys.from(await this.services.appliedChangesOf(serviceId)).has(key);
  }

  /** Every service's id (a small collection): what a rebuild walks. */
  async allIds(): Promise<string[]> {
    return (await this.services.allScoreCounters()).map((counters) => String(counters._id));
  }
}
