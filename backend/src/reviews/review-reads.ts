import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { mayManageReview } from '../auth/policy';
import { ReviewsRepository, type StoredReview } from './reviews.repository';
import { ReviewStore, type ServiceFigures } from './store/review-store';
import { ReviewViews } from './review-views';
import type { ReviewDto, ReviewHistoryDto } from './review.dto';

/** Single reviews read by id, and the keyed reads of reviews that are not a page of a list. */
@Injectable()
export class ReviewReads {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly store: ReviewStore,
    private readonly views: ReviewViews,
  ) {}

  async findById(id: string): Promise<StoredReview | null> {
    const review = await this.reviews.findById(id);
    return review?.status === 'deleted' ? null : review;
  }

  /** The review, if the caller is its author or an admin, as they see it. */
  async getEditable(id: string, caller: AuthUser): Promise<ReviewDto> {
    const review = await this.findById(id);
    assertEditable(review, caller);
    return this.views.asSeenBy(review!, caller);
  }

  /** A public review's versions, the current one first: anyone may read them. */
  async history(id: string): Promise<ReviewHistoryDto> {
    const review = await this.reviews.findById(id);
    if (!review || review.status !== 'published') {
      throw new ApiError(404, 'No published review has this id.');
    }
    const current = {
      title: review.title,
      details: review.details,
      rating: review.rating,
      criteria: review.criteria ?? {},
      writtenAt: review.editedAt ?? review.createdAt,
    };
    return { reviewId: id, versions: [current, ...[...(review.versions ?? [])].reverse()] };
  }

  /** What a service's reviews add up to, as the public may count them. */
  figuresOf(service: string): Promise<ServiceFigures> {
    return this.store.serviceFigures(service);
  }

  /** Reviews waiting for an admin: with open reports, or with an open appeal. */
  waiting(key: 'reported' | 'appealOpen'): Promise<StoredReview[]> {
    return this.reviews.waiting(key);
  }

  /** The author's latest `limit` reviews: what the moderation rules compare a new one with. */
  latestOfAuthor(authorId: string, limit: number) {
    return this.reviews.latestOfAuthor(authorId, limit);
  }
}

/** Refuses a change of a review that is gone, or by anyone but its author or an admin. */
export function assertEditable(review: StoredReview | null, caller: AuthUser): void {
  if (!review || review.status === 'deleted') throw new ApiError(404, 'No review has this id.');
  if (!mayManageReview(review, caller)) {
    throw new ApiError(403, 'Only the author or an admin can change this review.');
  }
}
