import { ratingIncrements } from '../ratings/ratings';
import { decayedIncrements } from '../ratings/fair-score';
import {
  bulkServices,
  ratingCountersOf,
  reviewCounts,
  seededRandom,
  serviceReviews,
} from './bulk-data';

describe('generated bulk data', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const sizes = { services: 50, reviews: 2000, users: 100 };

  function generate(seed: number) {
    const random = seededRandom(seed);
    const services = bulkServices(sizes.services, 'test', random, now);
    const counts = reviewCounts(sizes, random);
    const reviews = services.map((service) =>
      serviceReviews(service, counts[service.index], sizes.users, random, now),
    );
    return { services, counts, reviews };
  }

  it('places every review, popular services first, each user at most once per service', () => {
    const { counts, reviews } = generate(7);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(sizes.reviews);
    expect(counts[0]).toBeGreaterThan(counts[sizes.services - 1]);
    for (const ofService of reviews) {
      const users = ofService.map((review) => review.user);
      expect(new Set(users).size).toBe(users.length);
    }
  });

  it('spreads ratings over 1 to 5 stars and dates reviews after their service', () => {
    const { services, reviews } = generate(7);
    const stars = new Set(reviews.flat().map((review) => review.rating));
    expect([...stars].sort()).toEqual([1, 2, 3, 4, 5]);
    for (const review of reviews.flat()) {
      expect(review.createdAt.getTime()).toBeGreaterThanOrEqual(
        services[review.service].createdAt.getTime(),
      );
    }
  });

  it("counts a service's published reviews as the API's rating increments would", () => {
    const { reviews } = generate(7);
    const ofService = reviews[0];
    const expected: Record<string, number> = {};
    for (const review of ofService.filter((each) => each.status === 'published')) {
      const rating = { ...review, at: review.createdAt };
      const increments = {
        ...ratingIncrements(undefined, rating),
        ...decayedIncrements(undefined, rating, 365),
      };
      for (const [field, amount] of Object.entries(increments)) {
        expected[field] = (expected[field] ?? 0) + amount;
      }
    }
    expect(ratingCountersOf(ofService, 365)).toEqual(expected);
    expect(expected.ratingCount).toBe(ofService.filter((r) => r.status === 'published').length);
  });

  it('is reproducible from its seed', () => {
    expect(generate(42)).toEqual(generate(42));
  });

  it('refuses more reviews than users can write', () => {
    expect(() => reviewCounts({ services: 2, reviews: 5, users: 2 }, seededRandom(1))).toThrow(
      RangeError,
    );
  });
});
