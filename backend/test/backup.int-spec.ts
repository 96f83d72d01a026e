import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { BSON, MongoClient } from 'mongodb';
import { backUp } from '../../infra/backup/back-up';
import { BackupError, queueKeyPatterns } from '../../infra/backup/format';
import { restore } from '../../infra/backup/restore';
import type { BackupTarget } from '../../infra/backup/storage-urls';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { registerAdmin, registerUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { startTestApp } from './support/test-app';

/** Every document of every collection, as canonical Extended JSON, by collection. */
async function contents(client: MongoClient): Promise<Record<string, string[]>> {
  const db = client.db();
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  const entries = await Promise.all(
    names.map(async (name) => {
      const documents = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
      return [name, documents.map((d) => BSON.EJSON.stringify(d, { relaxed: false }))] as const;
    }),
  );
  return Object.fromEntries(entries.filter(([, documents]) => documents.length > 0));
}

/** The queues' keys and what each holds (a hash by its fields, whatever their order). */
async function queueKeys(redis: Redis, prefix: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const pattern of queueKeyPatterns(prefix)) {
    for (const key of await redis.keys(pattern)) {
      found[key] =
        (await redis.type(key)) === 'hash'
          ? await redis.hgetall(key)
          : (await redis.dumpBuffer(key))!.toString('base64');
    }
  }
  return found;
}

describe('make backup and make restore, on the real store', () => {
  const tag = uniqueTag().replace(/\W/g, '');
  const target: BackupTarget = {
    // A database and a Redis prefix of this test's own, which it wipes.
    mongoUrl: process.env.MONGO_URL!.replace(/\/[^/?]+(\?|$)/, `/backup-${tag}$1`),
    redisUrl: process.env.REDIS_URL!,
    redisPrefix: `backup${tag}`,
  };
  const appEnv = { MONGO_URL: target.mongoUrl, REDIS_PREFIX: target.redisPrefix };
  const dir = mkdtempSync(join(tmpdir(), 'service-critic-backup-'));
  let mongo: MongoClient;
  let redis: Redis;

  beforeAll(async () => {
    mongo = await new MongoClient(target.mongoUrl).connect();
    redis = new Redis(target.redisUrl);
  });
  afterAll(async () => {
    await mongo.db().dropDatabase();
    await mongo.close();
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  async function reads(serviceId: string, reviewId: string) {
    const app = await startTestApp(appEnv);
    try {
      const paths = [`/api/services/${serviceId}`, `/api/reviews/${reviewId}`, '/api/services'];
      return await Promise.all(
        paths.map(async (path) => {
          const { status, body } = await app.http().get(path);
          return { path, status, body: body as unknown };
        }),
      );
    } finally {
      await app.close();
    }
  }

  it('round-trips every collection, the queued jobs and the API reads: seed, back up, wipe, restore', async () => {
    const app = await startTestApp(appEnv);
    let serviceId: string;
    let reviewId: string;
    try {
      const admin = await registerAdmin(app);
      const user = await registerUser(app);
      serviceId = await addService(app, admin.accessToken);
      reviewId = await addReview(app, user.accessToken, serviceId, { rating: 5 });
    } finally {
      await app.close();
    }
    const before = await reads(serviceId, reviewId);
    expect(before.map((read) => read.status)).toEqual([200, 200, 200]);
    const stored = await contents(mongo);
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(['users', 'services', 'reviews']));
    // No worker ran: the review's and the service's events wait in the queue.
    const queued = await queueKeys(redis, target.redisPrefix);
    expect(Object.keys(queued).length).toBeGreaterThan(0);

    const manifest = await backUp(target, dir);
    expect(manifest.consistency).toBe('quiet');
    for (const [name, documents] of Object.entries(stored)) {
      expect([name, manifest.collections[name]]).toEqual([name, documents.length]);
    }

    await mongo.db().dropDatabase();
    const everything = await redis.keys(`${target.redisPrefix}:*`);
    await redis.del(...everything);
    expect(await contents(mongo)).toEqual({});

    await restore(target, dir);
    expect(await contents(mongo)).toEqual(stored);
    expect(await queueKeys(redis, target.redisPrefix)).toEqual(queued);
    // The app starts on the restored data (indexes, timelines rebuilt) and answers the same.
    expect(await reads(serviceId, reviewId)).toEqual(before);
  });

  it('refuses to restore into a database that holds documents', async () => {
    await expect(restore(target, dir)).rejects.toThrow(BackupError);
    await expect(restore(target, dir)).rejects.toThrow(/already holds documents \(.*users: \d+/);
  });

  it('refuses a folder that holds no backup', async () => {
    await expect(restore(target, tmpdir())).rejects.toThrow(/holds no backup/);
  });
});
