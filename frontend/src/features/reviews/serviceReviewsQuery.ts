import type { ListReviewsApiArg } from '../../lib/api/client';
import {
  NO_REVIEW_FILTERS,
  reviewFilterArgs,
  type ReviewFilters,
} from '../../lib/reviewFiltersParam';
import type { PageRange } from '../../components/ListPagination';

export type ReviewSort = NonNullable<ListReviewsApiArg['sort']>;

export const SERVICE_REVIEWS_PAGE_SIZE = 10;
/** The order a service's reviews first come in. */
export const FIRST_REVIEW_SORT: ReviewSort = 'newest';

/** A page of a service's reviews, filtered and sorted. */
export const serviceReviewsArg = (
  service: string,
  filters: ReviewFilters,
  sort: ReviewSort,
  range: PageRange,
): ListReviewsApiArg => ({ service, sort, ...range, ...reviewFilterArgs(filters) });

/**
 * The first page of a service's reviews, as the page first shows it with the address's filters
 * (its route preloads it, so the server renders a filtered address's list too).
 */
export const firstServiceReviewsArg = (
  service: string,
  filters: ReviewFilters = NO_REVIEW_FILTERS,
): ListReviewsApiArg =>
  serviceReviewsArg(service, filters, FIRST_REVIEW_SORT, {
    limit: SERVICE_REVIEWS_PAGE_SIZE,
    offset: 0,
  });
