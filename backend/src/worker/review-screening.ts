import { Injectable } from '@nestjs/common';
import type { StoredReview } from '../reviews/reviews.repository';
import { ReviewWrites } from '../reviews/review-writes';
import { AuthorActivity } from './author-activity';
import { SYSTEM_ACTOR, type DomainEvent } from '../events/review-events';
import { moderate } from '../moderation/moderation-rules';

const VELOCITY_WINDOW_MS = 10 * 60_000;

function textChanged(event: DomainEvent): boolean {
  const before = event.before ?? {};
  const after = event.after ?? {};
  return before.title !== after.title || before.details !== after.details;
}

/**
 * Runs the moderation rules on a new review, and on an author's edit of its text (an admin's edit
 * is trusted). A hit flags the review: hidden from public lists, kept for its author and admins.
 */
@Injectable()
export class ReviewScreening {
  constructor(
    private readonly writes: ReviewWrites,
    private readonly activity: AuthorActivity,
  ) {}

  /**
   * Screens the event's review when it needs it; every review event also keeps the author's
   * history (AuthorActivity) as the event left the review.
   */
  async screen(event: DomainEvent): Promise<string[]> {
    const needsScreening =
      event.type === 'review.created' ||
      (event.type === 'review.updated' && event.actor.role !== 'admin' && textChanged(event));
    // The event's own copy: a later change has an event of its own, and the flag below applies
    // only to a review still published.
    const review = event.after as unknown as StoredReview | null;
    if (!needsScreening || !event.reviewId || !review || review.status !== 'published') {
      await this.activity.note(event);
      return [];
    }

    const since = new Date(new Date(event.at).getTime() - VELOCITY_WINDOW_MS);
    const history = await this.activity.noteAndRead(event, since);
    const reasons = moderate({
      title: review.title,
      details: review.details,
      authorTextTagsElsewhere: history.textTagsElsewhere,
      authorReviewsLast10Minutes: history.recentCount,
    });
    if (reasons.length > 0) {
      await this.writes.changeStatus(
        event.reviewId,
        { from: ['published'], to: 'flagged', reasons },
        SYSTEM_ACTOR,
      );
    }
    return reasons;
  }
}
