import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { RegisterDto } from '../auth/dto/auth.dto';

export class RequestPasswordResetDto extends PickType(RegisterDto, ['email'] as const) {}

/** The token of an e-mailed link. */
export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @Length(1, 200, { message: 'token must be 1 to 200 characters long' })
  @IsString({ message: 'token must be text' })
  token: string;
}

export class ResetPasswordDto extends IntersectionType(
  VerifyEmailDto,
  PickType(RegisterDto, ['password'] as const),
) {}

export class AccountMessageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'A sentence to show' }) message: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @MaxLength(128, { message: 'currentPassword must be at most 128 characters long' })
  @IsString({ message: 'currentPassword must be text' })
  currentPassword: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'newPassword must be 8 to 128 characters long' })
  @IsString({ message: 'newPassword must be text' })
  newPassword: string;
}

export class SessionDto {
  @ApiProperty({ description: 'The login' }) id: string;
  @ApiProperty({ description: "The browser's User-Agent when it signed in" }) device: string;
  @ApiProperty({ description: 'The address it signed in from' }) ip: string;
  @ApiProperty({ description: 'When it signed in' }) signedInAt: Date;
  @ApiProperty({ description: 'Whether it is the login making this call' }) current: boolean;
}

export class EndedSessionsDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'How many logins were ended' }) ended: number;
  @ApiProperty({ description: 'A sentence to show' }) message: string;
}

export class DeleteAccountDto {
  @ApiProperty({ description: 'Your password, to confirm' })
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @IsString({ message: 'password must be text' })
  password: string;

  @ApiProperty({
    enum: ['delete', 'keep'],
    description: 'delete: your reviews go with the account; keep: they stay under "Deleted user"',
  })
  @IsIn(['delete', 'keep'], { message: 'reviews must be "delete" or "keep"' })
  reviews: 'delete' | 'keep';
}
