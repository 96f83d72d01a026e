import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsMongoId,
  IsString,
  Length,
  ValidateIf,
} from 'class-validator';
import { trim } from '../common/transforms';

/** How many reviews one bulk decision takes at most. */
export const MAX_BULK_DECISIONS = 100;

export const BULK_DECISIONS = ['approve', 'reject'] as const;
export type BulkDecision = (typeof BULK_DECISIONS)[number];

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

/** One decision on many reviews, each taken as its own approve or reject would be. */
export class BulkModerationDto {
  @ApiProperty({ enum: BULK_DECISIONS })
  @IsIn(BULK_DECISIONS, { message: 'decision must be approve or reject' })
  decision: BulkDecision;

  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_BULK_DECISIONS, uniqueItems: true })
  @IsMongoId({ each: true, message: 'ids must hold review ids only' })
  @ArrayUnique({ message: 'ids must not repeat a review' })
  @ArrayMaxSize(MAX_BULK_DECISIONS, {
    message: `ids may hold at most ${MAX_BULK_DECISIONS} reviews`,
  })
  @ArrayMinSize(1, { message: 'ids must hold at least one review id' })
  @IsArray({ message: 'ids must be a list of review ids' })
  ids: string[];

  @ApiPropertyOptional({
    description: 'Required to reject: the reason each author sees',
    minLength: 3,
    maxLength: 500,
  })
  @ValidateIf((dto: BulkModerationDto) => dto.decision === 'reject' || dto.reason !== undefined)
  @Transform(trim)
  @Length(3, 500, { message: 'reason must be 3 to 500 characters long' })
  @IsString({ message: 'reason must be text' })
  reason?: string;
}

/** What became of one review of a bulk decision. */
export class BulkModerationOutcomeDto {
  @ApiProperty() id: string;
  @ApiProperty() success: boolean;
  @ApiPropertyOptional({ enum: ['published', 'flagged', 'rejected'], description: 'When done' })
  status?: string;
  @ApiPropertyOptional({ description: 'HTTP status its own decision would have answered' })
  statusCode?: number;
  @ApiPropertyOptional({ description: 'Why it was not done, as a sentence' })
  error?: string;
}

export class BulkModerationResultDto {
  @ApiProperty({ type: [BulkModerationOutcomeDto], description: 'One per id, in their order' })
  results: BulkModerationOutcomeDto[];
}
