import {
  addReview,
  addService,
  inviteCustomer,
  newReviewsSettled,
} from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { startTestApp, useTestApp } from './support/test-app';
import { ReviewTimelinesRebuild } from '../src/reviews/store/review-timelines-rebuild';

/** A service's reviews, by title: stars, whether its owner replied, whether by invitation. */
const MIX = [
  { title: 'Parcel was late', rating: 1, replied: true, verified: true },
  { title: 'Late again', rating: 2, replied: true, verified: false },
  { title: 'Fine in the end', rating: 2, replied: false, verified: true },
  { title: 'Quick van', rating: 4, replied: false, verified: false },
  { title: 'Late but friendly', rating: 5, replied: true, verified: false },
  { title: 'Broken box', rating: 1, replied: false, verified: false },
  { title: 'Spot on', rating: 5, replied: false, verified: true },
];
type Mixed = (typeof MIX)[number];

/**
 * A service's reviews filtered on its page: several star levels at once (any of them), with a
 * reply, by verified customers (an invitation's reviews), holding a text; every kind together,
 * with sort and paging, the total counting the filtered reviews. Bad values get a 400 sentence.
 */
describe("filters of a service's reviews", () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  let service: string;

  /** Writes one of MIX: through an invitation if verified, then answered by the owner if replied. */
  async function write(review: Mixed): Promise<void> {
    const author = await registerUser(testApp);
    const fields = { title: review.title, details: `${review.title}.`, rating: review.rating };
    let id: string;
    if (review.verified) {
      const invitation = await inviteCustomer(testApp, owner.accessToken, service).expect(201);
      const written = await testApp
        .http()
        .post('/api/addreviews')
        .set('Authorization', `Bearer ${author.accessToken}`)
        .send({ ...fields, serviceID: 4821, service, invitation: invitation.body.token })
        .expect(201);
      await newReviewsSettled(testApp);
      id = written.body.insertedId;
    } else {
      id = await addReview(testApp, author.accessToken, service, fields);
    }
    if (review.replied) {
      await testApp
        .http()
        .post(`/api/reviews/${id}/reply`)
        .set('Authorization', `Bearer ${owner.accessToken}`)
        .send({ text: 'Thank you for telling us.' })
        .expect(201);
    }
  }

  beforeAll(async () => {
    owner = await registerUser(testApp);
    service = await addService(testApp, owner.accessToken);
    for (const review of MIX) await write(review);
  });

  const list = (query: string) =>
    testApp.http().get(`/api/reviews?service=${service}&sort=oldest&${query}`);

  /** The titles `query` lists, in order, and its total. */
  async function titles(query: string) {
    const response = await list(query).expect(200);
    return {
      titles: (response.body as { title: string }[]).map((review) => review.title),
      total: Number(response.headers['x-total-count']),
    };
  }

  /** What MIX holds for the test, oldest first (the order written). */
  const expected = (keep: (review: Mixed) => boolean) => {
    const kept = MIX.filter(keep).map((review) => review.title);
    return { titles: kept, total: kept.length };
  };

  it.each([
    ['rating=4', (r: Mixed) => r.rating === 4],
    ['rating=1,2', (r: Mixed) => [1, 2].includes(r.rating)],
    ['rating=2&rating=5', (r: Mixed) => [2, 5].includes(r.rating)],
    ['rating=5,1,5', (r: Mixed) => [1, 5].includes(r.rating)],
    ['replied=true', (r: Mixed) => r.replied],
    ['verified=true', (r: Mixed) => r.verified],
    ['replied=false&verified=false', () => true],
    ['q=LATE', (r: Mixed) => r.title.toLowerCase().includes('late')],
    ['rating=1,2&replied=true', (r: Mixed) => r.rating <= 2 && r.replied],
    ['rating=1,2&verified=true', (r: Mixed) => r.rating <= 2 && r.verified],
    ['replied=true&verified=true', (r: Mixed) => r.replied && r.verified],
    [
      'rating=1,5&q=late&replied=true',
      (r: Mixed) => [1, 5].includes(r.rating) && /late/i.test(r.title) && r.replied,
    ],
    ['rating=4&replied=true', () => false],
    ['rating=2&verified=true&q=fine', (r: Mixed) => r.title === 'Fine in the end'],
  ])('%s lists exactly the reviews that match, and counts them', async (query, keep) => {
    expect(await titles(query)).toEqual(expected(keep));
  });

  it('filters combine with every sort and with paging; the total counts the filtered set', async () => {
    const query = 'rating=1,2,5&replied=true';
    const [first, second] = [await titles(`${query}&limit=2`), await titles(`${query}&offset=2`)];
    expect([...first.titles, ...second.titles]).toEqual(
      expected((r) => r.rating !== 4 && r.replied).titles,
    );
    expect([first.total, second.total]).toEqual([3, 3]);
    const highest = await testApp
      .http()
      .get(`/api/reviews?service=${service}&sort=rating_desc&rating=1,2&verified=true`)
      .expect(200);
    expect(highest.body.map((review: { title: string }) => review.title)).toEqual([
      'Fine in the end',
      'Parcel was late',
    ]);
    for (const sort of ['newest', 'rating_asc', 'most_helpful']) {
      const sorted = await testApp
        .http()
        .get(`/api/reviews?service=${service}&sort=${sort}&rating=2,4&q=a`)
        .expect(200);
      expect(Number(sorted.headers['x-total-count'])).toBe(2);
    }
  });

  it('each filter is part of the cached answer: a second read of another filter is its own', async () => {
    // Read in turn, each answer must be the one of its own filters, never a cached neighbour's.
    for (const [query, count] of [
      ['rating=1', 2],
      ['rating=1,2', 4],
      ['rating=1,2&replied=true', 2],
      ['rating=1,2&replied=true&verified=true', 1],
      ['rating=1,2', 4],
      ['rating=2,1', 4],
    ] as const) {
      expect((await titles(query)).total).toBe(count);
    }
  });

  it("a rebuild of the service's lists (Redis lost them, or an older release wrote them) keeps what the filters read", async () => {
    // A Redis that lost its data: a prefix nothing was written under.
    const lost = await startTestApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}-lost-filters-${Date.now().toString(36)}`,
    });
    try {
      expect(await lost.app.get(ReviewTimelinesRebuild).rebuildIfLost()).toBeGreaterThanOrEqual(
        MIX.length,
      );
      const rebuilt = await lost
        .http()
        .get(`/api/reviews?service=${service}&sort=oldest&rating=1,2&replied=true&verified=true`)
        .expect(200);
      expect(rebuilt.body.map((review: { title: string }) => review.title)).toEqual([
        'Parcel was late',
      ]);
      const verified = await lost
        .http()
        .get(`/api/reviews?service=${service}&verified=true`)
        .expect(200);
      expect(verified.headers['x-total-count']).toBe('3');
    } finally {
      await lost.close();
    }
  });

  it('bad values get a 400 with a sentence', async () => {
    for (const [query, message] of [
      ['rating=0', 'rating must be 1 to 5 stars, such as rating=4 or rating=1,2'],
      ['rating=1,6', 'rating must be 1 to 5 stars, such as rating=4 or rating=1,2'],
      ['rating=two', 'rating must be whole numbers of stars, such as rating=4 or rating=1,2'],
      ['rating=1,,2', 'rating must be whole numbers of stars, such as rating=4 or rating=1,2'],
      ['replied=yes', 'replied must be true or false'],
      ['verified=1', 'verified must be true or false'],
      ['q=a&q=b', 'q must be text'],
    ]) {
      const refused = await list(query).expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: `Invalid request: ${message}.`,
      });
    }
  });

  it('across every service, filters need a service: a 400 says why', async () => {
    for (const query of ['replied=true', 'verified=true', 'rating=1,2']) {
      const refused = await testApp.http().get(`/api/reviews?${query}`).expect(400);
      expect(refused.body).toMatchObject({
        code: 'SERVICE_NEEDED',
        error:
          'Choose a service to search or filter its reviews, or to sort them by stars or helpfulness.',
      });
    }
  });
});
