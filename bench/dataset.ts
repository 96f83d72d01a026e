/** The data the HTTP benchmarks run on: the seed plus generated services, users and reviews. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Redis from 'ioredis';
import { MongoClient, type ObjectId } from 'mongodb';
import { appEnv, seedDatabase } from '../infra/app-processes';
import { startTestStorage, type Storage } from '../infra/storage';
import { repoRoot } from '../infra/storage/paths';
import { benchEnv } from './support';

export interface DatasetSizes {
  services: number;
  reviews: number;
}

/** `<prefix>_SERVICES` and `<prefix>_REVIEWS` from the environment, else the defaults. */
export function datasetSizes(
  prefix: string,
  defaults: DatasetSizes,
  env = process.env,
): DatasetSizes {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number.`);
    return value;
  };
  return {
    services: read(`${prefix}_SERVICES`, defaults.services),
    reviews: read(`${prefix}_REVIEWS`, defaults.reviews),
  };
}

/**
 * The seed (services, blogs, admin), then `sizes` of generated services and reviews. Every
 * service gets an owner among the generated users, as on a site whose couriers claimed their
 * pages: each new review then notifies its owner, and the soaks' check of notifications has them
 * to check. The soaks write as users of their own, never an owner.
 */
export async function seedData(env: NodeJS.ProcessEnv, sizes: DatasetSizes): Promise<void> {
  await seedDatabase(env);
  await bulkSeed(env, ['--services', String(sizes.services), '--reviews', String(sizes.reviews)]);
  await giveServicesOwners(env.MONGO_URL!);
}

function bulkSeed(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  return backendCli('seed/bulk-seed.cli.js', args, env);
}

/** Runs one of the backend's built command lines (`dist/<script>`) on `env`'s storage. */
export function backendCli(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`dist/${script}`, ...args], {
      cwd: join(repoRoot, 'backend'),
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} failed (exit ${code})`)),
    );
  });
}

/**
 * The services in turn to each user (a few each: an owner keeps only their newest 200
 * notifications). Before the API starts: it reads the services, owners included, at start-up.
 */
async function giveServicesOwners(mongoUrl: string): Promise<void> {
  const mongo = await new MongoClient(mongoUrl).connect();
  try {
    const db = mongo.db();
    const users = await db
      .collection('users')
      .find({ role: 'user' }, { projection: { _id: 1 } })
      .toArray();
    const services = await db
      .collection('services')
      .find({}, { projection: { _id: 1 } })
      .toArray();
    if (users.length === 0) throw new Error('the seed made no users to own the services');
    const owned = new Map<string, ObjectId[]>();
    services.forEach((service, index) => {
      const owner = String(users[index % users.length]._id);
      owned.set(owner, [...(owned.get(owner) ?? []), service._id]);
    });
    // One single-statement update per owner: FerretDB runs few statements in one command.
    for (const [owner, ids] of owned) {
      await db
        .collection('services')
        .updateMany({ _id: { $in: ids } }, { $set: { ownerId: owner } });
    }
  } finally {
    await mongo.close();
  }
}

export interface Dataset {
  storage: Storage;
  /** The app's environment on this storage, with the bench settings. */
  env: NodeJS.ProcessEnv;
  mongo: MongoClient;
  redis: Redis;
  stop(): Promise<void>;
}

/** Throwaway storage with the seed and the generated data in it. */
export async function seededDataset(sizes: DatasetSizes): Promise<Dataset> {
  const storage = await startTestStorage();
  let mongo: MongoClient | undefined;
  try {
    const env = appEnv(storage, benchEnv);
    await seedData(env, sizes);
    mongo = await new MongoClient(storage.mongoUrl).connect();
    const client = mongo;
    const redis = new Redis(storage.redisUrl);
    return {
      storage,
      env,
      mongo: client,
      redis,
      stop: async () => {
        redis.disconnect();
        await client.close();
        await storage.stop();
      },
    };
  } catch (error) {
    await mongo?.close();
    await storage.stop();
    throw error;
  }
}
