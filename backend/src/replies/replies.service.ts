import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { mayActForService } from '../auth/policy';
import { actorOf } from '../events/outbox.service';
import type { ReviewDto } from '../reviews/review.dto';
import type { ReplyVersion, ReviewReply } from '../reviews/review.schema';
import { ReviewReads } from '../reviews/review-reads';
import { ReviewViews } from '../reviews/review-views';
import { ReviewWrites } from '../reviews/review-writes';
import { ServicesService } from '../services/services.service';
import type { ReplyHistoryDto, ReplyTextDto } from './reply.dto';

function noPublishedReview(): ApiError {
  return new ApiError(404, 'No published review has this id.');
}

/**
 * The business's public replies to reviews: its service's owner (who added it) or an admin
 * replies once per review, and may edit the reply; earlier versions are kept for anyone to read.
 * A reply is part of its review, written with its event in the review's one atomic write
 * (ReviewWrites.write), so it is audited, its author notified and the service's reply counters
 * moved as the review's other changes are.
 */
@Injectable()
export class RepliesService {
  constructor(
    private readonly writes: ReviewWrites,
    private readonly reads: ReviewReads,
    private readonly views: ReviewViews,
    private readonly services: ServicesService,
  ) {}

  /** Replies to the review; a second reply is refused (409): edit the first instead. */
  async reply(reviewId: string, dto: ReplyTextDto, caller: AuthUser): Promise<ReviewDto> {
    await this.assertMayReply(reviewId, caller);
    const after = await this.writes.write(reviewId, (current) => {
      if (current.status !== 'published') throw noPublishedReview();
      if (current.reply) {
        throw new ApiError(
          409,
          'This review already has a reply; edit it instead.',
          'ALREADY_REPLIED',
        );
      }
      const reply: ReviewReply = {
        text: dto.text,
        authorId: caller.id,
        createdAt: new Date(),
        versionCount: 0,
      };
      return [{ type: 'review.replied', actor: actorOf(caller), set: { reply } }];
    });
    if (!after) throw noPublishedReview();
    return this.views.asSeenBy(after, caller);
  }

  /** Replaces the reply's text, keeping the text it replaces as an earlier version. */
  async edit(reviewId: string, dto: ReplyTextDto, caller: AuthUser): Promise<ReviewDto> {
    await this.assertMayReply(reviewId, caller);
    const after = await this.writes.write(reviewId, (current) => {
      const reply = current.reply;
      if (!reply) throw new ApiError(404, 'This review has no reply to edit.');
      if (reply.text === dto.text) return null;
      const now = new Date();
      const replaced: ReplyVersion = {
        text: reply.text,
        writtenAt: reply.editedAt ?? reply.createdAt,
        replacedAt: now,
      };
      const replyVersions = [...(current.replyVersions ?? []), replaced];
      const edited: ReviewReply = {
        ...reply,
        text: dto.text,
        editedAt: now,
        versionCount: replyVersions.length,
      };
      return [
        {
          type: 'review.reply_edited',
          actor: actorOf(caller),
          set: { reply: edited, replyVersions },
        },
      ];
    });
    // Nothing written: the same text again (or the review went meanwhile).
    const review = after ?? (await this.reads.findById(reviewId));
    if (!review) throw noPublishedReview();
    return this.views.asSeenBy(review, caller);
  }

  /** The reply's versions, the current one first: anyone may read them. */
  async history(reviewId: string): Promise<ReplyHistoryDto> {
    const review = await this.reads.findById(reviewId);
    if (!review || review.status !== 'published' || !review.reply) {
      throw new ApiError(404, 'This review has no reply.');
    }
    const { reply } = review;
    const current = { text: reply.text, writtenAt: reply.editedAt ?? reply.createdAt };
    return {
      reviewId,
      versions: [current, ...[...(review.replyVersions ?? [])].reverse()],
    };
  }

  /** The review is published, and the caller owns its service or is an admin (auth/policy.ts). */
  private async assertMayReply(reviewId: string, caller: AuthUser): Promise<void> {
    const review = await this.reads.findById(reviewId);
    if (!review || review.status !== 'published') throw noPublishedReview();
    const service = await this.services.identity(review.service);
    if (!mayActForService(service ?? undefined, caller)) {
      throw new ApiError(403, "Only the service's owner or an admin can reply to its reviews.");
    }
  }
}
