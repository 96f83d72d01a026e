import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-responses';
import { AUTH_RATE_LIMIT, RateLimit, WRITE_RATE_LIMIT } from '../common/rate-limit/rate-limit';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Access } from '../auth/access';
import {
  AccountMessageDto,
  RequestPasswordResetDto,
  ResetPasswordDto,
  VerifyEmailDto,
} from './accounts.dto';
import { EmailVerification } from './email-verification';
import { PasswordReset, RESET_REQUESTED } from './password-reset';

/** Password reset and e-mail verification: the links mailed to an address, and their use. */
@ApiTags('accounts')
@Controller()
export class AccountsController {
  constructor(
    private readonly reset: PasswordReset,
    private readonly verification: EmailVerification,
  ) {}

  @Post('auth/password-reset')
  @Access('public')
  @HttpCode(200)
  @RateLimit(AUTH_RATE_LIMIT)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'Mails a reset link if an account uses the address; the same answer either way',
  })
  @ApiOkResponse({ type: AccountMessageDto })
  @ApiErrors(400, 429)
  async requestReset(@Body() dto: RequestPasswordResetDto): Promise<AccountMessageDto> {
    await this.reset.request(dto.email);
    return { success: true, message: RESET_REQUESTED };
  }

  @Post('auth/password-reset/confirm')
  @Access('public')
  @HttpCode(200)
  @RateLimit(AUTH_RATE_LIMIT)
  @ApiOperation({
    operationId: 'resetPassword',
    summary: "Sets a new password with a reset link's token; every login of the account ends",
  })
  @ApiOkResponse({ type: AccountMessageDto })
  @ApiErrors(400, 429)
  async confirmReset(@Body() dto: ResetPasswordDto): Promise<AccountMessageDto> {
    await this.reset.reset(dto.token, dto.password);
    return { success: true, message: 'Your password was changed; please log in with it.' };
  }

  @Post('auth/verify-email')
  @Access('public')
  @HttpCode(200)
  @RateLimit(AUTH_RATE_LIMIT)
  @ApiOperation({
    operationId: 'verifyEmail',
    summary: "Confirms an account's e-mail address with a verification link's token",
  })
  @ApiOkResponse({ type: AccountMessageDto })
  @ApiErrors(400, 429)
  async verify(@Body() dto: VerifyEmailDto): Promise<AccountMessageDto> {
    await this.verification.confirm(dto.token);
    return { success: true, message: 'Thank you: your e-mail address is verified.' };
  }

  @Post('account/verification')
  @HttpCode(200)
  @Access('signed-in')
  @ApiBearerAuth('bearer')
  @RateLimit(WRITE_RATE_LIMIT)
  @ApiOperation({
    operationId: 'resendVerification',
    summary: 'Mails a new verification link to the signed-in user',
  })
  @ApiOkResponse({ type: AccountMessageDto })
  @ApiErrors(401, 409, 429)
  async resend(@CurrentUser() user: AuthUser): Promise<AccountMessageDto> {
    await this.verification.resend(user.id);
    return { success: true, message: `We have sent a new link to ${user.email}.` };
  }
}
