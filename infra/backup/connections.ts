import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { BackupError } from './format';
import type { BackupTarget } from './storage-urls';

export interface Storage {
  mongo: MongoClient;
  redis: Redis;
  close(): Promise<void>;
}

/** Connects to both stores, or fails with a sentence naming the one that did not answer. */
export async function openStorage(target: BackupTarget): Promise<Storage> {
  const mongo = new MongoClient(target.mongoUrl, { serverSelectionTimeoutMS: 5000 });
  const redis = new Redis(target.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const close = async () => {
    await mongo.close();
    redis.disconnect();
  };
  try {
    await mongo.connect().catch((error: Error) => {
      throw new BackupError(
        `Cannot reach MongoDB at ${target.mongoUrl} (${error.message}): start \`make run\` or set MONGO_URL.`,
      );
    });
    await redis.connect().catch((error: Error) => {
      throw new BackupError(
        `Cannot reach Redis at ${target.redisUrl} (${error.message}): start \`make run\` or set REDIS_URL.`,
      );
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { mongo, redis, close };
}
