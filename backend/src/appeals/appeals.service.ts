import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { Page, PageQueryDto } from '../common/pagination';
import type { AuthUser } from '../auth/auth-user';
import { EARLIER_DECISION, isAuthorOf, mayAppealReview } from '../auth/policy';
import { actorOf } from '../events/outbox.service';
import type { ReviewDto } from '../reviews/review.dto';
import type { Appeal } from '../reviews/review.schema';
import type { StoredReview } from '../reviews/reviews.repository';
import { statusChangeFields } from '../reviews/review-changes';
import { ReviewReads } from '../reviews/review-reads';
import { ReviewViews } from '../reviews/review-views';
import { ReviewWrites } from '../reviews/review-writes';
import type { CreateAppealDto, DecideAppealDto } from './appeal.dto';

/**
 * Authors contest a moderation decision: one appeal per decision (the review's `decisionId`),
 * kept on the review, waiting in the appeal queue until an admin restores or keeps the decision.
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly writes: ReviewWrites,
    private readonly reads: ReviewReads,
    private readonly views: ReviewViews,
  ) {}

  /** Opens the appeal; answers the review as its author now sees it. */
  async appeal(reviewId: string, dto: CreateAppealDto, caller: AuthUser): Promise<ReviewDto> {
    const after = await this.writes.write(reviewId, (current) => {
      if (!isAuthorOf(current, caller)) {
        throw new ApiError(403, 'Only the author can appeal a decision on their review.');
      }
      if (current.status === 'published') {
        throw new ApiError(409, 'Only a held or removed review can be appealed.', 'NOT_APPEALABLE');
      }
      if (!mayAppealReview(current, caller)) {
        throw new ApiError(409, 'You have already appealed this decision.', 'ALREADY_APPEALED');
      }
      const decisionId = current.decisionId ?? EARLIER_DECISION;
      const appeal: Appeal = { decisionId, text: dto.text, at: new Date(), status: 'open' };
      return [
        { type: 'review.appealed', actor: actorOf(caller), set: { appeal, appealOpen: true } },
      ];
    });
    if (!after) throw new ApiError(404, 'No review has this id.');
    return this.views.asSeenBy(after, caller);
  }

  /** Reviews whose author's appeal waits, oldest first (admins). */
  async queue(query: PageQueryDto, admin: AuthUser): Promise<Page<ReviewDto>> {
    const waiting = await this.reads.waiting('appealOpen');
    const items = await this.views.allAsSeenBy(
      waiting.slice(query.offset, query.offset + query.limit),
      admin,
    );
    return { items, total: waiting.length, limit: query.limit, offset: query.offset };
  }

  /** Restores the review (published again) or keeps the decision; the author is told either way. */
  async decide(reviewId: string, dto: DecideAppealDto, admin: AuthUser): Promise<StoredReview> {
    const actor = actorOf(admin);
    const after = await this.writes.write(reviewId, (current) => {
      if (!current.appealOpen || !current.appeal) {
        throw new ApiError(409, 'No appeal of this review is waiting.', 'ALREADY_DECIDED');
      }
      const restore = dto.outcome === 'restore';
      const appeal: Appeal = {
        ...current.appeal,
        status: restore ? 'granted' : 'denied',
        note: dto.note,
        decidedAt: new Date(),
      };
      if (!dto.note) delete appeal.note;
      const status = restore
        ? statusChangeFields({ from: [], to: 'published', reasons: [] }, actor)
        : {};
      return [
        { type: 'review.appeal_decided', actor, set: { ...status, appeal, appealOpen: false } },
      ];
    });
    if (!after) throw new ApiError(404, 'No review has this id.');
    return after;
  }
}
