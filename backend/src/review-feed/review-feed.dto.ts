import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ReviewDto } from '../reviews/review.dto';
import { REVIEW_CHANGE_TYPES, type ReviewChangeType } from './review-feed-page.schema';

export class ReviewChangesQueryDto {
  @ApiPropertyOptional({
    description: 'The `next` of the previous answer; absent: from the first change',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  since?: string;
}

/** A review as visitors see it, without what a caller may do with it. */
export class PublicReviewDto extends OmitType(ReviewDto, ['permissions'] as const) {}

export class ReviewChangeDto {
  @ApiProperty({ description: 'Its number in the service’s changes, from 1, without gaps' })
  seq: number;
  @ApiProperty({
    enum: REVIEW_CHANGE_TYPES,
    enumName: 'ReviewChangeType',
    description:
      'created: it is public now (new, or published by a moderator); updated: it changed; deleted: it is no longer public (deleted, held or taken down)',
  })
  type: ReviewChangeType;
  @ApiProperty() reviewId: string;
  @ApiProperty({ description: 'When the change was made (ISO 8601)' }) at: string;
  @ApiPropertyOptional({
    type: PublicReviewDto,
    description: 'The review as it is public now; absent from a deletion',
  })
  review?: PublicReviewDto;
}

export class ReviewChangesDto {
  @ApiProperty({ type: [ReviewChangeDto], description: 'Oldest first, at most 100' })
  changes: ReviewChangeDto[];
  @ApiProperty({ description: 'The cursor to ask from next time (`since`)' }) next: string;
  @ApiProperty({ description: 'True when more changes wait: ask again with `next` at once' })
  hasMore: boolean;
}
