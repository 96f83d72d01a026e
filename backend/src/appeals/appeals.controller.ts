import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { moderationResult, ModerationResultDto } from '../admin/admin.dto';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdParam } from '../common/object-id.pipe';
import { PagedList } from '../common/paged-list';
import { PageQueryDto, type Page } from '../common/pagination';
import { Decision, Write } from '../common/route-kinds';
import { ReviewDto } from '../reviews/review.dto';
import { CreateAppealDto, DecideAppealDto } from './appeal.dto';
import { AppealsService } from './appeals.service';

@ApiTags('appeals')
@Controller()
export class AppealsController {
  constructor(private readonly appeals: AppealsService) {}

  @Post('reviews/:id/appeal')
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'appealDecision',
      summary: 'Appeals the latest moderation decision on your review (once per decision)',
    },
    ReviewDto,
    [400, 403, 404, 409],
  )
  appeal(
    @IdParam() id: string,
    @Body() dto: CreateAppealDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ReviewDto> {
    return this.appeals.appeal(id, dto, caller);
  }

  @Get('admin/appeals')
  @Access('admin')
  @PagedList(
    { operationId: 'listAppeals', summary: 'Reviews whose author appeals a decision (admins)' },
    ReviewDto,
  )
  queue(@Query() query: PageQueryDto, @CurrentUser() admin: AuthUser): Promise<Page<ReviewDto>> {
    return this.appeals.queue(query, admin);
  }

  @Post('admin/reviews/:id/appeal/decide')
  @Access('admin')
  @Decision(
    {
      operationId: 'decideAppeal',
      summary: 'Restores the review or keeps the decision; the author is notified (admins)',
    },
    ModerationResultDto,
  )
  async decide(
    @IdParam() id: string,
    @Body() dto: DecideAppealDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ModerationResultDto> {
    return moderationResult(await this.appeals.decide(id, dto, admin));
  }
}
