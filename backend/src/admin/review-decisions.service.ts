import { Injectable } from '@nestjs/common';
import { ApiError, type ApiErrorBody } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { actorOf } from '../events/outbox.service';
import type { StatusChange } from '../reviews/review-changes';
import { ReviewReads } from '../reviews/review-reads';
import { ReviewWrites } from '../reviews/review-writes';
import {
  moderationResult,
  type BulkModerationDto,
  type BulkModerationOutcomeDto,
  type BulkModerationResultDto,
  type ModerationResultDto,
} from './admin.dto';

const APPROVAL: StatusChange = { from: ['flagged', 'rejected'], to: 'published' };

function rejection(reason: string | undefined): StatusChange {
  return { from: ['flagged', 'published'], to: 'rejected', note: reason };
}

/** An admin's moderation decisions: approving or rejecting one review, or many at once. */
@Injectable()
export class ReviewDecisions {
  constructor(
    private readonly writes: ReviewWrites,
    private readonly reads: ReviewReads,
  ) {}

  approve(id: string, admin: AuthUser): Promise<ModerationResultDto> {
    return this.decide(id, APPROVAL, admin);
  }

  reject(id: string, reason: string, admin: AuthUser): Promise<ModerationResultDto> {
    return this.decide(id, rejection(reason), admin);
  }

  /** Each review decided as its own route would; answers each one's outcome. */
  async decideMany(dto: BulkModerationDto, admin: AuthUser): Promise<BulkModerationResultDto> {
    const change = dto.decision === 'approve' ? APPROVAL : rejection(dto.reason);
    const results = await Promise.all(
      dto.ids.map((id) => this.outcomeOf(id, this.decide(id, change, admin))),
    );
    return { results };
  }

  /** One review's part of a bulk decision: its result, or the sentence its own route would answer. */
  private async outcomeOf(
    id: string,
    decision: Promise<ModerationResultDto>,
  ): Promise<BulkModerationOutcomeDto> {
    try {
      return { id, ...(await decision) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const body = error.getResponse() as ApiErrorBody;
      return { id, success: false, statusCode: error.getStatus(), error: body.error };
    }
  }

  private async decide(
    id: string,
    change: StatusChange,
    admin: AuthUser,
  ): Promise<ModerationResultDto> {
    const changed = await this.writes.changeStatus(id, change, actorOf(admin));
    if (changed) return moderationResult(changed);
    const review = await this.reads.findById(id);
    if (!review) throw new ApiError(404, 'No review has this id.');
    throw new ApiError(409, `This review is already ${review.status}.`, 'ALREADY_DECIDED');
  }
}
