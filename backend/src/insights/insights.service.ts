import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { mayActForService } from '../auth/policy';
import { ApiError } from '../common/api-error';
import { ReadCache } from '../common/read-cache/read-cache';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { ReviewStore } from '../reviews/store/review-store';
import { ServicesService } from '../services/services.service';
import type { ServiceFacts } from '../services/service.dto';
import type { Figures } from './insight-figures';
import { lastMonths, ratingOf, summaryOf, weeksOf } from './insight-summary';
import type { ServiceInsightsDto, TrendMonthDto } from './insights.dto';
import { insightsScope } from './insights-scope';
import { InsightsRepository } from './insights.repository';
import { csvHeader, reviewCsvLine } from './review-csv';

/** The public trend's months. */
export const TREND_MONTHS = 12;
/** Reviews the CSV export reads at a time, from the service's list. */
const EXPORT_PAGE = 100;

/**
 * A service's figures month by month, for its owner (and admins) and, as a trend, for everyone:
 * `_id` lookups of the months asked in the counters the worker keeps (InsightsRecorder), through
 * the read cache.
 */
@Injectable()
export class InsightsService {
  constructor(
    private readonly months: InsightsRepository,
    private readonly services: ServicesService,
    private readonly store: ReviewStore,
    private readonly reviews: ReviewsRepository,
    private readonly cache: ReadCache,
  ) {}

  async forOwner(serviceId: string, count: number, caller: AuthUser): Promise<ServiceInsightsDto> {
    const service = await this.ownedService(serviceId, caller);
    const months = lastMonths(count);
    const figures = await this.figuresOf(serviceId, months);
    const prior = { mean: service.score.priorMean, count: 0 };
    return {
      months: months.map((month, index) => summaryOf(month, figures[index], prior, service.score)),
      weeks: weeksOf(figures),
    };
  }

  async trend(serviceId: string): Promise<TrendMonthDto[]> {
    await this.services.get(serviceId);
    const months = lastMonths(TREND_MONTHS);
    const figures = await this.figuresOf(serviceId, months);
    return months.map((month, index) => ({ month, ...ratingOf(figures[index]) }));
  }

  /** The service's published reviews as CSV lines, newest first, read a page at a time. */
  async *csv(serviceId: string, caller: AuthUser): AsyncGenerator<string> {
    await this.ownedService(serviceId, caller);
    yield csvHeader();
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const { ids } = await this.store.servicePage(serviceId, {
        sort: 'newest',
        offset,
        limit: EXPORT_PAGE,
      });
      const reviews = await Promise.all(ids.map((id) => this.reviews.publicById(id)));
      for (const review of reviews) {
        if (review?.status === 'published') yield reviewCsvLine(review);
      }
      if (ids.length < EXPORT_PAGE) return;
    }
  }

  private async ownedService(serviceId: string, caller: AuthUser): Promise<ServiceFacts> {
    const service = await this.services.get(serviceId);
    if (!mayActForService(service, caller)) {
      throw new ApiError(
        403,
        "Only this service's owner or an admin can see its insights.",
        'FORBIDDEN',
      );
    }
    return service;
  }

  /** The months' figures: one read of the cache, behind it one `_id` lookup per month. */
  private figuresOf(serviceId: string, months: string[]): Promise<Figures[]> {
    const key = `insights:${serviceId}:${months[0]}:${months.length}`;
    return this.cache.read([insightsScope(serviceId)], key, () =>
      Promise.all(months.map((month) => this.months.figures(serviceId, month))),
    );
  }
}
