import { Types } from 'mongoose';
import { newEvent } from '../../src/events/outbox.service';
import type { DomainEvent } from '../../src/events/review-events';
import type { StoredReview } from '../../src/reviews/reviews.repository';
import { reviewSnapshot } from '../../src/reviews/review-writes';

/**
 * A review of `service` as a create inserts it (by a new author, written `at`), and its creation
 * event: for tests that create reviews below the API, or leave them to the relay.
 */
export function newReview(
  service: string,
  rating: number,
  at = new Date(),
): { review: StoredReview; event: DomainEvent } {
  const review = {
    _id: new Types.ObjectId(),
    title: 'Kept review',
    details: 'Written a while ago.',
    serviceID: 4821,
    service,
    rating,
    criteria: {},
    authorId: String(new Types.ObjectId()),
    reviewUser: 'Earlier Customer',
    reviewerImage: '',
    email: 'earlier@example.com',
    authorVerified: false,
    status: 'published',
    moderationReasons: [],
    resubmitted: false,
    createdAt: at,
    updatedAt: at,
    pendingEvents: [],
    pending: false,
  } as unknown as StoredReview;
  const event = newEvent('review.created', {
    actor: { id: review.authorId, email: review.email, role: 'user' },
    reviewId: String(review._id),
    serviceId: service,
    before: null,
    after: reviewSnapshot(review),
  });
  return { review, event };
}
