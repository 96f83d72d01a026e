import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { failpoint } from '../common/failpoint';
import { ReadCache } from '../common/read-cache/read-cache';
import { OutboxService } from '../review-events/outbox.service';
import type { DomainEvent } from '../review-events/review-events';
import type { ReviewRating } from '../ratings/ratings';
import { ServiceCatalog } from '../services/service-catalog';
import { Review } from './review.schema';
import { ReviewTimelines } from './review-timelines';

export type StoredReview = Review & { _id: unknown };

/** Public review lists depend on "reviews" (all services) or "reviews:<id>" (one service). */
export const REVIEWS_SCOPE = 'reviews';

export function reviewsOfServiceScope(service: string): string {
  return `${REVIEWS_SCOPE}:${service.toLowerCase()}`;
}

/** One author's reviews, cached for them (their own page, their review on a service's page). */
export function reviewsOfAuthorScope(authorId: string): string {
  return `${REVIEWS_SCOPE}-of-author:${authorId}`;
}

/** What a review (or an event's snapshot of one) adds to its service's rating. */
export function countedRating(review?: Partial<StoredReview> | null): ReviewRating | undefined {
  if (!review || review.status !== 'published' || typeof review.rating !== 'number')
    return undefined;
  return { rating: review.rating, criteria: review.criteria };
}

/**
 * The key under which an event's rating change is applied once. A deletion's is the review's own,
 * so two deletions of one review (a retry, a race) take its rating away once.
 */
function ratingChangeKey(event: DomainEvent): string {
  return event.type === 'review.deleted' ? `deleted:${event.reviewId}` : event.id;
}

/**
 * Completes what a review change started: the service's rating counters, the public lists and
 * timelines, the queue. Every step is idempotent, so the request that made the change and the relay (after a
 * crash, or while Redis was down) may both run it.
 */
@Injectable()
export class ReviewSettlement {
  private readonly logger = new Logger(ReviewSettlement.name);

  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly catalog: ServiceCatalog,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
    private readonly atomic: AtomicDocuments,
    private readonly timelines: ReviewTimelines,
  ) {}

  private get model(): Model<never> {
    return this.reviews as unknown as Model<never>;
  }

  /** Settles the review's pending events, oldest first; failures are left to the relay. */
  async settleQuietly(reviewId: string): Promise<void> {
    await this.settle(reviewId).catch((error: Error) =>
      this.logger.warn(`review ${reviewId}: left for the relay (${error.message})`),
    );
  }

  async settle(reviewId: string): Promise<void> {
    const review = await this.reviews.findById(reviewId).lean<StoredReview>().exec();
    const pending = review?.pendingEvents ?? [];
    if (pending.length === 0) return;
    for (const event of pending) await this.apply(event);
    await this.timelines.place([review!]);
    failpoint('review.settle.beforeDone');
    if (pending.some((event) => event.type === 'review.deleted')) {
      await this.atomic.remove(this.model, reviewId);
      return;
    }
    const settled = new Set(pending.map((event) => event.id));
    await this.atomic.modify<StoredReview>(this.model, reviewId, (current) => {
      const rest = current.pendingEvents.filter((event) => !settled.has(event.id));
      return rest.length === current.pendingEvents.length
        ? null
        : { pendingEvents: rest, pending: rest.length > 0 };
    });
  }

  private async apply(event: DomainEvent): Promise<void> {
    const service = event.serviceId!;
    await this.catalog.applyRating(
      service,
      ratingChangeKey(event),
      countedRating(event.before as Partial<StoredReview> | null),
      countedRating(event.after as Partial<StoredReview> | null),
    );
    failpoint('review.settle.afterCounters');
    const author = String((event.after ?? event.before)?.authorId);
    await this.cache.invalidate(
      REVIEWS_SCOPE,
      reviewsOfServiceScope(service),
      reviewsOfAuthorScope(author),
    );
    await this.events.publish(event);
    failpoint('review.settle.afterPublish');
  }

  /** Reviews with events still pending, for the relay. */
  async pendingReviews(limit: number): Promise<StoredReview[]> {
    return this.reviews.find({ pending: true }).limit(limit).lean<StoredReview[]>().exec();
  }
}
