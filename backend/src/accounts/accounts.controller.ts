import { Body, Controller, Post, applyDecorators } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_RATE_LIMIT } from '../common/rate-limit/rate-limit';
import { Write, type OperationDoc } from '../common/route-kinds';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Access } from '../auth/access';
import {
  AccountMessageDto,
  RequestPasswordResetDto,
  ResetPasswordDto,
  VerifyEmailDto,
} from './accounts.dto';
import { EmailVerification } from '../auth/email-verification';
import { PasswordReset, RESET_REQUESTED } from './password-reset';

/**
 * A route an e-mailed link leads to: anyone may call it (the token is the proof), limited per
 * client address as logins are; it answers a message.
 */
function LinkRoute(operation: OperationDoc) {
  return applyDecorators(
    Access('public'),
    Write(operation, AccountMessageDto, [400], { limit: AUTH_RATE_LIMIT }),
  );
}

/** Password reset and e-mail verification: the links mailed to an address, and their use. */
@ApiTags('accounts')
@Controller()
export class AccountsController {
  constructor(
    private readonly reset: PasswordReset,
    private readonly verification: EmailVerification,
  ) {}

  @Post('auth/password-reset')
  @LinkRoute({
    operationId: 'requestPasswordReset',
    summary: 'Mails a reset link if an account uses the address; the same answer either way',
  })
  async requestReset(@Body() dto: RequestPasswordResetDto): Promise<AccountMessageDto> {
    await this.reset.request(dto.email);
    return { success: true, message: RESET_REQUESTED };
  }

  @Post('auth/password-reset/confirm')
  @LinkRoute({
    operationId: 'resetPassword',
    summary: "Sets a new password with a reset link's token; every login of the account ends",
  })
  async confirmReset(@Body() dto: ResetPasswordDto): Promise<AccountMessageDto> {
    await this.reset.reset(dto.token, dto.password);
    return { success: true, message: 'Your password was changed; please log in with it.' };
  }

  @Post('auth/verify-email')
  @LinkRoute({
    operationId: 'verifyEmail',
    summary: "Confirms an account's e-mail address with a verification link's token",
  })
  async verify(@Body() dto: VerifyEmailDto): Promise<AccountMessageDto> {
    await this.verification.confirm(dto.token);
    return { success: true, message: 'Thank you: your e-mail address is verified.' };
  }

  @Post('account/verification')
  @Access('signed-in')
  @Write(
    {
      operationId: 'resendVerification',
      summary: 'Mails a new verification link to the signed-in user',
    },
    AccountMessageDto,
    [409],
  )
  async resend(@CurrentUser() user: AuthUser): Promise<AccountMessageDto> {
    await this.verification.resend(user.id);
    return { success: true, message: `We have sent a new link to ${user.email}.` };
  }
}
