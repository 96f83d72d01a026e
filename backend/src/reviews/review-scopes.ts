/** Public review lists depend on "reviews" (all services) or "reviews:<id>" (one service). */
export const REVIEWS_SCOPE = 'reviews';

export function reviewsOfServiceScope(service: string): string {
  return `${REVIEWS_SCOPE}:${service.toLowerCase()}`;
}

/** One author's reviews, cached for them (their own page, their review on a service's page). */
export function reviewsOfAuthorScope(authorId: string): string {
  return `${REVIEWS_SCOPE}-of-author:${authorId}`;
}
