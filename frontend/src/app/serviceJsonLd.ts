import type { ReviewDto, ServiceDto } from '../lib/api/client';

const STARS = { bestRating: 5, worstRating: 1 } as const;

/**
 * A service as schema.org JSON-LD, for search engines: a `Service` with its rating
 * (`AggregateRating`, only once it has one) and the reviews the page shows first.
 * `pageUrl` is the page's absolute address.
 */
export function serviceJsonLd(
  service: ServiceDto,
  reviews: readonly ReviewDto[],
  pageUrl: string,
): Record<string, unknown> {
  // Visitors see published reviews only, and a notice for those moderators took down.
  const shown = reviews.filter((review) => review.status === 'published' && !review.removal);
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': pageUrl,
    url: pageUrl,
    name: service.title,
    description: service.details,
    image: new URL(service.image, pageUrl).href,
    category: service.category_id,
    offers: { '@type': 'Offer', price: service.price, priceCurrency: 'USD' },
    ...(service.rating.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: service.rating.average,
        ratingCount: service.rating.count,
        reviewCount: service.rating.count,
        ...STARS,
      },
    }),
    ...(shown.length > 0 && {
      review: shown.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.reviewUser },
        datePublished: review.createdAt,
        reviewBody: review.details,
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...STARS },
      })),
    }),
  };
}
