import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { IdParam } from '../common/object-id.pipe';
import { Read } from '../common/route-kinds';
import { ReviewChangesDto, ReviewChangesQueryDto } from './review-feed.dto';
import { ReviewFeed } from './review-feed';

@ApiTags('reviews')
@Access('public')
@Controller()
export class ReviewFeedController {
  constructor(private readonly feed: ReviewFeed) {}

  @Get('services/:id/reviews/changes')
  @Read(
    {
      operationId: 'listReviewChanges',
      summary:
        "A service's public reviews as changes since a cursor, oldest first: to catch up without reading every review",
    },
    ReviewChangesDto,
    [400, 404],
  )
  changes(@IdParam() id: string, @Query() query: ReviewChangesQueryDto): Promise<ReviewChangesDto> {
    return this.feed.since(id, query.since);
  }
}
