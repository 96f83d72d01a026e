import { Access } from '../auth/access';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors } from '../common/api-responses';
import { ParseObjectIdPipe } from '../common/object-id.pipe';
import { PageQueryDto, sendPage } from '../common/pagination';
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
  @ApiOperation({
    operationId: 'listProfileReviews',
    summary: "A user's published reviews, newest first, paginated",
  })
  @ApiOkResponse({ type: [ReviewDto] })
  @ApiErrors(400)
  async reviews(
    @Param('id', ParseObjectIdPipe) id: string,
    @Query() query: PageQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReviewDto[]> {
    return sendPage(req, res, await this.profiles.reviewsOf(id, query));
  }
}
