import type { DomainEvent } from '../../events/review-events';
import type { ReviewRating } from '../../ratings/ratings';
import type { RatingChange } from '../../services/service-counters';
import type { CountedReply } from '../../services/reply-counters';
import type { StoredReview } from '../reviews.repository';

/** What a review (or an event's snapshot of one) adds to its service's rating. */
export function countedRating(review?: Partial<StoredReview> | null): ReviewRating | undefined {
  if (!review || review.status !== 'published' || typeof review.rating !== 'number')
    return undefined;
  return { rating: review.rating, criteria: review.criteria, at: review.createdAt };
}

/**
 * The key under which an event's rating change is applied once. A deletion's is the review's own,
 * so two deletions of one review (a retry, a race) take its rating away once.
 */
function ratingChangeKey(event: DomainEvent): string {
  return event.type === 'review.deleted' ? deletionChangeKey(event.reviewId!) : event.id;
}

/** The key of a review's deletion in its service's counted changes. */
export function deletionChangeKey(reviewId: string): string {
  return `deleted:${reviewId}`;
}

/**
 * What a review's reply adds to its service's reply counters: how long after the review it came
 * (ms), for a published review with a reply; undefined otherwise.
 */
export function countedReply(review?: Partial<StoredReview> | null): CountedReply {
  if (!review || review.status !== 'published' || !review.reply || !review.createdAt) {
    return undefined;
  }
  const delay = new Date(review.reply.createdAt).getTime() - new Date(review.createdAt).getTime();
  return Math.max(0, delay);
}

/** Whether a review counts as a verified customer's: published, written through an invitation. */
export function countedVerified(review?: Partial<StoredReview> | null): boolean {
  return review?.status === 'published' && review.verifiedCustomer === true;
}

/** The rating change an event makes to its service's counters. */
export function ratingChangeOf(event: DomainEvent): RatingChange {
  const before = event.before as Partial<StoredReview> | null;
  const after = event.after as Partial<StoredReview> | null;
  return {
    key: ratingChangeKey(event),
    before: countedRating(before),
    after: countedRating(after),
    replyBefore: countedReply(before),
    replyAfter: countedReply(after),
    verifiedBefore: countedVerified(before),
    verifiedAfter: countedVerified(after),
  };
}
