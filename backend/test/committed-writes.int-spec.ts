import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ReviewTimelines } from '../src/reviews/store/review-timelines';
import { ReviewsRepository } from '../src/reviews/reviews.repository';
import { addReview, addService, newReviewsSettled } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const DEADLINE_MS = 1000;
/** Longer than the deadline: the side work of a write still runs when the deadline passes. */
const SLOW_MS = 2500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write whose change is stored is answered as it went, never 503, however long its side work
 * (counters, lists, cache, queue) takes: the request deadline stops the wait for that work, which
 * finishes after the answer, or is settled by the relay when it failed.
 */
describe('committed writes past the request deadline', () => {
  const testApp = useTestApp({ env: { REQUEST_TIMEOUT_MS: String(DEADLINE_MS) } });
  let alice: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    alice = await registerUser(testApp, { name: 'Alice Patient' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
  });
  afterEach(() => jest.restoreAllMocks());

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const ratingOf = async (service: string) =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;
  const listOf = async (service: string) =>
    (await testApp.http().get(`/api/reviews?service=${service}`).expect(200)).body as {
      _id: string;
      rating: number;
      status: string;
    }[];

  /** The review as stored: its events are settled once `pending` is false, or it is gone. */
  const stored = (id: string) =>
    testApp.app
      .get<Connection>(getConnectionToken())
      .collection('reviews')
      .findOne({ _id: new Types.ObjectId(id) });
  const settled = async (id: string) => (await stored(id))?.pending !== true;

  /** Every placement of reviews in their lists (the settlement's step 2) takes SLOW_MS first. */
  function slowPlacements(): void {
    const timelines = testApp.app.get(ReviewTimelines);
    const place = timelines.place.bind(timelines);
    jest.spyOn(timelines, 'place').mockImplementation(async (...args) => {
      await sleep(SLOW_MS);
      return place(...args);
    });
  }

  /**
   * The next placement fails after SLOW_MS, as with a Redis that stopped answering: the relay
   * settles the change later.
   */
  function slowFailingPlacement(): void {
    jest.spyOn(testApp.app.get(ReviewTimelines), 'place').mockImplementationOnce(async () => {
      await sleep(SLOW_MS);
      throw new Error('Command timed out');
    });
  }

  interface Seen {
    rating: { average: number | null; count: number };
    list: Awaited<ReturnType<typeof listOf>>;
  }
  /**
   * Waits until the service's rating and list hold what `holds` expects (the side work finished),
   * up to the relay's grace and a run.
   */
  const settles = (what: string, service: string, holds: (seen: Seen) => Promise<boolean>) =>
    eventually(
      what,
      async () =>
        (await holds({ rating: await ratingOf(service), list: await listOf(service) }))
          ? true
          : undefined,
      12_000,
    );

  /** A new service with one review of `rating` by Alice. */
  async function reviewed(rating: number): Promise<{ service: string; id: string }> {
    const service = await addService(testApp, admin.accessToken);
    return { service, id: await addReview(testApp, alice.accessToken, service, { rating }) };
  }

  it('an edit whose settlement outlasts the deadline is answered 200, and settles after', async () => {
    const { service, id } = await reviewed(5);
    slowPlacements();
    const edited = await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(alice))
      .send({ rating: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ success: true });
    await settles(
      'the edit counted and listed',
      service,
      async ({ rating, list }) =>
        (await settled(id)) && rating.average === 2 && rating.count === 1 && list[0]?.rating === 2,
    );
  }, 30_000);

  it('a delete whose settlement outlasts the deadline is answered 200, and settles after', async () => {
    const { service, id } = await reviewed(4);
    slowPlacements();
    const deleted = await testApp
      .http()
      .delete(`/api/reviews/${id}`)
      .set('Authorization', as(alice));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deletedCount: 1 });
    await settles(
      'the deletion uncounted and unlisted',
      service,
      async ({ rating, list }) =>
        (await stored(id)) === null && rating.count === 0 && list.length === 0,
    );
  }, 30_000);

  it('a create whose reviews take past the deadline to show is answered 201, and shows after', async () => {
    const service = await addService(testApp, admin.accessToken);
    slowPlacements();
    const created = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(alice))
      .send({ title: 'Slow Courier', details: 'Listed late.', serviceID: 1, rating: 3, service });
    expect(created.status).toBe(201);
    await newReviewsSettled(testApp);
    await settles(
      'the new review counted and listed',
      service,
      async ({ rating, list }) => rating.count === 1 && list[0]?._id === created.body.insertedId,
    );
  }, 30_000);

  it("an admin's decision whose settlement outlasts the deadline is answered 2xx", async () => {
    const { service, id } = await reviewed(1);
    slowPlacements();
    const decided = await testApp
      .http()
      .post(`/api/admin/reviews/${id}/reject`)
      .set('Authorization', as(admin))
      .send({ reason: 'Not about the service.' });
    expect(decided.status).toBeLessThan(300);
    await settles(
      'the rejection uncounted and unlisted',
      service,
      async ({ rating, list }) =>
        (await settled(id)) &&
        rating.count === 0 &&
        !list.some((review) => review.status === 'published'),
    );
  }, 30_000);

  it('a write outside the reviews whose cache bump is slow is answered, not 503', async () => {
    const cache = testApp.app.get(ReadCache);
    const invalidate = cache.invalidate.bind(cache);
    jest.spyOn(cache, 'invalidate').mockImplementation(async (...scopes) => {
      await sleep(SLOW_MS);
      return invalidate(...scopes);
    });
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', as(admin))
      .send({
        title: `Late Courier ${Date.now()}`,
        price: 20,
        image: '/images/services/test.svg',
        details: `Parcels across town, listed late ${Date.now()}.`,
      });
    expect(response.status).toBe(201);
  }, 30_000);

  it('an edit whose settlement fails past the deadline is answered 200, and the relay settles it', async () => {
    const { service, id } = await reviewed(5);
    slowFailingPlacement();
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(alice))
      .send({ rating: 1 })
      .expect(200);
    await settles(
      'the relay counted and listed the edit',
      service,
      async ({ rating, list }) =>
        (await settled(id)) && rating.average === 1 && list[0]?.rating === 1,
    );
  }, 30_000);

  it('a write stored only after the deadline answered 503 gets its real answer on a retry with its key', async () => {
    const { service, id } = await reviewed(5);
    const reviews = testApp.app.get(ReviewsRepository);
    const modify = reviews.modify.bind(reviews);
    jest.spyOn(reviews, 'modify').mockImplementationOnce(async (...args) => {
      await sleep(SLOW_MS);
      return modify(...args);
    });
    const edit = () =>
      testApp
        .http()
        .patch(`/api/updatereviews/edit/${id}`)
        .set('Authorization', as(alice))
        .set('Idempotency-Key', `late-${id}`)
        .send({ rating: 3 });
    expect((await edit()).status).toBe(503);
    await settles(
      'the late edit stored and settled',
      service,
      async ({ rating }) => (await settled(id)) && rating.average === 3,
    );
    const retry = await edit();
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toMatchObject({ success: true });
  }, 30_000);
});
