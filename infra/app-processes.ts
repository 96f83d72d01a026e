import { join } from 'node:path';
import { repoRoot } from './storage/paths';
import {
  SetupError,
  answeringOrStopped,
  exitReason,
  runToEnd,
  startManaged,
  waitUntil,
  type Managed,
} from './storage/processes';
import type { Storage } from './storage';

/**
 * Node's heap otherwise grows lazily under load to well past what the API keeps alive (about
 * 100 MB with full caches); a ceiling makes it collect sooner and keeps the process's memory
 * flat (see `make bench-load`).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=192'];

/** What the worker prints once its processors run (backend/src/worker.ts). */
export const WORKER_READY = 'Service Critic worker ready';

export interface AppProcesses {
  api: Managed;
  worker: Managed;
  baseUrl: string;
  stop(): Promise<void>;
}

/** Environment the API and worker get from the storage we resolved. */
export function appEnv(storage: Storage, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MONGO_URL: storage.mongoUrl,
    REDIS_URL: storage.redisUrl,
    REDIS_PREFIX: storage.redisPrefix,
    ...extra,
  };
}

/** Runs the idempotent seed (services, blogs, admin); answers its one-line summary. */
export async function seedDatabase(env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const output = await runToEnd(process.execPath, ['dist/seed/seed.cli.js'], {
      cwd: join(repoRoot, 'backend'),
      env,
    });
    return output.trim();
  } catch (error) {
    throw new SetupError(`Seeding the database failed: ${(error as Error).message}`);
  }
}

/** Starts a worker process on its own; resolves once it says it is ready. */
export async function startWorkerProcess(
  env: NodeJS.ProcessEnv,
  options: { quiet?: boolean } = {},
): Promise<Managed> {
  const worker = startManaged('worker', process.execPath, ['dist/worker.js'], {
    cwd: join(repoRoot, 'backend'),
    env,
    quiet: options.quiet,
  });
  let ready = false;
  worker.child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(WORKER_READY)) ready = true;
  });
  try {
    await waitUntil(
      'The worker',
      async () => ready,
      60_000,
      () => exitReason(worker.child),
    );
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}

async function healthAnswers(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/health`);
  return response.ok;
}

/** Starts the built API alone and resolves once /api/health answers 200. */
export async function startApiProcess(
  env: NodeJS.ProcessEnv,
  options: { port: number; quiet?: boolean },
): Promise<Managed & { baseUrl: string }> {
  const api = startManaged('api', process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], {
    cwd: join(repoRoot, 'backend'),
    env: { ...env, PORT: String(options.port) },
    quiet: options.quiet,
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await answeringOrStopped(api, 'The API', () => healthAnswers(baseUrl), 60_000);
  return { ...api, baseUrl };
}

/**
 * Starts the built API and worker and resolves once /api/health answers 200. `detached` puts
 * them in process groups of their own, so that only our stop() signals them, once: a signal to
 * our group would otherwise reach them too, and a second SIGTERM cuts the worker's drain short.
 */
export async function startAppProcesses(
  env: NodeJS.ProcessEnv,
  options: { port: number; quiet?: boolean; detached?: boolean },
): Promise<AppProcesses> {
  const spawnOptions = {
    cwd: join(repoRoot, 'backend'),
    env: { ...env, PORT: String(options.port) },
    quiet: options.quiet,
    detached: options.detached,
  };
  const api = startManaged(
    'api',
    process.execPath,
    [...API_NODE_FLAGS, 'dist/main.js'],
    spawnOptions,
  );
  const worker = startManaged('worker', process.execPath, ['dist/worker.js'], spawnOptions);
  const stop = async () => {
    await Promise.all([api.stop(), worker.stop()]);
  };
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntil(
      'The API',
      () => healthAnswers(baseUrl),
      60_000,
      () => {
        const apiExit = exitReason(api.child);
        const workerExit = exitReason(worker.child);
        if (apiExit) return `the API stopped (${apiExit})`;
        if (workerExit) return `the worker stopped (${workerExit})`;
        return undefined;
      },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, worker, baseUrl, stop };
}
