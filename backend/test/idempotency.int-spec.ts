import type { Response } from 'supertest';
import { addReview, addService, newReviewsSettled } from './support/catalog-helpers';
import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';
import { ReviewTimelines } from '../src/reviews/store/review-timelines';

/**
 * `Idempotency-Key` on the write routes: a retry with the same key gets the first answer and
 * writes nothing; a key reused for another body, a retry while the first runs and a malformed key
 * are refused with a sentence.
 */
describe('Idempotency-Key', () => {
  const testApp = useTestApp();
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    alice = await registerUser(testApp, { name: 'Alice Retrier' });
    bob = await registerUser(testApp, { name: 'Bob Retrier' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
  });
  afterEach(() => jest.restoreAllMocks());

  let keys = 0;
  const newKey = () => `key-${Date.now().toString(36)}-${(keys += 1)}`;
  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const reviewBody = (service: string, rating = 4) => ({
    title: 'Retried Courier',
    details: 'Sent twice, written once.',
    serviceID: 4821,
    rating,
    service,
  });
  const postReview = (user: RegisteredUser, key: string, body: object) =>
    testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(user))
      .set('Idempotency-Key', key)
      .send(body);
  const ratingOf = async (service: string) =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;
  const reviewsOf = async (service: string) =>
    (await testApp.http().get(`/api/reviews?service=${service}`).expect(200)).body as {
      _id: string;
    }[];

  function expectSameAnswer(first: Response, retry: Response): void {
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.headers['idempotent-replayed']).toBe('true');
  }

  function expectRefused(response: Response, status: number, code: string): void {
    expect(response.status).toBe(status);
    expect(response.body).toEqual({
      statusCode: status,
      code,
      error: expect.stringMatching(/^[A-Z].*\.$/),
    });
  }

  it('a create sent twice with one key is written and counted once, and answered the same', async () => {
    const service = await addService(testApp, admin.accessToken);
    const key = newKey();
    const first = await postReview(alice, key, reviewBody(service));
    expect(first.status).toBe(201);
    const retry = await postReview(alice, key, reviewBody(service));
    expectSameAnswer(first, retry);
    await newReviewsSettled(testApp);
    expect((await ratingOf(service)).count).toBe(1);
    expect((await reviewsOf(service)).map((review) => review._id)).toEqual([first.body.insertedId]);
  });

  it('an edit and a delete sent twice with one key are carried out once', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, alice.accessToken, service, { rating: 5 });
    const edit = (key: string) =>
      testApp
        .http()
        .patch(`/api/updatereviews/edit/${id}`)
        .set('Authorization', as(alice))
        .set('Idempotency-Key', key)
        .send({ rating: 2, details: 'Changed my mind once.' });
    const editKey = newKey();
    const edited = await edit(editKey);
    expect(edited.status).toBe(200);
    expectSameAnswer(edited, await edit(editKey));
    // One edit keeps one earlier version; a second would have kept two.
    const versions = (await testApp.http().get(`/api/reviews/${id}/versions`).expect(200)).body
      .versions;
    expect(versions).toHaveLength(2);
    expect(await ratingOf(service)).toMatchObject({ count: 1, average: 2 });

    const remove = (key: string) =>
      testApp
        .http()
        .delete(`/api/reviews/${id}`)
        .set('Authorization', as(alice))
        .set('Idempotency-Key', key);
    const deleteKey = newKey();
    const deleted = await remove(deleteKey);
    expect(deleted.status).toBe(200);
    // Without the key a second delete would be a 404.
    expectSameAnswer(deleted, await remove(deleteKey));
    expect(await ratingOf(service)).toMatchObject({ count: 0 });
    expect(await reviewsOf(service)).toEqual([]);
  });

  it('the same key with another body is 422, and writes nothing', async () => {
    const service = await addService(testApp, admin.accessToken);
    const key = newKey();
    await postReview(alice, key, reviewBody(service, 5)).expect(201);
    expectRefused(
      await postReview(alice, key, reviewBody(service, 1)),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    await newReviewsSettled(testApp);
    expect(await ratingOf(service)).toMatchObject({ count: 1, average: 5 });
  });

  it('concurrent requests with one key write once; the other is 409 or the replay', async () => {
    const service = await addService(testApp, admin.accessToken);
    const key = newKey();
    const answers = await Promise.all(
      [0, 1, 2].map(() => Promise.resolve(postReview(bob, key, reviewBody(service)))),
    );
    const written = answers.filter(
      (answer) => answer.status === 201 && !answer.headers['idempotent-replayed'],
    );
    expect(written).toHaveLength(1);
    for (const answer of answers) {
      if (answer === written[0]) continue;
      if (answer.status === 409) expectRefused(answer, 409, 'IDEMPOTENCY_KEY_IN_FLIGHT');
      else expectSameAnswer(written[0], answer);
    }
    await newReviewsSettled(testApp);
    expect((await ratingOf(service)).count).toBe(1);
  });

  it('a retry while the first request is still running is 409 with Retry-After', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, alice.accessToken, service);
    const timelines = testApp.app.get(ReviewTimelines);
    const place = timelines.place.bind(timelines);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    jest.spyOn(timelines, 'place').mockImplementationOnce(async (...args) => {
      await held;
      return place(...args);
    });
    const key = newKey();
    const edit = () =>
      testApp
        .http()
        .patch(`/api/updatereviews/edit/${id}`)
        .set('Authorization', as(alice))
        .set('Idempotency-Key', key)
        .send({ rating: 1 });
    const first = Promise.resolve(edit());
    await eventually('the first edit settling', async () =>
      jest.mocked(timelines.place).mock.calls.length > 0 ? true : undefined,
    );
    const retry = await edit();
    expectRefused(retry, 409, 'IDEMPOTENCY_KEY_IN_FLIGHT');
    expect(retry.headers['retry-after']).toBe('1');
    release();
    expect((await first).status).toBe(200);
  });

  it('a malformed key is 400', async () => {
    const service = await addService(testApp, admin.accessToken);
    for (const key of ['', 'two words', '"unclosed', 'x'.repeat(256)]) {
      expectRefused(
        await postReview(alice, key, reviewBody(service)),
        400,
        'INVALID_IDEMPOTENCY_KEY',
      );
    }
    expect(await reviewsOf(service)).toEqual([]);
  });

  it("two users' requests with the same key never meet", async () => {
    const service = await addService(testApp, admin.accessToken);
    const key = newKey();
    const [fromAlice, fromBob] = [
      await postReview(alice, key, reviewBody(service)),
      await postReview(bob, key, reviewBody(service)),
    ];
    expect(fromAlice.status).toBe(201);
    expect(fromBob.status).toBe(201);
    expect(fromBob.headers['idempotent-replayed']).toBeUndefined();
    expect(fromBob.body.insertedId).not.toBe(fromAlice.body.insertedId);
    expectSameAnswer(fromAlice, await postReview(alice, key, reviewBody(service)));
    await newReviewsSettled(testApp);
    expect((await ratingOf(service)).count).toBe(2);
  });

  it('a sign-up sent twice with one key is answered the same, not "e-mail taken"', async () => {
    const key = newKey();
    const body = {
      name: 'Twice Sent',
      email: uniqueEmail('idem'),
      password: 'correct horse battery',
    };
    const register = () =>
      testApp.http().post('/api/register').set('Idempotency-Key', key).send(body);
    const first = await register();
    expect(first.status).toBe(201);
    const retry = await register();
    expectSameAnswer(first, retry);
    expect(retry.headers['set-cookie']).toEqual(first.headers['set-cookie']);
  });
});
