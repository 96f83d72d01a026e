import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsMongoId,
  IsString,
  Length,
  ValidateIf,
} from 'class-validator';
import { MAX_LIMIT } from '../common/pagination';
import { trim } from '../common/transforms';
import { ReviewDto } from '../reviews/review.dto';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportReason,
  type ReportStatus,
} from './report.schema';

const TEXT_RULE = 'text must be 3 to 500 characters long (required for "other")';

export class CreateReportDto {
  @ApiProperty({
    enum: REPORT_REASONS,
    description:
      'spam or advertising, fake or not a real experience, offensive, personal information, not about this service, or other (with text)',
  })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason: ReportReason;

  @ApiPropertyOptional({ minLength: 3, maxLength: 500, description: 'Required for "other"' })
  @ValidateIf((dto: CreateReportDto) => dto.reason === 'other' || dto.text !== undefined)
  @Transform(trim)
  @Length(3, 500, { message: TEXT_RULE })
  @IsString({ message: TEXT_RULE })
  text?: string;
}

export class ReportDto {
  @ApiProperty({ description: '<reviewId>:<reporterId>' }) _id: string;
  @ApiProperty() reviewId: string;
  @ApiProperty() serviceId: string;
  @ApiProperty() reporterId: string;
  @ApiProperty() reporterEmail: string;
  @ApiProperty() reporterName: string;
  @ApiProperty({ enum: REPORT_REASONS }) reason: ReportReason;
  @ApiPropertyOptional() text?: string;
  @ApiProperty({ description: "What it adds to the review's report weight (0 when held)" })
  weight: number;
  @ApiProperty({ description: 'Held for an admin without counting (mass reporting)' })
  held: boolean;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty() createdAt: Date;
  @ApiPropertyOptional() decidedAt?: Date;
}

/** Which reviews of a list the caller reported: the ids of a page of it, at most MAX_LIMIT. */
export class MyReportsQueryDto {
  @ApiProperty({
    description: 'Review ids separated by commas',
    example: '665f1c2ab3d4e5f6a7b8c9d0,665f1c2ab3d4e5f6a7b8c9d1',
  })
  // One parameter with commas, or the parameter repeated (a client's way with arrays).
  @Transform(({ value }: { value: unknown }) =>
    [value].flat().flatMap((ids) => (typeof ids === 'string' ? ids.split(',') : [ids])),
  )
  @IsMongoId({ each: true, message: 'reviews must hold review ids separated by commas' })
  @ArrayMaxSize(MAX_LIMIT, { message: `reviews may hold at most ${MAX_LIMIT} review ids` })
  @IsArray({ message: 'reviews must hold review ids separated by commas' })
  reviews: string[];
}

/** The caller's report of one review: open (it may be withdrawn) or decided. */
export class MyReportStatusDto {
  @ApiProperty() reviewId: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
}

/** A review in the report queue, with its open reports. */
export class ReportedReviewDto {
  @ApiProperty({ description: "The review's id" }) _id: string;
  @ApiProperty({ type: ReviewDto }) review: ReviewDto;
  @ApiProperty({ type: [ReportDto] }) reports: ReportDto[];
}

export class UpholdReportsDto {
  @ApiProperty({ example: 'Advertising is not allowed.', minLength: 3, maxLength: 500 })
  @Transform(trim)
  @Length(3, 500, { message: 'reason must be 3 to 500 characters long' })
  @IsString({ message: 'reason must be text' })
  reason: string;
}
