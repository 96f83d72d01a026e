import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { startEmbeddedStore } from './embedded-store';
import { pingMongo } from './ferretdb';
import { pingRedis, startRedisServer } from './redis';
import { freePort, runToEnd, type Managed, type Service } from './processes';
import { displayPath } from './paths';

export { SetupError } from './processes';
export type { Managed, Service } from './processes';

type Log = (line: string) => void;

export interface Storage {
  mongoUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key the app writes (BullMQ queues, rate limits). */
  redisPrefix: string;
  /** The processes started for this storage, in start order (none for servers configured). */
  processes: Service[];
  stop(): Promise<void>;
}

/** Where `make run` keeps its data and the ports of what it starts (infra/dev-settings.ts). */
export interface DevStorageSettings {
  dataDir: string;
  ferretdbPort: number;
  postgresPort: number;
  redisPort: number;
}

/** Stops in reverse start order: FerretDB before the PostgreSQL it writes to, Redis last. */
async function stopAll(started: Managed[]): Promise<void> {
  for (const managed of [...started].reverse()) await managed.stop();
}

async function startOwnRedis(
  settings: DevStorageSettings,
  started: Service[],
  log: Log,
): Promise<string> {
  const url = `redis://127.0.0.1:${settings.redisPort}`;
  if (await pingRedis(url)) {
    log(`Using the Redis already answering on 127.0.0.1:${settings.redisPort}.`);
    return url;
  }
  const dataDir = join(settings.dataDir, 'redis');
  const redis = await startRedisServer({ port: settings.redisPort, dataDir, persistent: true });
  started.push(redis);
  log(
    `redis-server on 127.0.0.1:${settings.redisPort}, append-only data in ${displayPath(dataDir)}`,
  );
  return redis.url;
}

async function startOwnMongo(
  settings: DevStorageSettings,
  started: Service[],
  log: Log,
): Promise<string> {
  const url = `mongodb://127.0.0.1:${settings.ferretdbPort}/service-critic`;
  if (await pingMongo(url)) {
    log(
      `Using the MongoDB-compatible server already answering on 127.0.0.1:${settings.ferretdbPort}.`,
    );
    return url;
  }
  return startEmbeddedStore(
    {
      dataDir: settings.dataDir,
      ferretdbPort: settings.ferretdbPort,
      postgresPort: settings.postgresPort,
      durable: true,
      database: 'service-critic',
      log,
    },
    started,
  );
}

/**
 * Storage for `make run`: MONGO_URL / REDIS_URL when set; otherwise our own redis-server, then
 * FerretDB over our own PostgreSQL cluster, with their data under `settings.dataDir`.
 */
export async function startDevStorage(
  settings: DevStorageSettings,
  env = process.env,
  log: Log = console.log,
): Promise<Storage> {
  const started: Service[] = [];
  try {
    const redisUrl = env.REDIS_URL ?? (await startOwnRedis(settings, started, log));
    const mongoUrl = env.MONGO_URL ?? (await startOwnMongo(settings, started, log));
    return {
      mongoUrl,
      redisUrl,
      redisPrefix: env.REDIS_PREFIX ?? 'sc',
      processes: started,
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
    processes: [],
    stop: async () => {
      await Promise.all([mongo.stop(), redis.stop()]);
    },
  };
}

/** Deletes every key under `prefix`, so a test run leaves a shared Redis as it found it. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
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
 * otherwise FerretDB over a PostgreSQL cluster of its own (temp dir, free ports, no fsync) and a
 * throwaway redis-server, or a Redis key prefix of its own on REDIS_URL when that is set.
 */
export async function startTestStorage(
  env = process.env,
  log: Log = console.log,
): Promise<Storage> {
  const prefix = `test-${randomBytes(4).toString('hex')}`;
  if (await dockerEngineAnswers()) return startContainerStorage(prefix);

  const started: Service[] = [];
  const tempDir = mkdtempSync(join(tmpdir(), 'service-critic-test-'));
  // The cluster may run as the postgres user, who must be able to pass through.
  chmodSync(tempDir, 0o711);
  const cleanUp = async () => {
    await stopAll(started);
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    const sharedRedisUrl = env.REDIS_URL;
    let redisUrl = sharedRedisUrl;
    if (!redisUrl) {
      const redis = await startRedisServer({
        port: await freePort(),
        dataDir: join(tempDir, 'redis'),
        persistent: false,
      });
      started.push(redis);
      redisUrl = redis.url;
    }
    const mongoUrl = await startEmbeddedStore(
      {
        dataDir: tempDir,
        ferretdbPort: await freePort(),
        postgresPort: await freePort(),
        durable: false,
        database: 'service-critic-test',
        quiet: true,
        log,
      },
      started,
    );

    return {
      mongoUrl,
      redisUrl,
      redisPrefix: prefix,
      processes: started,
      stop: async () => {
        if (sharedRedisUrl) await deleteRedisKeys(sharedRedisUrl, prefix).catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
