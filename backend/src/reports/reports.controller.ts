import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { moderationResult, ModerationResultDto } from '../admin/admin.dto';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { DeleteResultDto } from '../common/api-responses';
import { IdParam } from '../common/object-id.pipe';
import { PagedList } from '../common/paged-list';
import { PageQueryDto, type Page } from '../common/pagination';
import { Decision, Read, Write } from '../common/route-kinds';
import {
  CreateReportDto,
  MyReportStatusDto,
  MyReportsQueryDto,
  ReportDto,
  ReportedReviewDto,
  UpholdReportsDto,
} from './report.dto';
import { ReportsService } from './reports.service';

@ApiTags('reports')
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post('reviews/:id/reports')
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'reportReview',
      summary: 'Reports a review (one report per user per review; not your own)',
    },
    ReportDto,
    [400, 403, 404, 409],
    { created: true },
  )
  report(
    @IdParam() id: string,
    @Body() dto: CreateReportDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ReportDto> {
    return this.reports.report(id, dto, caller);
  }

  @Get('reports/mine')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @Read(
    {
      operationId: 'listMyReports',
      summary:
        'Which of these reviews (a page of a list) you reported, and where each report stands',
    },
    [MyReportStatusDto],
    [400],
  )
  mineAmong(
    @Query() query: MyReportsQueryDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<MyReportStatusDto[]> {
    return this.reports.mineAmong(query.reviews, caller);
  }

  @Get('reviews/:id/reports/mine')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @Read(
    { operationId: 'getMyReport', summary: 'Your report of a review, if any' },
    ReportDto,
    [400, 404],
  )
  mine(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<ReportDto> {
    return this.reports.mine(id, caller);
  }

  @Delete('reviews/:id/reports/mine')
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    { operationId: 'withdrawReport', summary: 'Withdraws your open report of a review' },
    DeleteResultDto,
    [400, 404],
  )
  async withdraw(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<DeleteResultDto> {
    await this.reports.withdraw(id, caller);
    return { acknowledged: true, deletedCount: 1 };
  }

  @Get('admin/reports')
  @Access('admin')
  @PagedList(
    {
      operationId: 'listReportedReviews',
      summary: 'Reviews with open reports, with the reports and their reporters (admins)',
    },
    ReportedReviewDto,
  )
  queue(
    @Query() query: PageQueryDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<Page<ReportedReviewDto>> {
    return this.reports.queue(query, admin);
  }

  @Post('admin/reviews/:id/reports/uphold')
  @Access('admin')
  @Decision(
    {
      operationId: 'upholdReports',
      summary: "Upholds a review's reports: the review is removed with the reason (admins)",
    },
    ModerationResultDto,
  )
  async uphold(
    @IdParam() id: string,
    @Body() dto: UpholdReportsDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ModerationResultDto> {
    return moderationResult(await this.reports.uphold(id, dto.reason, admin));
  }

  @Post('admin/reviews/:id/reports/dismiss')
  @Access('admin')
  @Decision(
    {
      operationId: 'dismissReports',
      summary: "Dismisses a review's reports: it stays, the reporters' standing drops (admins)",
    },
    ModerationResultDto,
  )
  async dismiss(
    @IdParam() id: string,
    @CurrentUser() admin: AuthUser,
  ): Promise<ModerationResultDto> {
    return moderationResult(await this.reports.dismiss(id, admin));
  }
}
