import { ApiProperty } from '@nestjs/swagger';

export class CriterionSummaryDto {
  @ApiProperty({ type: Number, nullable: true, example: 4.2 }) average: number | null;
  @ApiProperty({ example: 12 }) count: number;
}

export class CriteriaSummaryDto {
  @ApiProperty({ type: CriterionSummaryDto }) speed: CriterionSummaryDto;
  @ApiProperty({ type: CriterionSummaryDto }) tracking: CriterionSummaryDto;
  @ApiProperty({ type: CriterionSummaryDto, description: 'Parcel arrived intact' })
  condition: CriterionSummaryDto;
  @ApiProperty({ type: CriterionSummaryDto }) communication: CriterionSummaryDto;
  @ApiProperty({ type: CriterionSummaryDto }) value: CriterionSummaryDto;
}

export class StarDistributionDto {
  @ApiProperty({ name: '1' }) '1': number;
  @ApiProperty({ name: '2' }) '2': number;
  @ApiProperty({ name: '3' }) '3': number;
  @ApiProperty({ name: '4' }) '4': number;
  @ApiProperty({ name: '5' }) '5': number;
}

/** A service's rating: mean stars (0 when unrated), count, per-star counts, per-criterion means. */
export class RatingSummaryDto {
  @ApiProperty({ example: 4.3 }) average: number;
  @ApiProperty({ example: 27 }) count: number;
  @ApiProperty({ type: StarDistributionDto }) distribution: StarDistributionDto;
  @ApiProperty({ type: CriteriaSummaryDto }) criteria: CriteriaSummaryDto;
}
