import { Injectable, Logger } from '@nestjs/common';
import { failpoint } from '../../common/failpoint';
import { afterCommit } from '../../common/limits/request-deadline';
import { ReadCache } from '../../common/read-cache/read-cache';
import { OutboxService } from '../../events/outbox.service';
import type { DomainEvent } from '../../events/review-events';
import { GroupCommit } from '../../common/group-commit';
import { ServiceCounters, type RatingChange } from '../../services/service-counters';
import { ReviewsRepository, type StoredReview } from '../reviews.repository';
import { ReviewTimelines } from './review-timelines';
import { REVIEWS_SCOPE, reviewsOfAuthorScope, reviewsOfServiceScope } from '../review-scopes';
import { ratingChangeOf } from './review-rating-changes';

/** How many written reviews one settlement takes at most. */
const SETTLEMENT_BATCH = 100;

/**
 * New reviews' rating changes are written together at most this often (ms), those of every
 * batch meanwhile in one write per service: a service reviewed by many at once is written a few
 * times a second, not once per batch. Its rating shows a new review this much later than its
 * lists do.
 */
const COUNT_INTERVAL_MS = 200;
/** How many rating changes one such write takes at most. */
const COUNT_BATCH = 1000;

/**
 * New reviews' events go to the queue together at most this often (ms), those of every batch
 * meanwhile in one job: the worker's work per job (taking it, the month's figures, the audit
 * insert) is then shared by several batches' events. An event waits at most this much longer for
 * its audit entry; one after a pause goes at once.
 */
const QUEUE_INTERVAL_MS = 100;
/** How many events one job takes at most. */
const QUEUE_BATCH = 200;

/**
 * Completes what review changes started: the services' rating counters, the public lists and
 * timelines, the queue. Every step is idempotent, so the request that made a change and the
 * relay (after a crash, or while Redis was down) may both run it. Concurrent requests settle
 * together (a group commit): one counter write per service, one cache bump, one queue call.
 */
@Injectable()
export class ReviewSettlement {
  private readonly logger = new Logger(ReviewSettlement.name);
  private readonly batches = new GroupCommit<StoredReview>(
    (reviews) => this.settleAll(reviews),
    SETTLEMENT_BATCH,
  );
  private readonly counts = new GroupCommit<DomainEvent>(
    (events) => this.countAll(events),
    COUNT_BATCH,
    { intervalMs: COUNT_INTERVAL_MS },
  );
  private readonly queued = new GroupCommit<DomainEvent>(
    (events) => this.events.publish(...events),
    QUEUE_BATCH,
    { intervalMs: QUEUE_INTERVAL_MS },
  );

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly counters: ServiceCounters,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
    private readonly timelines: ReviewTimelines,
  ) {}

  /**
   * Settles a review as its request just wrote it (with its pending events and revision);
   * failures are left to the relay. A request waits for it until its deadline at most, then
   * answers: the change is stored, and its settlement goes on after the answer.
   */
  async settleWritten(review: StoredReview): Promise<void> {
    await afterCommit(
      this.batches
        .add(review)
        .catch((error: Error) =>
          this.logger.warn(`review ${String(review._id)}: left for the relay (${error.message})`),
        ),
    );
  }

  /** Settles the review's pending events as stored (the relay's way). */
  async settle(reviewId: string): Promise<void> {
    const review = await this.reviews.findById(reviewId);
    if (review) await this.settleAll([review]);
  }

  private async settleAll(written: StoredReview[]): Promise<void> {
    const reviews = latestOfEach(written).filter(
      (review) => (review.pendingEvents ?? []).length > 0,
    );
    if (reviews.length === 0) return;
    await this.settleEvents(reviews);
    await Promise.all(reviews.map((review) => this.markSettled(review)));
  }

  /**
   * Carries out the reviews' events (`pendingEvents`, each review as stored): the counters, the
   * lists, the timelines, the queue. Marking them done is the caller's.
   */
  async settleEvents(reviews: StoredReview[]): Promise<void> {
    await this.applyEvents(reviews);
    await this.publishEvents(reviews);
  }

  /**
   * Steps 1-3 of `settleEvents`: what readers see (the counters, the lists, the timelines, the
   * cache). Once they are done, a reader finds the change everywhere; only the queue is left.
   */
  private async applyEvents(reviews: StoredReview[]): Promise<void> {
    const events = pendingEventsOf(reviews);
    if (events.length === 0) return;
    // Counters and lists side by side, then the cache: a read between the two keeps its answer
    // under the old generation only. The other way round, it kept a list without the review
    // (or a rating without it) under the new one.
    const [countersScopes] = await Promise.all([
      this.applyRatings(events),
      this.timelines.place(reviews, createdOnly(reviews)),
    ]);
    failpoint('review.settle.afterCounters');
    await this.cache.invalidate(...new Set([...scopesOf(events), ...countersScopes]));
  }

  /**
   * New reviews' step 2 of `settleEvents` alone: their lists and timelines, then their cache.
   * Their rating changes are `countEvents`'.
   */
  async showEvents(reviews: StoredReview[]): Promise<void> {
    const events = pendingEventsOf(reviews);
    if (events.length === 0) return;
    await this.timelines.place(reviews, createdOnly(reviews));
    await this.cache.invalidate(...scopesOf(events));
  }

  /**
   * New reviews' step 1 of `settleEvents` alone: their rating changes, written with those of
   * other batches (COUNT_INTERVAL_MS), then the cache of the services they moved.
   */
  async countEvents(reviews: StoredReview[]): Promise<void> {
    const events = pendingEventsOf(reviews);
    await Promise.all(events.map((event) => this.counts.add(event)));
  }

  private async countAll(events: DomainEvent[]): Promise<void> {
    const scopes = await this.applyRatings(events);
    failpoint('review.settle.afterCounters');
    await this.cache.invalidate(...new Set(scopes));
  }

  /** Step 4 of `settleEvents`: the reviews' events to the queue, in a job of their own. */
  async publishEvents(reviews: StoredReview[]): Promise<void> {
    await this.toQueue(reviews, (events) => this.events.publish(...events));
  }

  /**
   * New reviews' step 4 alone: their events to the queue in one job with those of every batch
   * meanwhile (QUEUE_INTERVAL_MS). Their writers' answers do not wait for it; the answers of
   * edits, deletions and decisions do, so `settleEvents` publishes at once.
   */
  async queueEvents(reviews: StoredReview[]): Promise<void> {
    await this.toQueue(reviews, (events) =>
      Promise.all(events.map((event) => this.queued.add(event))),
    );
  }

  private async toQueue(
    reviews: StoredReview[],
    publish: (events: DomainEvent[]) => Promise<unknown>,
  ): Promise<void> {
    const events = pendingEventsOf(reviews);
    if (events.length === 0) return;
    failpoint('review.settle.beforePublish');
    await publish(events);
    failpoint('review.settle.beforeDone');
  }

  /** One counter write per service, for all of its changes; answers the scopes they touch. */
  private async applyRatings(events: DomainEvent[]): Promise<string[]> {
    const byService = new Map<string, RatingChange[]>();
    for (const event of events) {
      const changes = byService.get(event.serviceId!) ?? [];
      changes.push(ratingChangeOf(event));
      byService.set(event.serviceId!, changes);
    }
    const scopes = await Promise.all(
      [...byService].map(([service, changes]) => this.counters.applyRatings(service, changes)),
    );
    return scopes.flat();
  }

  /**
   * Drops the settled events from the review, or the review once its deletion is settled. A
   * review changed since it was written keeps them here and is settled again from the stored
   * state, which holds both changes' events.
   */
  private async markSettled(review: StoredReview): Promise<void> {
    const id = String(review._id);
    if (review.pendingEvents.some((event) => event.type === 'review.deleted')) {
      await this.reviews.remove(id);
      return;
    }
    const settled = new Set(review.pendingEvents.map((event) => event.id));
    const done = await this.reviews.writeIfUnchanged(id, review.rev, {
      pendingEvents: [],
      pending: false,
    });
    if (done) return;
    await this.reviews.modify(id, (current) => {
      const rest = current.pendingEvents.filter((event) => !settled.has(event.id));
      return rest.length === current.pendingEvents.length
        ? null
        : { pendingEvents: rest, pending: rest.length > 0 };
    });
  }

  /** Reviews with events still pending, for the relay. */
  async pendingReviews(limit: number): Promise<StoredReview[]> {
    return this.reviews.pending(limit);
  }
}

/**
 * Each review once, as its latest write left it (the highest `rev`): concurrent edits of one
 * review settle together, and its latest state holds every event the earlier ones hold that is
 * not settled yet. An earlier state placed after it would put the review back where it was.
 */
function latestOfEach(reviews: StoredReview[]): StoredReview[] {
  const latest = new Map<string, StoredReview>();
  for (const review of reviews) {
    const known = latest.get(String(review._id));
    if (!known || (review.rev ?? 0) > (known.rev ?? 0)) latest.set(String(review._id), review);
  }
  return [...latest.values()];
}

/** The reviews' pending events, in order. */
function pendingEventsOf(reviews: StoredReview[]): DomainEvent[] {
  return reviews.flatMap((review) => review.pendingEvents);
}

/** The reviews whose only events are their creation: in no timeline yet. */
function createdOnly(reviews: StoredReview[]): Set<string> {
  const created = reviews.filter((review) =>
    review.pendingEvents.every((event) => event.type === 'review.created'),
  );
  return new Set(created.map((review) => String(review._id)));
}

/** Every list the events' reviews are in: all reviews, their services', their authors'. */
function scopesOf(events: DomainEvent[]): string[] {
  const scopes = new Set([REVIEWS_SCOPE]);
  for (const event of events) {
    scopes.add(reviewsOfServiceScope(event.serviceId!));
    scopes.add(reviewsOfAuthorScope(String((event.after ?? event.before)?.authorId)));
  }
  return [...scopes];
}
