import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { trim } from '../common/transforms';
import { CLAIM_STATUSES, type ClaimStatus } from './service-claim.schema';

export class RequestClaimDto {
  @ApiProperty({
    example: 'ops@fastcourier.example',
    description: "An address at the domain of the service's website, where the link is e-mailed",
  })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsString({ message: 'email must be text' })
  email: string;
}

export class ConfirmClaimDto {
  @ApiProperty({ description: 'The code the e-mailed link carries' })
  @Transform(trim)
  @Length(1, 200, { message: 'token must be 1 to 200 characters long' })
  @IsString({ message: 'token must be text' })
  token: string;
}

export class RejectClaimDto {
  @ApiProperty({ example: 'The address does not belong to the company.', minLength: 3 })
  @Transform(trim)
  @Length(3, 500, { message: 'reason must be 3 to 500 characters long' })
  @IsString({ message: 'reason must be text' })
  reason: string;
}

/** A claim as its claimant and the admins see it. */
export class ClaimDto {
  @ApiProperty() serviceId: string;
  @ApiProperty() serviceTitle: string;
  @ApiPropertyOptional({ description: "The service's website the claim is for" })
  website?: string;
  @ApiProperty({ description: 'The claimant' }) userId: string;
  @ApiProperty({ description: 'The address at the website domain that confirmed it' })
  email: string;
  @ApiProperty({ enum: CLAIM_STATUSES, enumName: 'ClaimStatus' }) status: ClaimStatus;
  @ApiProperty() requestedAt: Date;
  @ApiPropertyOptional({ description: 'Until when the e-mailed link works' })
  codeExpiresAt?: Date;
  @ApiPropertyOptional() confirmedAt?: Date;
  @ApiPropertyOptional() decidedAt?: Date;
  @ApiPropertyOptional({ description: "The admin's reason, when rejected" }) note?: string;
}
