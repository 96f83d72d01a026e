import { mkdtempSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer } from '../../infra/storage/redis';
import { freePort, type Managed } from '../../infra/storage/processes';
import { startWorkerProcess } from '../../infra/app-processes';
import { addReview, addService } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/**
 * Faults on a redis-server and a worker process of this test's own: Redis stopped while reviews
 * are written, and the worker killed mid-stream. Every event still makes exactly one audit entry.
 */
describe('review events survive faults', () => {
  let dataDir: string;
  let redisPort: number;
  let redis: Managed | undefined;
  let worker: Managed | undefined;
  let admin: RegisteredUser;

  const startRedis = async () => {
    redis = await startRedisServer({ port: redisPort, dataDir, persistent: false });
  };
  const startWorker = async () => {
    worker = await startWorkerProcess(
      { ...process.env, REDIS_URL: `redis://127.0.0.1:${redisPort}`, LOG_LEVEL: 'warn' },
      { quiet: true },
    );
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'service-critic-faults-'));
    redisPort = await freePort();
    await startRedis();
  });
  const testApp = useTestApp({ env: () => ({ REDIS_URL: `redis://127.0.0.1:${redisPort}` }) });
  beforeAll(async () => {
    admin = await registerAdmin(testApp);
  });
  afterAll(async () => {
    await worker?.stop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createdEntries(
    reviews: string[],
    action = 'review.created',
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (let offset = 0; ; offset += 100) {
      const response = await testApp
        .http()
        .get(`/api/admin/audit?action=${action}&limit=100&offset=${offset}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200);
      for (const entry of response.body as { reviewId: string }[]) {
        if (reviews.includes(entry.reviewId))
          counts.set(entry.reviewId, (counts.get(entry.reviewId) ?? 0) + 1);
      }
      if (response.body.length < 100) return counts;
    }
  }

  async function reviewsOnNewServices(count: number): Promise<() => Promise<string[]>> {
    const author = await registerUser(testApp);
    const services: string[] = [];
    for (let index = 0; index < count; index += 1) {
      services.push(await addService(testApp, admin.accessToken));
    }
    return async () => {
      const reviews: string[] = [];
      for (const service of services) {
        reviews.push(
          await addReview(testApp, author.accessToken, service, {
            details: `Parcel ${reviews.length} arrived on time, well packed.`,
          }),
        );
      }
      return reviews;
    };
  }

  it('with Redis stopped 20 reviews are accepted; once it is back all 20 are audited', async () => {
    await startWorker();
    const writeReviews = await reviewsOnNewServices(20);
    await redis!.stop();

    const reviews = await writeReviews();
    expect(reviews).toHaveLength(20);

    await startRedis();
    const counts = await eventually(
      'all 20 audit entries',
      async () => {
        const found = await createdEntries(reviews);
        return found.size === 20 ? found : undefined;
      },
      60_000,
    );
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);

  it('a worker killed mid-stream and restarted leaves exactly one audit entry per event', async () => {
    const writeReviews = await reviewsOnNewServices(30);
    const reviews = await writeReviews();
    await eventually('the first audit entries', async () =>
      (await createdEntries(reviews)).size > 0 ? true : undefined,
    );
    worker!.child.kill('SIGKILL');
    await worker!.stop();
    await startWorker();

    const counts = await eventually(
      'all 30 audit entries',
      async () => {
        const found = await createdEntries(reviews);
        return found.size === 30 ? found : undefined;
      },
      60_000,
    );
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);

  it('a Redis that lost its data with events in the queue (FLUSHALL) still audits every acknowledged write', async () => {
    await worker?.stop();
    worker = undefined;
    const writeReviews = await reviewsOnNewServices(6);
    const reviews = await writeReviews();
    const deleted = reviews.slice(0, 3);
    for (const id of deleted) {
      await testApp
        .http()
        .delete(`/api/reviews/${id}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200);
    }
    // Every write was answered, its events settled and queued; the queue is all that holds them.
    const client = new Redis(`redis://127.0.0.1:${redisPort}`);
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
    await startWorker();

    const created = await eventually(
      'the 6 creations audited',
      async () => {
        const found = await createdEntries(reviews);
        return found.size === 6 ? found : undefined;
      },
      30_000,
    );
    const deletions = await eventually(
      'the 3 deletions audited',
      async () => {
        const found = await createdEntries(deleted, 'review.deleted');
        return found.size === 3 ? found : undefined;
      },
      30_000,
    );
    expect([...created.values(), ...deletions.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);
});
