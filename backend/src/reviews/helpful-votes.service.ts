import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import type { AuthUser } from '../auth/auth-user';
import { mayMarkHelpful } from '../auth/policy';
import { helpfulVoteId } from './helpful-vote.schema';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { REVIEWS_SCOPE, reviewsOfAuthorScope, reviewsOfServiceScope } from './review-scopes';
import { ReviewsRepository } from './reviews.repository';
import { ReviewStore } from './store/review-store';
import type { HelpfulVoteDto } from './review.dto';

/** Which reviews one reader marked helpful, cached for them until they vote again. */
export function helpfulVotesOfScope(voterId: string): string {
  return `helpful-votes-of:${voterId}`;
}

function noPublishedReview(): ApiError {
  return new ApiError(404, 'No published review has this id.');
}

/**
 * Readers' "helpful" marks: one per reader per review (a derived `_id`), never on their own
 * review, and taken back at will. The review keeps the count as a counter, moved in one atomic
 * write per vote, and moved in its service's helpful order (ReviewStore.markHelpful); the
 * cached lists that show it are invalidated with it.
 */
@Injectable()
export class HelpfulVotesService {
  constructor(
    private readonly votes: HelpfulVotesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly cache: ReadCache,
    private readonly store: ReviewStore,
  ) {}

  async mark(reviewId: string, caller: AuthUser): Promise<HelpfulVoteDto> {
    const review = await this.reviews.findById(reviewId, 'own');
    if (!review || review.status !== 'published') throw noPublishedReview();
    if (!mayMarkHelpful(review, caller)) {
      throw new ApiError(403, 'You cannot mark your own review as helpful.', 'OWN_REVIEW');
    }
    try {
      await this.votes.insert({
        _id: helpfulVoteId(reviewId, caller.id),
        reviewId,
        voterId: caller.id,
        createdAt: new Date(),
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'You have already marked this review as helpful.', 'ALREADY_VOTED');
      }
      throw error;
    }
    return this.count(reviewId, 1, caller);
  }

  async withdraw(reviewId: string, caller: AuthUser): Promise<HelpfulVoteDto> {
    const removed = await this.votes.remove(helpfulVoteId(reviewId, caller.id));
    if (!removed) throw new ApiError(404, 'You have not marked this review as helpful.');
    return this.count(reviewId, -1, caller);
  }

  /**
   * The ids among `reviewIds` that the reader marked helpful: a key lookup per review, cached for
   * the reader (so a signed-in page of cached reads stays replayable) until their next vote.
   */
  async markedBy(voterId: string, reviewIds: string[]): Promise<Set<string>> {
    if (reviewIds.length === 0) return new Set();
    const marked = await this.cache.read(
      [helpfulVotesOfScope(voterId)],
      cacheKey('helpful-votes', { voterId, reviewIds }),
      async () => {
        const found = await Promise.all(
          reviewIds.map((id) => this.votes.exists(helpfulVoteId(id, voterId))),
        );
        return reviewIds.filter((_, index) => found[index]);
      },
    );
    return new Set(marked);
  }

  /** Moves the review's counter by `delta`, and drops the lists and marks that showed it. */
  private async count(reviewId: string, delta: 1 | -1, caller: AuthUser): Promise<HelpfulVoteDto> {
    const changed = await this.reviews.modify(reviewId, (current) => ({
      helpfulCount: Math.max(0, (current.helpfulCount ?? 0) + delta),
    }));
    const scopes = [helpfulVotesOfScope(caller.id)];
    if (changed) {
      await this.store.markHelpful(changed.after);
      const { service, authorId } = changed.after;
      scopes.push(REVIEWS_SCOPE, reviewsOfServiceScope(service), reviewsOfAuthorScope(authorId));
    }
    await this.cache.invalidate(...scopes);
    return {
      reviewId,
      helpfulCount: changed?.after.helpfulCount ?? 0,
      helpfulByMe: delta > 0,
    };
  }
}
