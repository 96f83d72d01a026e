import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ServiceTransparencyDto {
  @ApiProperty() published: number;
  @ApiProperty({ description: 'Held for moderators' }) flagged: number;
  @ApiProperty({ description: 'Taken down by moderators' }) removed: number;
  @ApiProperty() reportsReceived: number;
  @ApiProperty() reportsUpheld: number;
  @ApiPropertyOptional({
    description: 'Share (0–1) of published reviews from verified accounts; absent with none',
  })
  verifiedShare?: number;
}

export class RuleFiguresDto {
  @ApiProperty() rule: string;
  @ApiProperty({ description: 'Reviews it flagged' }) flagged: number;
  @ApiProperty({ description: 'Of those, removed by an admin' }) confirmed: number;
  @ApiProperty({ description: 'Of those, published by an admin' }) overturned: number;
}

export class MonthTransparencyDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty() reviewsWritten: number;
  @ApiProperty() fromVerifiedAccounts: number;
  @ApiProperty() edits: number;
  @ApiProperty() flagged: number;
  @ApiProperty() removed: number;
  @ApiProperty() restored: number;
  @ApiProperty() reportsReceived: number;
  @ApiProperty() reportsUpheld: number;
  @ApiProperty() reportsDismissed: number;
  @ApiProperty() appeals: number;
  @ApiProperty() appealsGranted: number;
  @ApiProperty({
    description:
      'Unusual bursts of reviews on a service: each held its new reviews for moderators (rule BURST)',
  })
  burstAlerts: number;
  @ApiProperty({ type: [RuleFiguresDto] }) rules: RuleFiguresDto[];
}
