import type { ReviewDto } from '../../lib/api/client';

/** The heading of a review's own page: "Ann's review of Same-Day City Courier". */
export function reviewPageTitle(review: ReviewDto): string {
  if (review.removal) return 'Removed review';
  return `${review.reviewUser}'s review of ${review.serviceTitle ?? review.title}`;
}
