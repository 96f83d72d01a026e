import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { pingMongo, startFerretDB } from './ferretdb';
import { pingRedis, startRedisServer } from './redis';
import { freePort, runToEnd, type Managed } from './processes';
import { repoRoot } from './paths';

export { SetupError } from './processes';
export type { Managed } from './processes';

type Log = (line: string) => void;

export interface Storage {
  mongoUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key the app writes (BullMQ queues, rate limits). */
  redisPrefix: string;
  stop(): Promise<void>;
}

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function stopAll(started: Managed[]): Promise<void> {
  await Promise.all(started.reverse().map((managed) => managed.stop()));
}

/**
 * Storage for `make run`: MONGO_URL / REDIS_URL when set; otherwise our FerretDB on
 * 127.0.0.1:27027 with data in .data/ferretdb, and the Redis on 6379 if one answers, else our
 * own redis-server on 6380 with append-only data in .data/redis.
 */
export async function startDevStorage(env = process.env, log: Log = console.log): Promise<Storage> {
  const started: Managed[] = [];
  try {
    let mongoUrl = env.MONGO_URL;
    if (!mongoUrl) {
      const port = Number(env.FERRETDB_PORT ?? 27027);
      const localUrl = `mongodb://127.0.0.1:${port}/service-critic`;
      if (await pingMongo(localUrl)) {
        log(`Using the MongoDB-compatible server already answering on 127.0.0.1:${port}.`);
        mongoUrl = localUrl;
      } else {
        const ferret = await startFerretDB({
          port,
          dataDir: join(repoRoot, '.data', 'ferretdb'),
          database: 'service-critic',
        });
        started.push(ferret);
        log(`FerretDB (SQLite) on 127.0.0.1:${port}, data in .data/ferretdb`);
        mongoUrl = ferret.url;
      }
    }

    let redisUrl = env.REDIS_URL;
    if (!redisUrl) {
      const ownUrl = 'redis://127.0.0.1:6380';
      if (await pingRedis(DEFAULT_REDIS_URL)) {
        redisUrl = DEFAULT_REDIS_URL;
      } else if (await pingRedis(ownUrl)) {
        redisUrl = ownUrl;
      } else {
        const redis = await startRedisServer({
          port: 6380,
          dataDir: join(repoRoot, '.data', 'redis'),
          persistent: true,
        });
        started.push(redis);
        log('redis-server on 127.0.0.1:6380, append-only data in .data/redis');
        redisUrl = redis.url;
      }
    }

    return {
      mongoUrl,
      redisUrl,
      redisPrefix: env.REDIS_PREFIX ?? 'sc',
      stop: () => stopAll(started),
    };
  } catch (error) {
    await stopAll(started);
    throw error;
  }
}

async function dockerEngineAnswers(): Promise<boolean> {
  return runToEnd('docker', ['info', '--format', '{{.ServerVersion}}'])
    .then(() => true)
    .catch(() => false);
}

async function startContainerStorage(prefix: string): Promise<Storage> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [mongo, redis] = await Promise.all([
    new MongoDBContainer('mongo:7').start(),
    new RedisContainer('redis:7').start(),
  ]);
  return {
    mongoUrl: `${mongo.getConnectionString()}/service-critic-test?directConnection=true`,
    redisUrl: redis.getConnectionUrl(),
    redisPrefix: prefix,
    stop: async () => {
      await Promise.all([mongo.stop(), redis.stop()]);
    },
  };
}

/** Deletes every key under `prefix`, so a test run leaves a shared Redis as it found it. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/**
 * Throwaway storage for tests: MongoDB and Redis containers when a Docker engine answers;
 * otherwise a FerretDB of its own (free port, temp dir) and a Redis key prefix of its own on the
 * configured/default Redis, or on a throwaway redis-server when none answers.
 */
export async function startTestStorage(env = process.env): Promise<Storage> {
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  if (await dockerEngineAnswers()) return startContainerStorage(prefix);

  const started: Managed[] = [];
  const tempDir = mkdtempSync(join(tmpdir(), 'service-critic-test-'));
  const cleanUp = async () => {
    await stopAll(started);
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    const ferret = await startFerretDB({
      port: await freePort(),
      dataDir: join(tempDir, 'ferretdb'),
      database: 'service-critic-test',
      quiet: true,
    });
    started.push(ferret);

    let redisUrl = env.REDIS_URL ?? DEFAULT_REDIS_URL;
    let ownRedis = false;
    if (!(await pingRedis(redisUrl))) {
      const redis = await startRedisServer({
        port: await freePort(),
        dataDir: join(tempDir, 'redis'),
        persistent: false,
      });
      started.push(redis);
      redisUrl = redis.url;
      ownRedis = true;
    }

    return {
      mongoUrl: ferret.url,
      redisUrl,
      redisPrefix: prefix,
      stop: async () => {
        if (!ownRedis) await deleteRedisKeys(redisUrl, prefix).catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
