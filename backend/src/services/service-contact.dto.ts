import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { trim } from '../common/transforms';

/** A phone number as people write one: digits with spaces, dashes, dots or brackets, maybe a +. */
const PHONE = /^\+?[\d\s().-]{6,30}$/;

/**
 * The company's website and how to reach it: given when a service is added, and changed by its
 * owner or an admin (PUT /services/:id/contact, where an absent field is removed).
 */
export class ServiceContactDto {
  @ApiPropertyOptional({ example: 'https://www.fastcourier.example', maxLength: 2048 })
  @IsOptional()
  @Transform(trim)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: true },
    { message: 'website must be a web address starting with https:// or http://' },
  )
  @MaxLength(2048, { message: 'website must be at most 2048 characters long' })
  @IsString({ message: 'website must be text' })
  website?: string;

  @ApiPropertyOptional({ example: 'hello@fastcourier.example', maxLength: 254 })
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: 'contactEmail must be an e-mail address' })
  @MaxLength(254, { message: 'contactEmail must be at most 254 characters long' })
  @IsString({ message: 'contactEmail must be text' })
  contactEmail?: string;

  @ApiPropertyOptional({ example: '+44 20 7946 0000', maxLength: 30 })
  @IsOptional()
  @Transform(trim)
  @Matches(PHONE, {
    message:
      'contactPhone must be a phone number: 6 to 30 digits, spaces, dashes, dots or brackets, optionally after a +',
  })
  @IsString({ message: 'contactPhone must be text' })
  contactPhone?: string;
}
