import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import { trim } from '../common/transforms';

export class RejectReviewDto {
  @ApiProperty({ example: 'Personal attacks are not allowed.', minLength: 3, maxLength: 500 })
  @Transform(trim)
  @Length(3, 500, { message: 'reason must be 3 to 500 characters long' })
  @IsString({ message: 'reason must be text' })
  reason: string;
}

export class ModerationResultDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ enum: ['published', 'flagged', 'rejected'] }) status: string;
}

/** The answer to an admin's decision: the review's status after it. */
export function moderationResult(review: { status: string }): ModerationResultDto {
  return { success: true, status: review.status };
}

export class QueuesSessionDto {
  @ApiProperty({ example: '/api/admin/queues' }) url: string;
  @ApiProperty({ example: 900 }) expiresInSeconds: number;
}
