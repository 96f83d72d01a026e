import { Body, Controller, Delete, Get, Ip, Patch, Post, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiErrors, DeleteResultDto, InsertResultDto } from '../common/api-responses';
import { SuccessFlagExceptionFilter } from '../common/api-exception.filter';
import { IdParam } from '../common/object-id.pipe';
import { type Page } from '../common/pagination';
import { Read, Write } from '../common/route-kinds';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { ReviewLists } from './review-lists';
import { ReviewReads } from './review-reads';
import { ReviewWrites } from './review-writes';
import {
  CreateReviewDto,
  MyReviewsQueryDto,
  ReviewDto,
  ReviewHistoryDto,
  ReviewQueryDto,
  UpdateResultDto,
  UpdateReviewDto,
} from './review.dto';
import { PrivateRead, PublicRead } from '../common/public-read';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import { PagedList } from '../common/paged-list';

@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(
    private readonly lists: ReviewLists,
    private readonly reads: ReviewReads,
    private readonly writes: ReviewWrites,
  ) {}

  @Get('reviews')
  @PublicRead()
  @Access('optional')
  @TokenScopes('reviews:read')
  @PagedList(
    {
      operationId: 'listReviews',
      summary:
        'Reviews, paginated: published ones (plus your own when logged in); admins choose the status',
    },
    ReviewDto,
  )
  @ApiErrors(401)
  list(@Query() query: ReviewQueryDto, @CurrentUser() caller?: AuthUser): Promise<Page<ReviewDto>> {
    return this.lists.list(query, caller);
  }

  @Get('reviews/:id')
  @PublicRead()
  @Access('public')
  @Read(
    {
      operationId: 'getReview',
      summary: 'A published review (or the notice of its take-down), for its own page',
    },
    ReviewDto,
    [400, 404],
  )
  one(@IdParam() id: string): Promise<ReviewDto> {
    return this.reads.getPublic(id);
  }

  @Get('reviews/:id/versions')
  @PublicRead()
  @Access('public')
  @Read(
    {
      operationId: 'getReviewVersions',
      summary: "A published review's versions: the current one, then those its edits replaced",
    },
    ReviewHistoryDto,
    [400, 404],
  )
  versions(@IdParam() id: string): Promise<ReviewHistoryDto> {
    return this.reads.history(id);
  }

  @Post('addreviews')
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'addReview',
      summary: 'Reviews a service (one review per user per service); the author is the login',
    },
    InsertResultDto,
    [400, 404, 409, 413],
    { created: true },
  )
  async add(
    @Body() dto: CreateReviewDto,
    @CurrentUser() caller: AuthUser,
    @Ip() ip: string,
  ): Promise<InsertResultDto> {
    const created = await this.writes.create(dto, caller, ip);
    return { acknowledged: true, insertedId: String(created._id) };
  }

  @Get('myreviews')
  @Access('signed-in')
  @PrivateRead()
  @TokenScopes('reviews:read')
  @PagedList(
    {
      operationId: 'listMyReviews',
      summary: 'Your reviews in every status (admins: anyone’s by e-mail), paginated',
    },
    ReviewDto,
  )
  @ApiErrors(403)
  mine(
    @Query() query: MyReviewsQueryDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<Page<ReviewDto>> {
    return this.lists.listByEmail(query, caller);
  }

  @Get('myeditedreviews/:id')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @Read(
    { operationId: 'getEditableReview', summary: 'A review, for its author or an admin' },
    ReviewDto,
    [400, 403, 404],
  )
  async editable(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<ReviewDto> {
    return this.reads.getEditable(id, caller);
  }

  @Patch('updatereviews/edit/:id')
  @UseFilters(SuccessFlagExceptionFilter)
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'updateReview',
      summary: 'Changes a review (its author or an admin); errors carry success: false',
    },
    UpdateResultDto,
    [400, 403, 404, 413],
  )
  async update(
    @IdParam() id: string,
    @Body() dto: UpdateReviewDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<UpdateResultDto> {
    await this.writes.update(id, dto, caller);
    return { success: true, message: 'Your review was updated.' };
  }

  @Delete('reviews/:id')
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    { operationId: 'deleteReview', summary: 'Deletes a review (its author or an admin)' },
    DeleteResultDto,
    [400, 403, 404],
  )
  async delete(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<DeleteResultDto> {
    await this.writes.delete(id, caller);
    return { acknowledged: true, deletedCount: 1 };
  }
}
