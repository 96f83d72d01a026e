import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { appEnv, startAppProcesses, type AppProcesses } from '../../infra/app-processes';
import { freePort } from '../../infra/storage/processes';
import type { Storage } from '../../infra/storage';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { eventually } from './support/test-worker';
import type { TestApp } from './support/test-app';
import { REFRESH_COOKIE } from '../src/auth/refresh-cookie';

const WRITERS_PER_PROCESS = 16;
const PUBLIC_URL = 'http://127.0.0.1:3000';

/** Just enough of a TestApp for the helpers: HTTP to a running API process. */
function client(baseUrl: string): TestApp {
  return { http: () => request(baseUrl) } as unknown as TestApp;
}

const bearer = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

/** Sends again after a 503, as a client that honours Retry-After does (the load sheds writes). */
async function untilAnswered(send: () => request.Test): Promise<request.Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (response.status !== 503 || attempt === 5) return response;
    await new Promise((resolve) =>
      setTimeout(resolve, Number(response.headers['retry-after'] ?? 1) * 1000),
    );
  }
}

describe('concurrent writers in two API processes', () => {
  const apis: AppProcesses[] = [];
  let clients: TestApp[];
  let db: Connection;

  const siteTotals = async () => {
    const totals = await db.collection('site_ratings').findOne({ _id: 'all' as never });
    return { ratingCount: totals?.ratingCount ?? 0, ratingSum: totals?.ratingSum ?? 0 };
  };

  beforeAll(async () => {
    const storage = {
      mongoUrl: process.env.MONGO_URL!,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: process.env.REDIS_PREFIX!,
    } as Storage;
    const env = appEnv(storage, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '10000',
      RATE_LIMIT_WRITES: '10000',
      PUBLIC_URL,
    });
    for (let index = 0; index < 2; index += 1) {
      apis.push(await startAppProcesses(env, { port: await freePort(), quiet: true }));
    }
    clients = apis.map((api) => client(api.baseUrl));
    db = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await db.close();
  });

  it('on one service: the rating counters stay exact and no write is lost', async () => {
    const writers = await Promise.all(
      Array.from({ length: 2 * WRITERS_PER_PROCESS }, (_, index) =>
        registerUser(clients[index % 2], { name: `Writer ${index}` }),
      ),
    );
    const owner = await registerUser(clients[0], { name: 'Owner' });
    const service = await addService(clients[0], owner.accessToken);
    const via = (index: number) => clients[index % 2].http();
    const siteBefore = await siteTotals();

    // Everyone reviews the one service at once, half through each process.
    const created = await Promise.all(
      writers.map((writer, index) =>
        untilAnswered(() =>
          via(index)
            .post('/api/addreviews')
            .set('Authorization', bearer(writer))
            .send({
              title: 'Concurrent Courier',
              details: `Writer ${index} had a parcel delivered on the ${index + 1}th.`,
              serviceID: 1000 + index,
              rating: 1 + (index % 5),
              service,
            }),
        ),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(writers.map(() => 201));
    const ids = created.map((response) => response.body.insertedId as string);

    // Then, again at once: a third change their stars, a third delete, the rest wait.
    const expected = new Map<string, number>();
    const changes = await Promise.all(
      writers.map((writer, index) => {
        const id = ids[index];
        if (index % 3 === 0) {
          expected.set(id, 5);
          return untilAnswered(() =>
            via(index + 1)
              .patch(`/api/updatereviews/edit/${id}`)
              .set('Authorization', bearer(writer))
              .send({ rating: 5 }),
          );
        }
        if (index % 3 === 1) {
          return via(index + 1)
            .delete(`/api/reviews/${id}`)
            .set('Authorization', bearer(writer));
        }
        expected.set(id, 1 + (index % 5));
        return untilAnswered(() => via(index).get(`/api/services/${service}`));
      }),
    );
    expect(changes.map((response) => response.status)).toEqual(writers.map(() => 200));

    const listed = await clients[0]
      .http()
      .get(`/api/reviews?service=${service}&limit=100`)
      .set('Authorization', bearer(writers[0]))
      .expect(200);
    const stars = new Map<string, number>(
      listed.body.map((review: { _id: string; rating: number }) => [review._id, review.rating]),
    );
    expect(stars).toEqual(expected);

    const ratings = [...expected.values()];
    const rating = (await clients[1].http().get(`/api/services/${service}`).expect(200)).body
      .rating;
    expect(rating.count).toBe(ratings.length);
    expect(rating.average).toBe(
      Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 10) / 10,
    );
    for (const star of [1, 2, 3, 4, 5]) {
      expect(rating.distribution[String(star)]).toBe(
        ratings.filter((value) => value === star).length,
      );
    }
    // The site-wide totals (the fair score's prior) moved by exactly the same, once each
    // process has written its changes (every second). Edits move the sum alone: the count can
    // be right while another process's edits still wait for its next write.
    const expectedTotals = {
      ratingCount: siteBefore.ratingCount + ratings.length,
      ratingSum: siteBefore.ratingSum + ratings.reduce((sum, value) => sum + value, 0),
    };
    let moved = await siteTotals();
    await eventually('the site totals moved', async () => {
      moved = await siteTotals();
      return moved.ratingCount === expectedTotals.ratingCount &&
        moved.ratingSum === expectedTotals.ratingSum
        ? moved
        : undefined;
    }).catch(() => undefined); // the comparison below shows how far they are
    expect(moved).toEqual(expectedTotals);
  }, 120_000);

  it("on one review: concurrent edits move its service's counters once each", async () => {
    const authors = await Promise.all(
      [0, 1, 2].map((index) => registerUser(clients[index % 2], { name: `Editor ${index}` })),
    );
    const owner = await registerUser(clients[0], { name: 'Owner' });
    const service = await addService(clients[0], owner.accessToken);
    const ids: string[] = [];
    for (const [index, author] of authors.entries()) {
      const created = await clients[index % 2]
        .http()
        .post('/api/addreviews')
        .set('Authorization', bearer(author))
        .send({
          title: 'Edited Courier',
          details: `Editor ${index} had a parcel delivered on time.`,
          serviceID: 2000 + index,
          rating: 3,
          service,
        })
        .expect(201);
      ids.push(created.body.insertedId);
    }
    const summary = async () =>
      (await clients[0].http().get(`/api/services/${service}`).expect(200)).body.rating;
    await eventually('the three reviews counted', async () =>
      (await summary()).count === 3 ? true : undefined,
    );

    // One author edits their review 20 times at once through both processes, 5 and 1 in turn.
    const edits = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        untilAnswered(() =>
          clients[index % 2]
            .http()
            .patch(`/api/updatereviews/edit/${ids[0]}`)
            .set('Authorization', bearer(authors[0]))
            .send({ rating: index % 2 === 0 ? 5 : 1 }),
        ),
      ),
    );
    expect(edits.map((response) => response.status)).toEqual(edits.map(() => 200));

    // The counters are what the listed reviews give, once every edit is settled.
    const listed = await clients[1].http().get(`/api/reviews?service=${service}&limit=100`);
    const ratings: number[] = listed.body.map((review: { rating: number }) => review.rating);
    expect(ratings).toHaveLength(3);
    const expected = {
      count: 3,
      average: Math.round((ratings.reduce((sum, value) => sum + value, 0) / 3) * 10) / 10,
      distribution: Object.fromEntries(
        [1, 2, 3, 4, 5].map((star) => [String(star), ratings.filter((r) => r === star).length]),
      ),
    };
    const rating = await eventually('no edit pending', async () => {
      const pending = await db.collection('reviews').countDocuments({ pending: true });
      return pending === 0 ? summary() : undefined;
    });
    expect({
      count: rating.count,
      average: rating.average,
      distribution: rating.distribution,
    }).toEqual(expected);
    expect(rating.average).toBeGreaterThanOrEqual(1);
    expect(rating.average).toBeLessThanOrEqual(5);

    // And the recount from the stored reviews finds every counter exact.
    await db
      .collection('users')
      .updateOne({ email: authors[1].email }, { $set: { role: 'admin' } });
    const login = await clients[0]
      .http()
      .post('/api/auth/login')
      .send({ email: authors[1].email, password: authors[1].password })
      .expect(200);
    const recount = await clients[1]
      .http()
      .post(`/api/admin/services/${service}/recount`)
      .set('Authorization', `Bearer ${login.body.accessToken}`)
      .expect(200);
    expect(recount.body).toMatchObject({ reviews: 3, differences: [], outcome: 'exact' });
  }, 120_000);

  it('on one login: refreshes racing a logout leave nothing that works after it', async () => {
    const user = await registerUser(clients[0]);
    const refresh = (index: number) =>
      via(index).post('/api/auth/refresh').set('Origin', PUBLIC_URL).set('Cookie', user.cookie);
    const via = (index: number) => clients[index % 2].http();

    const writers = Array.from({ length: 2 * WRITERS_PER_PROCESS }, (_, index) => index);
    const answers = await Promise.all([
      ...writers.map((index) => refresh(index)),
      via(1).post('/api/auth/logout').set('Origin', PUBLIC_URL).set('Cookie', user.cookie),
    ]);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);

    // Whatever the race handed out, the login is over: no access token or refresh cookie works.
    const tokens = answers.map((answer) => answer.body?.accessToken).filter(Boolean);
    const cookies = answers.flatMap((answer) =>
      ([] as string[])
        .concat(answer.headers['set-cookie'] ?? [])
        .filter(
          (cookie) =>
            cookie.startsWith(`${REFRESH_COOKIE}=`) && !cookie.startsWith(`${REFRESH_COOKIE}=;`),
        )
        .map((cookie) => cookie.split(';')[0]),
    );
    for (const [index, token] of [user.accessToken, ...tokens].entries()) {
      await via(index).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    }
    for (const [index, cookie] of [user.cookie, ...cookies].entries()) {
      await via(index)
        .post('/api/auth/refresh')
        .set('Origin', PUBLIC_URL)
        .set('Cookie', cookie)
        .expect(401);
    }
  }, 60_000);
});
