/** The orders a review list can be read in (review.schema.ts says how each one sorts). */
export const REVIEW_SORTS = [
  'newest',
  'oldest',
  'rating_desc',
  'rating_asc',
  'most_helpful',
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
