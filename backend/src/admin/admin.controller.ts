import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuditService } from '../audit/audit.service';
import { AuditNames } from './audit-names';
import { AuditEntryDto, AuditQueryDto } from '../audit/audit.dto';
import { ApiError } from '../common/api-error';
import { Decision, Write } from '../common/route-kinds';
import { IdParam } from '../common/object-id.pipe';
import { type Page } from '../common/pagination';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { ReviewLists } from '../reviews/review-lists';
import { ModerationQueryDto, ReviewDto } from '../reviews/review.dto';
import { ServiceRecount } from '../reviews/store/service-recount';
import { ServiceRecountDto } from '../reviews/store/service-recount.dto';
import {
  BulkModerationDto,
  BulkModerationResultDto,
  ModerationResultDto,
  QueuesSessionDto,
  RejectReviewDto,
} from './admin.dto';
import { BOARD_SESSION_SECONDS, BoardSessions } from './board-sessions';
import { BOARD_COOKIE, QUEUES_BOARD_PATH } from './queues-board';
import { ReviewDecisions } from './review-decisions.service';
import { Access } from '../auth/access';
import { PagedList } from '../common/paged-list';

@ApiTags('admin')
@Access('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly lists: ReviewLists,
    private readonly decisions: ReviewDecisions,
    private readonly audit: AuditService,
    private readonly auditNames: AuditNames,
    private readonly boardSessions: BoardSessions,
    private readonly recounts: ServiceRecount,
  ) {}

  @Get('moderation')
  @PagedList(
    {
      operationId: 'listModerationQueue',
      summary:
        'Flagged reviews waiting for a decision, oldest first; searched and filtered like /reviews',
    },
    ReviewDto,
  )
  moderationQueue(
    @Query() query: ModerationQueryDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<Page<ReviewDto>> {
    return this.lists.list(query, admin);
  }

  @Post('reviews/decisions')
  @Decision(
    {
      operationId: 'decideReviews',
      summary:
        'Approves or rejects up to 100 reviews, each as its own decision would; answers each one’s outcome',
    },
    BulkModerationResultDto,
    [400],
  )
  decideMany(
    @Body() dto: BulkModerationDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<BulkModerationResultDto> {
    return this.decisions.decideMany(dto, admin);
  }

  @Post('reviews/:id/approve')
  @Decision(
    { operationId: 'approveReview', summary: 'Publishes a flagged or rejected review' },
    ModerationResultDto,
  )
  approve(@IdParam() id: string, @CurrentUser() admin: AuthUser): Promise<ModerationResultDto> {
    return this.decisions.approve(id, admin);
  }

  @Post('reviews/:id/reject')
  @Decision(
    { operationId: 'rejectReview', summary: 'Rejects a review with a reason its author sees' },
    ModerationResultDto,
  )
  reject(
    @IdParam() id: string,
    @Body() dto: RejectReviewDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ModerationResultDto> {
    return this.decisions.reject(id, dto.reason, admin);
  }

  @Post('services/:id/recount')
  @Write(
    {
      operationId: 'recountService',
      summary:
        'Recounts a service’s rating counters from its published reviews and mends those that differ; answers what differed',
    },
    ServiceRecountDto,
    [400, 404],
    { limit: false },
  )
  async recount(@IdParam() id: string): Promise<ServiceRecountDto> {
    const recounted = await this.recounts.recount(id);
    if (!recounted) throw new ApiError(404, 'No service has this id.');
    return recounted;
  }

  @Get('audit')
  @PagedList(
    {
      operationId: 'listAuditEntries',
      summary:
        'The audit trail of one day (today by default), one review or one actor, newest first; also by action',
    },
    AuditEntryDto,
  )
  async auditTrail(@Query() query: AuditQueryDto): Promise<Page<AuditEntryDto>> {
    return this.auditNames.of(await this.audit.list(query));
  }

  @Post('queues-session')
  @Write(
    {
      operationId: 'openQueuesDashboard',
      summary: 'Sets a 15-minute cookie that opens the BullMQ dashboard at /api/admin/queues',
    },
    QueuesSessionDto,
    [],
    { limit: false },
  )
  openQueuesDashboard(
    @CurrentUser() admin: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): QueuesSessionDto {
    res.cookie(BOARD_COOKIE, this.boardSessions.issue(admin), {
      httpOnly: true,
      sameSite: 'strict',
      secure: res.req.secure,
      path: QUEUES_BOARD_PATH,
      maxAge: BOARD_SESSION_SECONDS * 1000,
    });
    return { url: QUEUES_BOARD_PATH, expiresInSeconds: BOARD_SESSION_SECONDS };
  }
}
