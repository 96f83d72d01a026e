import { Body, Controller, Get, Inject, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiErrors } from '../common/api-responses';
import { Write } from '../common/route-kinds';
import { RateLimit, WRITE_RATE_LIMIT } from '../common/rate-limit/rate-limit';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Access } from '../auth/access';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { AccountDeletion } from './account-deletion';
import { AccountExport } from './account-export';
import { AccountMessageDto, DeleteAccountDto } from './accounts.dto';

/** The account page's data: take it with you, or delete it. */
@ApiTags('accounts')
@Controller('account')
@Access('signed-in')
@ApiBearerAuth('bearer')
export class AccountDataController {
  constructor(
    private readonly exporter: AccountExport,
    private readonly deletion: AccountDeletion,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('export')
  @RateLimit(WRITE_RATE_LIMIT)
  @ApiOperation({
    operationId: 'exportMyData',
    summary: 'Your data in one JSON file: profile, reviews, notifications and sessions',
  })
  @ApiOkResponse({ description: 'A JSON file (Content-Disposition: attachment)' })
  @ApiErrors(401, 429)
  async export(
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const data = await this.exporter.export(caller);
    res.setHeader('Content-Disposition', 'attachment; filename="service-critic-my-data.json"');
    res.setHeader('Cache-Control', 'no-store');
    return data;
  }

  @Post('delete')
  @Write(
    {
      operationId: 'deleteMyAccount',
      summary: 'Deletes your account after confirming your password; your reviews go or stay',
    },
    AccountMessageDto,
    [400],
  )
  async delete(
    @CurrentUser() caller: AuthUser,
    @Body() dto: DeleteAccountDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountMessageDto> {
    await this.deletion.delete(caller, dto.password, dto.reviews);
    clearRefreshCookie(res, this.config);
    const reviews =
      dto.reviews === 'delete'
        ? 'Your reviews were deleted with it.'
        : 'Your reviews stay under "Deleted user".';
    return { success: true, message: `Your account was deleted. ${reviews}` };
  }
}
