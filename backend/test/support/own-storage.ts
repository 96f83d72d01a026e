import { startTestStorage, type Service, type Storage } from '../../../infra/storage';

export interface OwnStorage extends Storage {
  /** The FerretDB process of this storage, to stop or kill. */
  ferretdb: Service;
  /** What an app or worker on this storage is given. */
  env: NodeJS.ProcessEnv;
}

/**
 * FerretDB and PostgreSQL of a test file's own (on the run's Redis, under a prefix of its own), so
 * that stopping or killing them hurts no other test file. stop() lets a stopped FerretDB go on
 * first, so that it can be shut down.
 */
export async function startOwnStorage(): Promise<OwnStorage> {
  const storage = await startTestStorage(process.env, () => undefined);
  const ferretdb = storage.processes.find((process) => process.name === 'ferretdb');
  if (!ferretdb) {
    await storage.stop();
    throw new Error('These tests stop FerretDB, so they need the embedded store (no Docker).');
  }
  return {
    ...storage,
    ferretdb,
    env: {
      MONGO_URL: storage.mongoUrl,
      REDIS_URL: storage.redisUrl,
      REDIS_PREFIX: storage.redisPrefix,
    },
    stop: async () => {
      ferretdb.child.kill('SIGCONT');
      await storage.stop();
    },
  };
}

/** Milliseconds `work` took, with what it answered. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}
