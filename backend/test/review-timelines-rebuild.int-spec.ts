import { join } from 'node:path';
import { getModelToken } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { startApiProcess } from '../../infra/app-processes';
import { deleteRedisKeys } from '../../infra/storage';
import { freePort, runToEnd } from '../../infra/storage/processes';
import { ReviewTimelinesRebuild } from '../src/reviews/store/review-timelines-rebuild';
import { ReviewTimelines, TIMELINES_VERSION } from '../src/reviews/store/review-timelines';
import { ReviewsRepository, type StoredReview } from '../src/reviews/reviews.repository';
import { registerAdmin, registerUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { newReview } from './support/new-review';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** A Redis that lost its data is one with a prefix nothing was written under. */
const lostRedisPrefix = (label: string) =>
  `${process.env.REDIS_PREFIX}-lost-${label}-${Date.now().toString(36)}`;

/**
 * The review timelines (lists across services: every review, the moderation queue) live in Redis
 * and are derived from the reviews; after Redis lost them they are rebuilt, at the API's start or
 * by `npm run timelines:rebuild`.
 */
describe('review timelines after Redis lost them', () => {
  const testApp = useTestApp();
  let published: string[];
  let rejected: string;
  let service: string;

  beforeAll(async () => {
    const admin = await registerAdmin(testApp);
    const owner = await registerUser(testApp);
    service = await addService(testApp, owner.accessToken);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const author = await registerUser(testApp);
      ids.push(
        await addReview(testApp, author.accessToken, service, {
          details: `Review number ${index} of the timelines test, delivered at noon.`,
        }),
      );
    }
    rejected = ids[2];
    await testApp
      .http()
      .post(`/api/admin/reviews/${rejected}/reject`)
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .send({ reason: 'Not about this service.' })
      .expect(200);
    published = ids.slice(0, 2);
  });

  const listed = async (app: TestApp, token: string, status: string) => {
    const answer = await app
      .http()
      .get(`/api/reviews?status=${status}&limit=100`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    return (answer.body as { _id: string }[]).map((item) => item._id);
  };

  const publicListOf = async (app: TestApp) => {
    const answer = await app.http().get(`/api/reviews?service=${service}&limit=100`).expect(200);
    return (answer.body as { _id: string }[]).map((item) => item._id).sort();
  };

  it('never take back an older state of a review placed after a newer one', async () => {
    // A settlement (or the relay's) that read the review before its take-down, placing late.
    const stored = await testApp.app.get(ReviewsRepository).timelineEntry(rejected);
    expect(stored).toMatchObject({ status: 'rejected' });
    const older = { ...stored!, status: 'published', removal: undefined, rev: 0 };
    const timelines = testApp.app.get(ReviewTimelines);
    await timelines.place([older], new Set([rejected]));
    await timelines.place([older]);
    expect(await timelines.ids('published')).not.toContain(rejected);
    expect(await timelines.ids('rejected')).toContain(rejected);
  });

  it('are rebuilt from the reviews, each in its status, once', async () => {
    const lost = await startTestApp({ REDIS_PREFIX: lostRedisPrefix('service') });
    try {
      const admin = await registerAdmin(lost);
      expect(await listed(lost, admin.accessToken, 'any')).toEqual([]);
      expect(await publicListOf(lost)).toEqual([]);

      const placed = await lost.app.get(ReviewTimelinesRebuild).rebuildIfLost();

      expect(placed).toBeGreaterThanOrEqual(3);
      const all = await listed(lost, admin.accessToken, 'any');
      expect(all).toEqual(expect.arrayContaining([...published, rejected]));
      expect(await listed(lost, admin.accessToken, 'rejected')).toContain(rejected);
      expect(await listed(lost, admin.accessToken, 'published')).not.toContain(rejected);
      // The service's own list (take-down placeholder included) and figures, read before the
      // rebuild and so cached empty, are whole again.
      expect(await publicListOf(lost)).toEqual([...published, rejected].sort());
      const panel = await lost.http().get(`/api/services/${service}/transparency`).expect(200);
      expect(panel.body).toMatchObject({ published: 2, removed: 1 });
      // Whole now: a second check places nothing.
      expect(await lost.app.get(ReviewTimelinesRebuild).rebuildIfLost()).toBeNull();
    } finally {
      await lost.close();
    }
  });

  it('are rebuilt by the API when it starts, and visitors see every review again', async () => {
    const api = await startApiProcess(
      {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'fatal',
        REDIS_PREFIX: lostRedisPrefix('start'),
      },
      { port: await freePort(), quiet: true },
    );
    try {
      await eventually(
        'the public list to show the reviews again',
        async () => {
          const answer = await fetch(`${api.baseUrl}/api/reviews?limit=100`);
          const ids = ((await answer.json()) as { _id: string }[]).map((item) => item._id);
          return published.every((id) => ids.includes(id)) ? ids : undefined;
        },
        30_000,
      );
    } finally {
      await api.stop();
    }
  });

  it('are rebuilt by a running API within seconds after Redis lost them, a create meanwhile included', async () => {
    const prefix = lostRedisPrefix('running');
    const api = await startApiProcess(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'fatal', REDIS_PREFIX: prefix },
      { port: await freePort(), quiet: true },
    );
    const publicList = async () => {
      const answer = await fetch(`${api.baseUrl}/api/reviews?service=${service}&limit=100`);
      return ((await answer.json()) as { _id: string }[]).map((item) => item._id);
    };
    try {
      await eventually(
        'the rebuild at the start',
        async () => ((await publicList()).length >= 2 ? true : undefined),
        30_000,
      );
      // As FLUSHALL would leave it for this API (its prefix alone, as the test Redis is shared).
      await deleteRedisKeys(process.env.REDIS_URL!, prefix);
      const author = await registerUser(testApp);
      const created = await fetch(`${api.baseUrl}/api/addreviews`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${author.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          title: 'Test Courier',
          details: 'Written while Redis had just lost the timelines, delivered at dusk.',
          serviceID: 4821,
          rating: 5,
          service,
        }),
      });
      expect(created.status).toBe(201);
      const createdId = ((await created.json()) as { insertedId: string }).insertedId;

      const lostAt = Date.now();
      const listed = await eventually(
        'the public list to hold every review again',
        async () => {
          const ids = await publicList();
          return [...published, rejected, createdId].every((id) => ids.includes(id))
            ? ids
            : undefined;
        },
        15_000,
      );
      expect(listed).toHaveLength(4);
      expect(Date.now() - lostAt).toBeLessThan(10_000);
    } finally {
      await api.stop();
    }
  });

  it('recount every service after Redis lost what it held, or was started again', async () => {
    const prefix = lostRedisPrefix('recount');
    const lost = await startTestApp({ REDIS_PREFIX: prefix });
    const rebuild = lost.app.get(ReviewTimelinesRebuild);
    const reviews = testApp.app.get<Model<StoredReview>>(getModelToken('Review'));
    const count = async () =>
      (await lost.http().get(`/api/services/${service}`).expect(200)).body.rating.count as number;
    try {
      // Stored, never counted: as a review whose batch, waiting to be counted, Redis lost.
      const before = await count();
      await reviews.create(newReview(service, 1).review);
      expect(await count()).toBe(before);
      expect(await rebuild.rebuildIfLost()).toBeGreaterThanOrEqual(4);
      expect(await count()).toBe(before + 1);
      expect(await rebuild.rebuildIfLost()).toBeNull();

      // A Redis started again from its append-only file (which may miss its last second) runs
      // under another run_id than the one the timelines were marked whole in.
      await reviews.create(newReview(service, 4).review);
      const redis = lost.app.get<Redis>(REDIS_CLIENT);
      await redis.set(
        `${prefix}:reviews:timelines-whole:${TIMELINES_VERSION}`,
        'a-run-before-a-restart',
      );
      expect(await rebuild.rebuildIfLost()).toBeGreaterThanOrEqual(5);
      expect(await count()).toBe(before + 2);
    } finally {
      await lost.close();
    }
  });

  it('are rebuilt on demand by `npm run timelines:rebuild`', async () => {
    const output = await runToEnd(
      process.execPath,
      [join('dist', 'reviews', 'timelines-rebuild.cli.js')],
      {
        cwd: join(__dirname, '..'),
        env: { ...process.env, LOG_LEVEL: 'fatal', REDIS_PREFIX: lostRedisPrefix('cli') },
      },
    );
    const placed = Number(/rebuilt: (\d+) reviews placed/.exec(output)?.[1]);
    expect(placed).toBeGreaterThanOrEqual(3);
  });
});
