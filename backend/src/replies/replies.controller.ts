import { Body, Controller, Get, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdParam } from '../common/object-id.pipe';
import { PublicRead } from '../common/public-read';
import { Read, Write } from '../common/route-kinds';
import { ReviewDto } from '../reviews/review.dto';
import { ReplyHistoryDto, ReplyTextDto } from './reply.dto';
import { RepliesService } from './replies.service';

// Tagged as reviews: a reply changes the review lists the client keeps.
@ApiTags('reviews')
@Controller('reviews/:id/reply')
export class RepliesController {
  constructor(private readonly replies: RepliesService) {}

  @Post()
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'replyToReview',
      summary:
        "Replies publicly to a review, once (the service's owner or an admin); the reviewer is notified",
    },
    ReviewDto,
    [400, 403, 404, 409, 413],
    { created: true },
  )
  reply(
    @IdParam() id: string,
    @Body() dto: ReplyTextDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ReviewDto> {
    return this.replies.reply(id, dto, caller);
  }

  @Patch()
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'editReply',
      summary:
        "Edits the reply to a review (the service's owner or an admin); earlier text is kept",
    },
    ReviewDto,
    [400, 403, 404, 413],
  )
  edit(
    @IdParam() id: string,
    @Body() dto: ReplyTextDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ReviewDto> {
    return this.replies.edit(id, dto, caller);
  }

  @Get('versions')
  @PublicRead()
  @Access('public')
  @Read(
    {
      operationId: 'getReplyVersions',
      summary: "A review's reply versions: the current one, then those its edits replaced",
    },
    ReplyHistoryDto,
    [400, 404],
  )
  versions(@IdParam() id: string): Promise<ReplyHistoryDto> {
    return this.replies.history(id);
  }
}
