import type { ReviewDto } from '../lib/api/client';
import { paths } from '../config/paths';

/**
 * A published review as schema.org JSON-LD, for search engines: a `Review` of its service, the
 * reply left out (schema.org has no place for a business's answer to one review). `pageUrl` is the
 * page's absolute address.
 */
export function reviewJsonLd(review: ReviewDto, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Review',
    '@id': pageUrl,
    url: pageUrl,
    author: { '@type': 'Person', name: review.reviewUser },
    datePublished: review.createdAt,
    reviewBody: review.details,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    itemReviewed: {
      '@type': 'Service',
      name: review.serviceTitle ?? review.title,
      url: new URL(paths.service.getHref(review.service), pageUrl).href,
    },
  };
}
