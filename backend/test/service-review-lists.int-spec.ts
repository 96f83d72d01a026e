import type Redis from 'ioredis';
import { Types } from 'mongoose';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { inSortOrder } from '../src/common/list-indexes';
import type { ReviewSort } from '../src/reviews/review.dto';
import { REVIEW_SORT_ORDERS } from '../src/reviews/review.schema';
import { textSearch } from '../src/reviews/review-filters';
import {
  ServiceReviewLists,
  isPublic,
  type ListedReview,
  type ServiceListEntry,
  type ServiceListQuery,
} from '../src/reviews/store/service-review-lists';
import { useTestApp } from './support/test-app';

const SORTS = Object.keys(REVIEW_SORT_ORDERS) as ReviewSort[];
const STATUSES = ['published', 'published', 'published', 'flagged', 'rejected', 'deleted'];
const WORDS = ['parcel', 'late', 'courier', 'Fragile', 'van'];

/** Reviews of one service in every state, with ties in time, stars and helpful marks. */
function reviewsOf(service: string, count: number): ServiceListEntry[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const status = STATUSES[index % STATUSES.length];
    return {
      _id: String(new Types.ObjectId()),
      service,
      status,
      removal: status === 'rejected' && index % 4 === 0 ? { reason: 'Spam.' } : undefined,
      // Every third pair shares its time to the millisecond.
      createdAt: new Date(start + Math.floor(index / 2) * 60_000 + (index % 3 === 0 ? 0 : index)),
      rating: 1 + ((index * 7) % 5),
      helpfulCount: index % 4,
      authorId: `author-${index}`,
      moderationReasons: status === 'flagged' ? ['POSTING_TOO_FAST'] : [],
      title: `Review ${index}`,
      details: `${WORDS[index % WORDS.length]} and ${WORDS[(index * 3) % WORDS.length]}`,
      authorVerified: index % 2 === 0,
      verifiedCustomer: index % 3 === 1,
      reply: index % 4 === 1 ? { text: 'Thanks.', createdAt: new Date(start) } : undefined,
      reportsReceived: index % 5 === 0 ? 2 : 0,
      reportsUpheld: index % 10 === 0 ? 1 : 0,
    };
  });
}

/** What a service's public list shows for `query`, worked out from all of its reviews. */
function expectedPage(reviews: ServiceListEntry[], query: ServiceListQuery) {
  const selected = reviews.filter(
    (review) =>
      isPublic(review) &&
      // Placeholders show no text, stars or reply to search or filter on.
      (!(query.q || query.rating || query.replied || query.verified) ||
        review.status === 'published') &&
      (!query.rating || query.rating.includes(review.rating)) &&
      (!query.replied || !!review.reply) &&
      (!query.verified || !!review.verifiedCustomer) &&
      (!query.q || textSearch(query.q)(review.title, review.details)),
  );
  const ordered = inSortOrder(selected, REVIEW_SORT_ORDERS[query.sort]);
  return {
    ids: ordered.slice(query.offset, query.offset + query.limit).map((review) => review._id),
    total: selected.length,
  };
}

/** What admins' filters and sorts read of each review, by id. */
function byId(reviews: (ServiceListEntry | ListedReview)[]) {
  return reviews
    .map(({ _id, status, rating, helpfulCount, authorId, details }) => [
      String(_id),
      status,
      rating,
      helpfulCount,
      authorId,
      details,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/** Every review but the deleted, as the service's entries list them. */
const expectedEntries = (reviews: ServiceListEntry[]) =>
  byId(reviews.filter((review) => review.status !== 'deleted'));

function expectedFigures(reviews: ServiceListEntry[]) {
  const kept = reviews.filter((review) => review.status !== 'deleted');
  const published = kept.filter((review) => review.status === 'published');
  const sum = (field: 'reportsReceived' | 'reportsUpheld') =>
    kept.reduce((total, review) => total + (review[field] ?? 0), 0);
  return {
    published: published.length,
    flagged: kept.filter((review) => review.status === 'flagged').length,
    removed: kept.filter((review) => review.status === 'rejected').length,
    verified: published.filter((review) => review.authorVerified).length,
    reportsReceived: sum('reportsReceived'),
    reportsUpheld: sum('reportsUpheld'),
  };
}

/**
 * A service's public list and figures kept in Redis (ServiceReviewLists) answer what reading all
 * of the service's reviews and sorting, filtering and paging them would: every sort, with and
 * without a star filter and a text search, at every offset.
 */
describe("a service's review lists in Redis", () => {
  const testApp = useTestApp();
  let lists: ServiceReviewLists;

  beforeAll(() => {
    lists = testApp.app.get(ServiceReviewLists);
  });

  const placed = async (reviews: ServiceListEntry[], isNew: boolean) => {
    const batch = testApp.app.get<Redis>(REDIS_CLIENT).multi();
    for (const review of reviews) lists.placeIn(batch, review, isNew);
    await batch.exec();
  };

  const entriesOf = async (service: string) => byId(await lists.entries(service));

  const queries = (): Omit<ServiceListQuery, 'offset' | 'limit'>[] =>
    SORTS.flatMap((sort) => [
      { sort },
      { sort, rating: [3] },
      { sort, rating: [1, 4] },
      { sort, q: 'PARCEL' },
      { sort, q: 'fragile', rating: [2] },
      { sort, q: 'nothing like this' },
      { sort, replied: true },
      { sort, verified: true },
      { sort, rating: [2, 3, 5], replied: true },
      { sort, rating: [4], verified: true, replied: true },
      { sort, q: 'late', verified: true },
    ]);

  const expectEveryPage = async (service: string, reviews: ServiceListEntry[]) => {
    for (const filters of queries()) {
      for (const [offset, limit] of [
        [0, 7],
        [5, 7],
        [20, 50],
        [200, 10],
      ]) {
        const query = { ...filters, offset, limit };
        expect({ query, page: await lists.page(service, query) }).toEqual({
          query,
          page: expectedPage(reviews, query),
        });
      }
    }
  };

  it('page, sort, filter and search as the whole set would, and follow each change', async () => {
    const service = String(new Types.ObjectId());
    const reviews = reviewsOf(service, 60);
    await placed(reviews, true);
    await expectEveryPage(service, reviews);
    expect(await lists.figures(service)).toEqual(expectedFigures(reviews));
    expect(await entriesOf(service)).toEqual(expectedEntries(reviews));

    // Changes: taken down, published again, rated anew, marked helpful, deleted, replied to.
    const changed = reviews.map((review, index) => {
      switch (index % 7) {
        case 4:
          return { ...review, reply: { text: 'Sorry about that.', createdAt: new Date() } };
        case 0:
          return { ...review, status: 'rejected', removal: { reason: 'Off topic.' } };
        case 1:
          return { ...review, status: 'published', removal: undefined };
        case 2:
          return { ...review, rating: 6 - review.rating, helpfulCount: 9 };
        case 3:
          return { ...review, status: 'deleted' };
        default:
          return { ...review, reportsReceived: (review.reportsReceived ?? 0) + 1 };
      }
    });
    await placed(changed, false);
    await expectEveryPage(service, changed);
    expect(await lists.figures(service)).toEqual(expectedFigures(changed));
    expect(await entriesOf(service)).toEqual(expectedEntries(changed));

    // Placing again changes nothing.
    await placed(changed, false);
    await expectEveryPage(service, changed);
    expect(await lists.figures(service)).toEqual(expectedFigures(changed));
    expect(await entriesOf(service)).toEqual(expectedEntries(changed));
  });

  it('a helpful mark moves a public review in the helpful order, and never lists a hidden one', async () => {
    const service = String(new Types.ObjectId());
    const reviews = reviewsOf(service, 24);
    await placed(reviews, true);
    // A mark that lands after a decision took the review out of the public lists (a race).
    const hidden = reviews.findIndex((review) => review.status === 'flagged');
    const shown = reviews.findIndex((review) => review.status === 'published');
    await lists.markHelpful({ ...reviews[hidden], helpfulCount: 40 });
    await lists.markHelpful({ ...reviews[shown], helpfulCount: 30 });
    const marked = reviews.map((review, index) =>
      index === hidden || index === shown
        ? { ...review, helpfulCount: index === hidden ? 40 : 30 }
        : review,
    );
    await expectEveryPage(service, marked);
    expect(await entriesOf(service)).toEqual(expectedEntries(marked));
    const first = await lists.page(service, { sort: 'most_helpful', offset: 0, limit: 1 });
    expect(first.ids).toEqual([reviews[shown]._id]);
  });

  it('a service with no reviews has an empty list, no entries and zero figures', async () => {
    const service = String(new Types.ObjectId());
    expect(await lists.page(service, { sort: 'rating_asc', offset: 0, limit: 10 })).toEqual({
      ids: [],
      total: 0,
    });
    expect(await lists.figures(service)).toEqual(expectedFigures([]));
    expect(await lists.entries(service)).toEqual([]);
  });
});
