import { escapeRegExp } from '../common/pagination';

/**
 * What a list of reviews can be narrowed to: any of these star levels, with a reply, by verified
 * customers (through an owner's invitation), holding a text. Every filter given applies.
 */
export interface ReviewFilters {
  rating?: number[];
  replied?: boolean;
  verified?: boolean;
  q?: string;
}

/** What the filters look at of a review. */
export interface FilteredReview {
  rating: number;
  title: string;
  details: string;
  replied?: boolean;
  verifiedCustomer?: boolean;
}

/** Whether a review's title or details hold `q`, in any case. */
export function textSearch(q: string): (title: string, details: string) => boolean {
  const pattern = new RegExp(escapeRegExp(q), 'i');
  return (title, details) => pattern.test(title) || pattern.test(details);
}

/** Whether any filter is given: placeholders of take-downs show nothing a filter looks at. */
export function isFiltered(filters: ReviewFilters): boolean {
  return !!(filters.rating?.length || filters.replied || filters.verified || filters.q);
}

/** The test a review passes when it matches every filter given. */
export function matchesFilters(filters: ReviewFilters): (review: FilteredReview) => boolean {
  const holdsText = filters.q ? textSearch(filters.q) : undefined;
  return (review) =>
    (!filters.rating?.length || filters.rating.includes(review.rating)) &&
    (!filters.replied || !!review.replied) &&
    (!filters.verified || !!review.verifiedCustomer) &&
    (!holdsText || holdsText(review.title, review.details));
}
