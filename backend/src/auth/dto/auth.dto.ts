import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { PublicUserDto } from '../../users/public-user';
import { IsImageLocation } from '../../common/image-location.validator';
import { trim } from '../../common/transforms';

// With stopAtFirstError, class-validator runs a property's decorators bottom-up: the type check
// stands last so that a missing or non-text value is reported as such.
export class RegisterDto {
  @ApiProperty({ example: 'Dana Courier', minLength: 1, maxLength: 80 })
  @Transform(trim)
  @Length(1, 80, { message: 'name must be 1 to 80 characters long' })
  @IsString({ message: 'name must be text' })
  name: string;

  @ApiProperty({ example: 'dana@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @IsString({ message: 'email must be text' })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'password must be 8 to 128 characters long' })
  @IsString({ message: 'password must be text' })
  password: string;
}

export class LoginDto {
  @ApiProperty({ example: 'dana@example.com' })
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsString({ message: 'email must be text' })
  email: string;

  @ApiProperty()
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @IsString({ message: 'password must be text' })
  password: string;
}

export class UpdateProfileDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 80 })
  @IsOptional()
  @Transform(trim)
  @Length(1, 80, { message: 'displayName must be 1 to 80 characters long' })
  @IsString({ message: 'displayName must be text' })
  displayName?: string;

  @ApiPropertyOptional({ description: 'An http(s) URL or a path on this site; empty to remove' })
  @IsOptional()
  @Transform(trim)
  @IsImageLocation({
    allowEmpty: true,
    message: 'photoURL must be an http(s) URL or a path on this site',
  })
  @IsString({ message: 'photoURL must be text' })
  photoURL?: string;
}

export class AuthResultDto {
  @ApiProperty({ description: 'Short-lived JWT for the Authorization: Bearer header' })
  accessToken: string;

  @ApiProperty({ type: PublicUserDto })
  user: PublicUserDto;
}

export class RegisterResultDto extends AuthResultDto {
  @ApiProperty({ example: true })
  acknowledged: boolean;

  @ApiProperty()
  insertedId: string;
}

export class ProvidersDto {
  @ApiProperty({ description: 'Whether Google sign-in is configured' })
  google: boolean;
}

export class LogoutResultDto {
  @ApiProperty({ example: true })
  success: boolean;
}
