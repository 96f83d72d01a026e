import { Controller, Delete, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdParam } from '../common/object-id.pipe';
import { Write } from '../common/route-kinds';
import { HelpfulVotesService } from './helpful-votes.service';
import { HelpfulVoteDto } from './review.dto';

// Tagged as reviews: a vote changes the counts (and the "most helpful" order) of review lists.
@ApiTags('reviews')
@Controller('reviews/:id/helpful')
export class HelpfulVotesController {
  constructor(private readonly votes: HelpfulVotesService) {}

  @Post()
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    {
      operationId: 'markReviewHelpful',
      summary: 'Marks a review helpful (once per reader; not your own)',
    },
    HelpfulVoteDto,
    [400, 403, 404, 409],
    { created: true },
  )
  mark(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<HelpfulVoteDto> {
    return this.votes.mark(id, caller);
  }

  @Delete()
  @Access('signed-in')
  @TokenScopes('reviews:write')
  @Write(
    { operationId: 'unmarkReviewHelpful', summary: 'Takes back your "helpful" mark on a review' },
    HelpfulVoteDto,
    [400, 404],
  )
  withdraw(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<HelpfulVoteDto> {
    return this.votes.withdraw(id, caller);
  }
}
