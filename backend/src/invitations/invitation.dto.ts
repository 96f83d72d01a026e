import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../common/transforms';

export class CreateInvitationDto {
  @ApiPropertyOptional({
    example: 'customer@example.com',
    description: 'Where to e-mail the link (when mail is set up); without it, copy the link',
  })
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsString({ message: 'email must be text' })
  email?: string;
}

/** A new invitation: its link (shown once: only its hash is stored) and whether it was e-mailed. */
export class InvitationCreatedDto {
  @ApiProperty({ description: 'The token the link carries' }) token: string;
  @ApiProperty({ example: 'https://service-critic.example/invitations/…' }) url: string;
  @ApiProperty() expiresAt: Date;
  @ApiProperty({ description: 'Whether the link was e-mailed to the address given' })
  emailed: boolean;
}

export const INVITATION_STATES = ['open', 'used', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What an invitation's link opens: the service to review, and whether the link still works. */
export class InvitationDto {
  @ApiProperty() serviceId: string;
  @ApiProperty() serviceTitle: string;
  @ApiProperty() expiresAt: Date;
  @ApiProperty({ enum: INVITATION_STATES }) state: InvitationState;
}
