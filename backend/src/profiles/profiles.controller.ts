import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Read } from '../common/route-kinds';
import { IdParam } from '../common/object-id.pipe';
import { PagedList } from '../common/paged-list';
import { PageQueryDto, type Page } from '../common/pagination';
import { ReviewDto } from '../reviews/review.dto';
import { ProfileDto } from './profile.dto';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@Controller('profiles')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get(':id')
  @Access('public')
  @Read({ operationId: 'getProfile', summary: "A user's public profile" }, ProfileDto, [400, 404])
  profile(@IdParam() id: string): Promise<ProfileDto> {
    return this.profiles.profile(id);
  }

  @Get(':id/reviews')
  @Access('optional')
  @TokenScopes('reviews:read')
  @PagedList(
    {
      operationId: 'listProfileReviews',
      summary:
        "A user's published reviews, newest first, paginated, with what the caller may do with each",
    },
    ReviewDto,
  )
  reviews(
    @IdParam() id: string,
    @Query() query: PageQueryDto,
    @CurrentUser() caller?: AuthUser,
  ): Promise<Page<ReviewDto>> {
    return this.profiles.reviewsOf(id, query, caller);
  }
}
