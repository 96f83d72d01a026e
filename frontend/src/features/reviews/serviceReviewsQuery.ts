import type { ListReviewsApiArg } from '../../lib/api/client';

export type ReviewSort = NonNullable<ListReviewsApiArg['sort']>;

export const SERVICE_REVIEWS_PAGE_SIZE = 10;
/** The order a service's reviews first come in. */
export const FIRST_REVIEW_SORT: ReviewSort = 'newest';

/** The first page of a service's reviews, as the page first shows it (its route preloads it). */
export const firstServiceReviewsArg = (service: string): ListReviewsApiArg => ({
  service,
  sort: FIRST_REVIEW_SORT,
  limit: SERVICE_REVIEWS_PAGE_SIZE,
  offset: 0,
});
