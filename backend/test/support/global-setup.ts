import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStorage, type Storage } from '../../../infra/storage';
import { QUERY_LOG_DIR_ENV } from './query-log';

declare global {
  var __testStorage: Storage | undefined;
}

/** One throwaway storage for the whole run; tests read its URLs from the environment. */
export default async function globalSetup(): Promise<void> {
  const storage = await startTestStorage();
  globalThis.__testStorage = storage;
  process.env.MONGO_URL = storage.mongoUrl;
  process.env.REDIS_URL = storage.redisUrl;
  process.env.REDIS_PREFIX = storage.redisPrefix;
  process.env[QUERY_LOG_DIR_ENV] = mkdtempSync(join(tmpdir(), 'query-log-'));
}
