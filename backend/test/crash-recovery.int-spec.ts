import { join } from 'node:path';
import Redis from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { unpacked } from '../src/common/packed-json';
import type { DomainEvent } from '../src/events/review-events';
import { createBatchesKey } from '../src/reviews/store/review-create-batches.repository';
import { startApiProcess, startWorkerProcess } from '../../infra/app-processes';
import { freePort, runToEnd, type Managed } from '../../infra/storage/processes';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import type { TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'fatal',
  RATE_LIMIT_AUTH: '10000',
  RATE_LIMIT_WRITES: '10000',
};

type Api = Managed & { baseUrl: string };

/**
 * The API is killed (SIGKILL, from a test-only failpoint) at each step between a review change
 * and its settlement (the full app: SPA and server rendering on); a new API process then
 * finishes the job. The review, its service's counters and its audit entry must all end
 * consistent.
 */
describe('a review change survives a crash at every step', () => {
  let worker: Managed;
  let api: Api;
  let db: Connection;
  let redis: Redis;
  let author: RegisteredUser;
  let service: string;

  const app = (): TestApp => ({ http: () => request(api.baseUrl) }) as unknown as TestApp;
  const startApi = async (failpoint?: string) => {
    api = await startApiProcess(
      { ...env, FAILPOINTS: failpoint ?? '' },
      { port: await freePort(), quiet: true },
    );
  };
  /** Restarts the API with `failpoint` armed, runs `change` (which kills it), restarts it clean. */
  const crashDuring = async (failpoint: string, change: () => Promise<unknown>) => {
    await api.stop();
    await startApi(failpoint);
    await change().catch(() => undefined);
    await eventually('the API to die at the failpoint', async () =>
      api.child.signalCode === 'SIGKILL' ? true : undefined,
    );
    await startApi();
  };
  const rating = async () =>
    (await app().http().get(`/api/services/${service}`).expect(200)).body.rating;
  const auditTypes = async (reviewId: string) =>
    (await db.collection('audit_log').find({ reviewId }).toArray()).map((entry) => entry.type);
  /**
   * A new review is settled once no batch of new reviews waiting for the relay holds it, in
   * Redis or in the storage.
   */
  const createSettled = async (reviewId: string) => {
    const inStorage = await db.collection('review_create_batches').find().toArray();
    const inRedis = await redis.hvals(createBatchesKey(process.env.REDIS_PREFIX!));
    return [
      ...inStorage.map((batch) => unpacked<DomainEvent[]>(batch.events)),
      ...inRedis.map((batch) => unpacked<{ events: DomainEvent[] }>(batch).events),
    ].every((events) => !events.some((event) => event.reviewId === reviewId));
  };
  const settled = async (reviewId: string) => {
    const review = await db
      .collection('reviews')
      .findOne({ _id: new mongoose.Types.ObjectId(reviewId) });
    return !review || review.pending === false;
  };

  beforeAll(async () => {
    db = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
    worker = await startWorkerProcess({ ...env }, { quiet: true });
    await startApi();
    author = await registerUser(app());
    service = await addService(app(), author.accessToken);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([api.stop(), worker.stop()]);
    await db.close();
    redis.disconnect();
  });

  it.each([
    'review.afterWrite',
    'review.settle.afterCounters',
    'review.settle.beforePublish',
    'review.settle.beforeDone',
  ])(
    'a new review, killed at %s',
    async (failpoint) => {
      const before = await rating();
      const reviewer = await registerUser(app());
      await crashDuring(failpoint, () =>
        addReview(app(), reviewer.accessToken, service, { rating: 2 }),
      );
      const stored = await db.collection('reviews').findOne({ service, authorId: reviewer.uid });
      expect(stored).not.toBeNull();
      const id = String(stored!._id);

      await eventually(
        'the relay to settle the review',
        async () => ((await createSettled(id)) && (await settled(id)) ? true : undefined),
        30_000,
      );
      await eventually('its audit entry', async () =>
        (await auditTypes(id)).includes('review.created') ? true : undefined,
      );
      expect(await auditTypes(id)).toEqual(['review.created']);
      const after = await rating();
      expect(after.count).toBe(before.count + 1);
      expect(after.distribution['2']).toBe(before.distribution['2'] + 1);
    },
    90_000,
  );

  it('a review the worker holds, killed between its status and its timelines, leaves every public list', async () => {
    const reviewer = await registerUser(app());
    const tag = `Crashheld${Date.now().toString(36)}`;
    const publishedTimeline = `${process.env.REDIS_PREFIX}:reviews:timeline:published`;
    const inPublishedTimeline = async (id: string) =>
      (await redis.zscore(publishedTimeline, id)) !== null;
    await worker.stop();
    worker = await startWorkerProcess(
      { ...env, FAILPOINTS: 'review.afterStepsWrite' },
      { quiet: true },
    );
    const id = await addReview(app(), reviewer.accessToken, service, {
      title: 'Awful',
      details: `${tag}: the driver was a total asshole about my parcel.`,
    });
    await eventually(
      'the worker to die holding the review',
      async () => (worker.child.signalCode === 'SIGKILL' ? true : undefined),
      15_000,
    );
    const stored = await db.collection('reviews').findOne({ _id: new mongoose.Types.ObjectId(id) });
    expect(stored).toMatchObject({ status: 'flagged', pending: true });
    // Its timelines still place it as published: the settlement never ran.
    expect(await inPublishedTimeline(id)).toBe(true);

    const ids = async (path: string) => {
      const answer = await app().http().get(path).expect(200);
      const items = Array.isArray(answer.body) ? answer.body : answer.body.items;
      return (items as { _id: string }[]).map((item) => item._id);
    };
    expect(await ids('/api/reviews?limit=100')).not.toContain(id);
    expect(await ids(`/api/reviews?service=${service}&limit=100`)).not.toContain(id);
    expect(await ids(`/api/reviews?service=${service}&q=${tag}`)).not.toContain(id);
    expect(await ids(`/api/profiles/${reviewer.uid}/reviews`)).not.toContain(id);
    // Still so when the lists were read: what hid it is the read, not a settlement.
    expect(await inPublishedTimeline(id)).toBe(true);

    // The relay (an API's, 5 s after the change) settles it, which takes it out of the timeline.
    worker = await startWorkerProcess({ ...env }, { quiet: true });
    await eventually(
      'the relay to settle',
      async () => ((await settled(id)) ? true : undefined),
      30_000,
    );
    expect(await inPublishedTimeline(id)).toBe(false);

    // A place left behind (as a settlement of an older state would leave it) is found and mended
    // by the check.
    await redis.zadd(publishedTimeline, Date.now(), id);
    const output = await runToEnd(
      process.execPath,
      [join('dist', 'reviews', 'timelines-check.cli.js')],
      {
        cwd: join(__dirname, '..'),
        env: { ...env, LOG_LEVEL: 'fatal' },
      },
    );
    expect(output).toContain(`${id}: placed again as stored`);
    expect(await inPublishedTimeline(id)).toBe(false);
    expect(
      await redis.zscore(`${process.env.REDIS_PREFIX}:reviews:timeline:flagged`, id),
    ).not.toBeNull();
  }, 120_000);

  it('an edit and a delete, each killed after the write', async () => {
    const reviewer = await registerUser(app());
    const initial = await rating();
    const id = await addReview(app(), reviewer.accessToken, service, { rating: 1 });
    // Its rating follows the answer (ReviewSettlement's COUNT_INTERVAL_MS).
    const before = await eventually('the new review to be counted', async () => {
      const now = await rating();
      return now.count === initial.count + 1 ? now : undefined;
    });

    await crashDuring('review.afterWrite', () =>
      app()
        .http()
        .patch(`/api/updatereviews/edit/${id}`)
        .set('Authorization', `Bearer ${reviewer.accessToken}`)
        .send({ rating: 4 }),
    );
    await eventually(
      'the edit to settle',
      async () => ((await settled(id)) ? true : undefined),
      30_000,
    );
    const edited = await rating();
    expect(edited.distribution['1']).toBe(before.distribution['1'] - 1);
    expect(edited.distribution['4']).toBe(before.distribution['4'] + 1);
    expect(edited.count).toBe(before.count);

    await crashDuring('review.afterWrite', () =>
      app()
        .http()
        .delete(`/api/reviews/${id}`)
        .set('Authorization', `Bearer ${reviewer.accessToken}`),
    );
    await eventually(
      'the deleted review to go',
      async () =>
        (await db.collection('reviews').findOne({ _id: new mongoose.Types.ObjectId(id) }))
          ? undefined
          : true,
      30_000,
    );
    expect((await rating()).count).toBe(before.count - 1);
    await eventually('three audit entries', async () =>
      (await auditTypes(id)).length === 3 ? true : undefined,
    );
    expect((await auditTypes(id)).sort()).toEqual([
      'review.created',
      'review.deleted',
      'review.updated',
    ]);
  }, 120_000);
});
