import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { trim } from '../common/transforms';

export class CreateAppealDto {
  @ApiProperty({ minLength: 10, maxLength: 2000, example: 'This was my real delivery last week.' })
  @Transform(trim)
  @Length(10, 2000, { message: 'text must be 10 to 2000 characters long' })
  @IsString({ message: 'text must be text' })
  text: string;
}

export const APPEAL_OUTCOMES = ['restore', 'keep'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export class DecideAppealDto {
  @ApiProperty({ enum: APPEAL_OUTCOMES, description: 'restore: publish the review again' })
  @IsIn(APPEAL_OUTCOMES, { message: 'outcome must be restore or keep' })
  outcome: AppealOutcome;

  @ApiPropertyOptional({ maxLength: 500, description: 'What the author reads' })
  @IsOptional()
  @Transform(trim)
  @Length(1, 500, { message: 'note must be 1 to 500 characters long' })
  @IsString({ message: 'note must be text' })
  note?: string;
}
