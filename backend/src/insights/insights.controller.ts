import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-responses';
import { IdParam } from '../common/object-id.pipe';
import { PublicRead } from '../common/public-read';
import { Read } from '../common/route-kinds';
import { InsightsQueryDto, ServiceInsightsDto, TrendMonthDto } from './insights.dto';
import { InsightsService } from './insights.service';

@ApiTags('insights')
@Controller('services/:id')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get('insights')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @Read(
    {
      operationId: 'getServiceInsights',
      summary: "A service's figures month by month and reviews per week (its owner or an admin)",
    },
    ServiceInsightsDto,
    [400, 403, 404],
  )
  forOwner(
    @IdParam() id: string,
    @Query() query: InsightsQueryDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ServiceInsightsDto> {
    return this.insights.forOwner(id, query.months, caller);
  }

  @Get('trend')
  @Access('public')
  @PublicRead()
  @Read(
    {
      operationId: 'getServiceTrend',
      summary: "A service's published reviews and mean stars for each of the last 12 months",
    },
    [TrendMonthDto],
    [400, 404],
  )
  trend(@IdParam() id: string): Promise<TrendMonthDto[]> {
    return this.insights.trend(id);
  }

  @Get('reviews.csv')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @ApiOperation({
    operationId: 'exportServiceReviews',
    summary: "The service's published reviews as CSV, newest first (its owner or an admin)",
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string' } })
  @ApiErrors(400, 403, 404)
  async csv(
    @IdParam() id: string,
    @CurrentUser() caller: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const lines = this.insights.csv(id, caller);
    // The first line is the header, once the caller may have it: errors before it answer as JSON.
    const first = await lines.next();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="reviews-${id}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    if (!first.done) res.write(first.value);
    try {
      for await (const line of lines) {
        if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch (error) {
      res.destroy(error as Error);
    }
  }
}
