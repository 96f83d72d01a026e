import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsISO8601, IsOptional, IsString, Matches } from 'class-validator';
import { PageQueryDto } from '../common/pagination';
import { EVENT_TYPES, type EventType } from '../events/review-events';

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: EVENT_TYPES,
    enumName: 'EventType',
    description: 'Only this kind of change',
  })
  @IsOptional()
  @IsIn(EVENT_TYPES, { message: `action must be one of ${EVENT_TYPES.join(', ')}` })
  action?: EventType;

  @ApiPropertyOptional({ description: "The actor's e-mail" })
  @IsOptional()
  @IsEmail({}, { message: 'actor must be an e-mail address' })
  @IsString({ message: 'actor must be text' })
  actor?: string;

  @ApiPropertyOptional({ description: 'Only entries about this review id' })
  @IsOptional()
  @Matches(/^[a-f\d]{24}$/i, { message: 'review must be a valid id' })
  @IsString({ message: 'review must be text' })
  review?: string;

  @ApiPropertyOptional({
    description:
      'Only entries of this UTC day (YYYY-MM-DD); without review or actor, today is the default',
    example: '2026-03-02',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'day must be a real date written YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be a real date written YYYY-MM-DD' })
  day?: string;
}

class AuditActorDto {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['user', 'admin', 'system'] }) role: string;
}

export class AuditEntryDto {
  @ApiProperty({ description: 'The event id' }) _id: string;
  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType' }) type: EventType;
  @ApiProperty() at: Date;
  @ApiProperty({ description: 'The UTC day of `at`, YYYY-MM-DD' }) day: string;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiProperty({ description: "The actor's id" }) actorId: string;
  @ApiPropertyOptional() reviewId?: string;
  @ApiPropertyOptional() serviceId?: string;
  @ApiProperty({ type: Object, nullable: true, description: 'The record before the change' })
  before: Record<string, unknown> | null;
  @ApiProperty({ type: Object, nullable: true, description: 'The record after the change' })
  after: Record<string, unknown> | null;
  @ApiProperty() recordedAt: Date;
  @ApiPropertyOptional({
    description: "The actor's name now (absent for the system and for a deleted account)",
  })
  actorName?: string;
  @ApiPropertyOptional({ description: "The service's title now (absent once it is gone)" })
  serviceTitle?: string;
}
