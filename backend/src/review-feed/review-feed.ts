import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { DomainEvent, EventType } from '../events/review-events';
import { toReviewDto } from '../reviews/review-views';
import { ReviewsRepository, type StoredReview } from '../reviews/reviews.repository';
import { ServicesService } from '../services/services.service';
import { feedCursor, seqOfCursor } from './review-feed-cursor';
import type { ReviewChangesDto } from './review-feed.dto';
import type { ReviewChange, ReviewChangeType } from './review-feed-page.schema';
import { PAGE_SIZE, ReviewFeedRepository } from './review-feed.repository';

/** The events that may change what visitors see of a review. */
const FEED_EVENTS = new Set<EventType>([
  'review.created',
  'review.updated',
  'review.deleted',
  'review.moderated',
  'review.reports_decided',
  'review.appeal_decided',
  'review.replied',
  'review.reply_edited',
]);

const isPublic = (review: { status?: unknown } | null | undefined) =>
  review?.status === 'published';

/**
 * Each service's public reviews as a numbered list of changes, for integrators who catch up
 * after a while away (`GET /services/:id/reviews/changes`) instead of reading every review.
 */
@Injectable()
export class ReviewFeed {
  constructor(
    private readonly feed: ReviewFeedRepository,
    private readonly reviews: ReviewsRepository,
    private readonly services: ServicesService,
  ) {}

  /**
   * The worker's step for a review event: records the review as it is stored now, so the latest
   * change of each review says where it stands whatever order concurrent jobs took its events
   * in. An event of a review that was not public and is not now changes nothing visitors see.
   */
  async record(event: DomainEvent): Promise<void> {
    const { serviceId, reviewId } = event;
    if (!serviceId || !reviewId || !FEED_EVENTS.has(event.type)) return;
    const stored = await this.reviews.findById(reviewId, 'public');
    const visible = isPublic(stored);
    const wasVisible = event.type !== 'review.created' && isPublic(event.before);
    if (!visible && !wasVisible) return;
    const type: ReviewChangeType = !visible ? 'deleted' : wasVisible ? 'updated' : 'created';
    const review = visible && stored ? publicFields(stored) : undefined;
    await this.feed.append(serviceId.toLowerCase(), event.id, (seq) => ({
      seq,
      type,
      reviewId,
      at: event.at,
      ...(review ? { review } : {}),
    }));
  }

  /** Up to PAGE_SIZE changes after the cursor's, oldest first: one or two `_id` lookups. */
  async since(serviceId: string, cursor: string | undefined): Promise<ReviewChangesDto> {
    const after = seqOfCursor(serviceId, cursor);
    if (!(await this.services.identity(serviceId))) {
      throw new ApiError(404, 'No service has this id.');
    }
    const waiting = (await this.feed.twoPages(serviceId, Math.floor(after / PAGE_SIZE))).filter(
      (change) => change.seq > after,
    );
    const changes = waiting.slice(0, PAGE_SIZE);
    const last = changes.at(-1)?.seq ?? after;
    return {
      changes,
      next: feedCursor(serviceId, last),
      hasMore: waiting.length > PAGE_SIZE,
    };
  }
}

function publicFields(stored: StoredReview): ReviewChange['review'] {
  const { permissions: _permissions, ...review } = toReviewDto(stored);
  return review;
}
