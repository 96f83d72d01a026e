import { ApiProperty } from '@nestjs/swagger';

export class CounterDifferenceDto {
  @ApiProperty({ example: 'ratingStars.s1', description: 'The counter, as the service keeps it' })
  field: string;
  @ApiProperty({ example: -4, description: 'Its stored value' }) stored: number;
  @ApiProperty({ example: 1, description: 'Its value counted from the published reviews' })
  counted: number;
}

export const RECOUNT_OUTCOMES = ['exact', 'mended', 'busy'] as const;

/** What a recount of one service's counters found and did. */
export class ServiceRecountDto {
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' }) serviceId: string;
  @ApiProperty({ example: 3, description: 'Its published reviews, which the counters count' })
  reviews: number;
  @ApiProperty({ type: [CounterDifferenceDto], description: 'The counters that differed' })
  differences: CounterDifferenceDto[];
  @ApiProperty({
    enum: RECOUNT_OUTCOMES,
    description:
      'exact: nothing differed; mended: the differing counters were set to the counted values; busy: review changes kept arriving, nothing was set (run it again)',
  })
  outcome: (typeof RECOUNT_OUTCOMES)[number];
}
