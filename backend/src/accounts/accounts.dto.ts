import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { trim } from '../common/transforms';

export class RequestPasswordResetDto {
  @ApiProperty({ example: 'dana@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @IsString({ message: 'email must be text' })
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @Length(1, 200, { message: 'token must be 1 to 200 characters long' })
  @IsString({ message: 'token must be text' })
  token: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'password must be 8 to 128 characters long' })
  @IsString({ message: 'password must be text' })
  password: string;
}

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @Length(1, 200, { message: 'token must be 1 to 200 characters long' })
  @IsString({ message: 'token must be text' })
  token: string;
}

export class AccountMessageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'A sentence to show' }) message: string;
}
