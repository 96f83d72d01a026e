import { Access } from '../auth/access';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-responses';
import { ParseObjectIdPipe } from '../common/object-id.pipe';
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
  @ApiOperation({ operationId: 'getProfile', summary: "A user's public profile" })
  @ApiOkResponse({ type: ProfileDto })
  @ApiErrors(400, 404)
  profile(@Param('id', ParseObjectIdPipe) id: string): Promise<ProfileDto> {
    return this.profiles.profile(id);
  }

  @Get(':id/reviews')
  @Access('public')
  @PagedList(
    {
      operationId: 'listProfileReviews',
      summary: "A user's published reviews, newest first, paginated",
    },
    ReviewDto,
  )
  reviews(
    @Param('id', ParseObjectIdPipe) id: string,
    @Query() query: PageQueryDto,
  ): Promise<Page<ReviewDto>> {
    return this.profiles.reviewsOf(id, query);
  }
}
