import { addReview, addService } from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { startTestApp, type TestApp } from './support/test-app';

describe('HTTP caching of public reads', () => {
  let replicaA: TestApp;
  let replicaB: TestApp;
  let user: RegisteredUser;

  beforeAll(async () => {
    // Two API replicas on the same database and Redis, as behind a load balancer.
    [replicaA, replicaB] = await Promise.all([startTestApp(), startTestApp()]);
    user = await registerUser(replicaA);
  });
  afterAll(() => Promise.all([replicaA.close(), replicaB.close()]));

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
    const service = await addService(replicaA, user.accessToken);
    const path = `/api/reviews?service=${service}&limit=5`;
    const [first, replayed] = [
      await replicaA.http().get(path).expect(200),
      await replicaA.http().get(path).expect(200),
    ];
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

  it('a write on one replica is seen at once on the other, and old ETags stop matching', async () => {
    const service = await addService(replicaA, user.accessToken);
    const before = await replicaB.http().get(`/api/reviews?service=${service}`).expect(200);
    const rating = await replicaB.http().get(`/api/services/${service}`).expect(200);
    expect(before.body).toEqual([]);
    expect(rating.body.rating.count).toBe(0);

    const review = await addReview(replicaA, user.accessToken, service, { rating: 2 });
    const after = await replicaB
      .http()
      .get(`/api/reviews?service=${service}`)
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.body.map((each: { _id: string }) => each._id)).toEqual([review]);
    expect(after.headers['x-total-count']).toBe('1');
    expect((await replicaB.http().get(`/api/services/${service}`)).body.rating.count).toBe(1);

    await replicaA
      .http()
      .delete(`/api/reviews/${review}`)
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    expect((await replicaB.http().get(`/api/reviews?service=${service}`)).body).toEqual([]);
    expect((await replicaB.http().get(`/api/services/${service}`)).body.rating.count).toBe(0);
  });

  it('lists are compressed for clients that accept it', async () => {
    for (let count = 0; count < 3; count += 1) await addService(replicaA, user.accessToken);
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
