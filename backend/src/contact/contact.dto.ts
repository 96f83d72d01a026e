import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { trim } from '../common/transforms';

export class ContactMessageDto {
  @ApiProperty({ example: 'Dana Courier', minLength: 1, maxLength: 80 })
  @Transform(trim)
  @Length(1, 80, { message: 'Full name must be 1 to 80 characters long' })
  @IsString({ message: 'Full name must be text' })
  name: string;

  @ApiProperty({ example: 'dana@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'Email address must be at most 254 characters long' })
  @IsEmail({}, { message: 'Email address must be an e-mail address' })
  @IsString({ message: 'Email address must be text' })
  email: string;

  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @Transform(trim)
  @Length(1, 5000, { message: 'Message must be 1 to 5000 characters long' })
  @IsString({ message: 'Message must be text' })
  message: string;
}

export class ContactSentDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'A sentence to show' }) message: string;
}
