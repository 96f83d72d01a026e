import type { Response } from 'supertest';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ResponseCache } from '../src/common/read-cache/response-cache';
import { addReview, addService } from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const cacheOf = (replica: TestApp) => replica.app.get(ReadCache);

/** Polls a visitor's GET until its answer is `accepted`: other replicas' bumps come by pub/sub. */
function answerOn(
  replica: TestApp,
  path: string,
  accepted: (response: Response) => boolean,
): Promise<Response> {
  return eventually(`an accepted answer to ${path}`, async () => {
    const response = await replica.http().get(path);
    return accepted(response) ? response : undefined;
  });
}

const idsOf = (response: Response) => response.body.map((each: { _id: string }) => each._id);

describe('HTTP caching of public reads', () => {
  // Two API replicas on the same database and Redis, as behind a load balancer.
  const replicaA = useTestApp();
  const replicaB = useTestApp();
  let user: RegisteredUser;
  // Adds the services `user` reviews: nobody reviews their own.
  let owner: RegisteredUser;

  beforeAll(async () => {
    user = await registerUser(replicaA);
    owner = await registerUser(replicaA);
    await eventually('both replicas subscribed to generation bumps', async () =>
      cacheOf(replicaA).mirror.connected && cacheOf(replicaB).mirror.connected ? true : undefined,
    );
  });

  it('visitors get a public Cache-Control and an ETag; a matching If-None-Match gets 304', async () => {
    const first = await replicaA.http().get('/api/services').expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=10');
    expect(first.headers.vary).toMatch(/Authorization/);
    expect(first.headers.etag).toBeTruthy();

    const again = await replicaA
      .http()
      .get('/api/services')
      .set('If-None-Match', first.headers.etag)
      .expect(304);
    expect(again.text).toBeFalsy();
  });

  it('a replayed answer is the same answer, headers included', async () => {
    const service = await addService(replicaA, owner.accessToken);
    const path = `/api/reviews?service=${service}&limit=5`;
    const replays = jest.spyOn(replicaA.app.get(ResponseCache), 'replayAtOnce');
    const [first, replayed] = [
      await replicaA.http().get(path).expect(200),
      await replicaA.http().get(path).expect(200),
    ];
    // The second one (a small body) came straight from node:http, before Express.
    expect(replays.mock.results.map((result) => result.value)).toEqual([false, true]);
    replays.mockRestore();
    expect(replayed.text).toBe(first.text);
    for (const header of [
      'etag',
      'cache-control',
      'vary',
      'x-total-count',
      'link',
      'content-type',
    ]) {
      expect(replayed.headers[header]).toBe(first.headers[header]);
    }
    expect(replayed.headers['x-content-type-options']).toBe('nosniff'); // helmet's, as before
    await replicaA.http().get(path).set('If-None-Match', first.headers.etag).expect(304);
  });

  it('answers to logged-in callers are private and always revalidated', async () => {
    const response = await replicaA
      .http()
      .get('/api/reviews')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('errors carry no public caching', async () => {
    const response = await replicaA
      .http()
      .get('/api/services/0123456789abcdef01234567')
      .expect(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('a write on one replica is seen on the other as soon as its bump arrives, and old ETags stop matching', async () => {
    const service = await addService(replicaA, owner.accessToken);
    const before = await replicaB.http().get(`/api/reviews?service=${service}`).expect(200);
    const rating = await replicaB.http().get(`/api/services/${service}`).expect(200);
    expect(before.body).toEqual([]);
    expect(rating.body.rating.count).toBe(0);

    const review = await addReview(replicaA, user.accessToken, service, { rating: 2 });
    const after = await eventually('the new review on replica B', async () => {
      const response = await replicaB
        .http()
        .get(`/api/reviews?service=${service}`)
        .set('If-None-Match', before.headers.etag);
      return response.status === 200 ? response : undefined;
    });
    expect(idsOf(after)).toEqual([review]);
    expect(after.headers['x-total-count']).toBe('1');
    await answerOn(replicaB, `/api/services/${service}`, (each) => each.body.rating.count === 1);

    await replicaA
      .http()
      .delete(`/api/reviews/${review}`)
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    await answerOn(replicaB, `/api/reviews?service=${service}`, (each) => each.body.length === 0);
    await answerOn(replicaB, `/api/services/${service}`, (each) => each.body.rating.count === 0);
  });

  it('a replica learns of writes by pub/sub: its cached reads never ask Redis for generations, only a review it never read asks for its own', async () => {
    const service = await addService(replicaA, owner.accessToken);
    const path = `/api/reviews?service=${service}`;
    await replicaB.http().get(path).expect(200); // B now holds this answer's generations
    await replicaB.http().get(`/api/services/${service}`).expect(200);
    const reads = jest.spyOn(cacheOf(replicaB).store, 'read');
    try {
      await replicaB.http().get(path).expect(200); // replayed
      const review = await addReview(replicaA, user.accessToken, service, { rating: 5 });
      expect(idsOf(await answerOn(replicaB, path, (each) => each.body.length > 0))).toEqual([
        review,
      ]);
      await answerOn(replicaB, `/api/services/${service}`, (each) => each.body.rating.count === 1);
      // The new review's stored copy (ReadCache.readDocument): a scope B never held.
      expect(reads.mock.calls).toEqual([[[`review:${review}`]]]);
    } finally {
      reads.mockRestore();
    }
  });

  it('while its subscription is down a replica reads generations from Redis, and reloads them when back', async () => {
    const service = await addService(replicaA, owner.accessToken);
    const reviewsPath = `/api/reviews?service=${service}`;
    const servicePath = `/api/services/${service}`;
    const { mirror, store } = cacheOf(replicaB);
    expect((await replicaB.http().get(reviewsPath).expect(200)).body).toEqual([]);
    expect((await replicaB.http().get(servicePath).expect(200)).body.rating.count).toBe(0);
    mirror.subscriber.disconnect();
    await eventually('the subscription drops', async () => (mirror.connected ? undefined : true));
    const reads = jest.spyOn(store, 'read');
    try {
      // Its bump reaches no subscriber on B; B reads the generations from Redis instead.
      const review = await addReview(replicaA, user.accessToken, service);
      expect((await replicaB.http().get(servicePath).expect(200)).body.rating.count).toBe(1);
      expect(reads).toHaveBeenCalled();

      // The review list, cached before the missed bump, is stale: B reloads what it holds
      // before trusting its copy again.
      await mirror.subscriber.connect();
      await eventually('the subscription is back', async () => mirror.connected || undefined);
      reads.mockClear();
      expect(idsOf(await replicaB.http().get(reviewsPath).expect(200))).toEqual([review]);
      // Only the scope B never held: the new review's stored copy.
      expect(reads.mock.calls).toEqual([[[`review:${review}`]]]);
    } finally {
      reads.mockRestore();
    }
  });

  it('lists are compressed for clients that accept it', async () => {
    for (let count = 0; count < 3; count += 1) await addService(replicaA, owner.accessToken);
    // The first answer is made, the second replayed from the response cache.
    for (const attempt of ['made', 'replayed']) {
      const response = await replicaA
        .http()
        .get('/api/services?limit=100')
        .set('Accept-Encoding', 'gzip')
        .expect(200);
      expect([attempt, response.headers['content-encoding']]).toEqual([attempt, 'gzip']);
      expect(response.body.length).toBeGreaterThanOrEqual(3);
    }
  });
});
