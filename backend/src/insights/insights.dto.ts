import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toWholeNumber } from '../common/transforms';

export class InsightsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 24, default: 12, description: 'How many months' })
  @IsOptional()
  @Transform(toWholeNumber)
  @Max(24, { message: 'months must be at most 24' })
  @Min(1, { message: 'months must be at least 1' })
  @IsInt({ message: 'months must be a whole number' })
  months: number = 12;
}

/** Mean stars per courier criterion; null where nobody rated it that month. */
export class CriteriaAveragesDto {
  @ApiProperty({ type: Number, nullable: true }) speed: number | null;
  @ApiProperty({ type: Number, nullable: true }) tracking: number | null;
  @ApiProperty({ type: Number, nullable: true }) condition: number | null;
  @ApiProperty({ type: Number, nullable: true }) communication: number | null;
  @ApiProperty({ type: Number, nullable: true }) value: number | null;
}

/**
 * One month of a service. Reviews count in the month they were written (UTC), for as long as
 * they are published; reports in the month of the review reported; invitations in the month
 * they were sent.
 */
export class MonthInsightsDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ description: 'Published reviews written this month' }) count: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Their mean stars' })
  average: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "The fair score of this month's reviews at the month's end (recent ones weigh more; few reviews lean to the site-wide mean)",
  })
  fairScore: number | null;
  @ApiProperty({ type: [Number], description: 'How many gave 1, 2, 3, 4 and 5 stars' })
  stars: number[];
  @ApiProperty({ type: CriteriaAveragesDto }) criteria: CriteriaAveragesDto;
  @ApiProperty({ description: 'Of these reviews, how many have a reply' }) replies: number;
  @ApiProperty({ type: Number, nullable: true, description: 'replies / count (0–1)' })
  replyRate: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Half the replies came within this many hours of their review (a bound of 1, 3, 6, 12, 24, 48, 72, 168, 336 or 720)',
  })
  typicalReplyHours: number | null;
  @ApiProperty({ description: "Readers' reports of these reviews" }) reportsOpened: number;
  @ApiProperty({ description: 'Of those, upheld by an admin' }) reportsUpheld: number;
  @ApiProperty({ description: 'Of those, dismissed by an admin' }) reportsDismissed: number;
  @ApiProperty({ description: 'Review invitations sent this month' }) invitationsSent: number;
  @ApiProperty({ description: 'Reviews written this month through an invitation' })
  invitationsReviewed: number;
}

export class WeekCountDto {
  @ApiProperty({ example: '2026-W48', description: 'ISO week' }) week: string;
  @ApiProperty({ description: 'Published reviews written that week' }) count: number;
}

export class ServiceInsightsDto {
  @ApiProperty({ type: [MonthInsightsDto], description: 'Oldest first, to this month' })
  months: MonthInsightsDto[];
  @ApiProperty({ type: [WeekCountDto], description: 'Weeks with reviews, oldest first' })
  weeks: WeekCountDto[];
}

export class TrendMonthDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ description: 'Published reviews written this month' }) count: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Their mean stars' })
  average: number | null;
}
