import { join } from 'node:path';
import { repoRoot } from './storage/paths';
import {
  SetupError,
  answeringOrStopped,
  runToEnd,
  startManaged,
  type Service,
} from './storage/processes';
import type { Storage } from './storage';

/**
 * Node's heap otherwise grows lazily under load to well past what the API keeps alive (about
 * 100 MB with full caches); a ceiling makes it collect sooner and keeps the process's memory
 * flat (see `make bench-load`). The young generation's semi-spaces are capped at 8 MB (16 by
 * default): the full-size soak's peak went from 305.6 to 290.5 MB (budget 300).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=8'];

/**
 * What each process needs running before it can be ready, for infra/supervisor.ts: it is
 * started again after those, and stopped before them.
 */
export const PROCESS_NEEDS = {
  ferretdb: ['postgres'],
  api: ['ferretdb', 'redis'],
  worker: ['ferretdb', 'redis'],
};

/** What the worker prints once its processors run and its health port listens (worker.ts). */
const WORKER_READY_LINE = /Service Critic worker ready, health on port (\d+)/;

export interface AppProcesses {
  api: Service;
  worker: Service;
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

/** What a readiness probe over HTTP waits at most (the checks behind it take 2 s at most). */
const PROBE_TIMEOUT_MS = 3000;

/** Whether `url` answers 2xx within the probe timeout. */
async function answersOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).catch(
    () => undefined,
  );
  return response?.ok ?? false;
}

interface AppProcessOptions {
  /** No output; with 'errors', only the lines of errors. */
  quiet?: boolean | 'errors';
  /** In a process group of its own, so that only our stop() signals it (see startAppProcesses). */
  detached?: boolean;
}

interface ApiProcessOptions extends AppProcessOptions {
  port: number;
  /** What its log lines are prefixed with, and its supervised name: `api` unless several run. */
  name?: string;
}

/**
 * Starts a worker process on its own; resolves once it says it is ready. Its health port is
 * WORKER_HEALTH_PORT from `env`, or any free port; `healthUrl` is where it answers.
 */
export async function startWorkerProcess(
  env: NodeJS.ProcessEnv,
  options: AppProcessOptions = {},
): Promise<Service & { healthUrl: string }> {
  const worker = startManaged('worker', process.execPath, ['dist/worker.js'], {
    cwd: join(repoRoot, 'backend'),
    env: { ...env, WORKER_HEALTH_PORT: env.WORKER_HEALTH_PORT ?? '0' },
    quiet: options.quiet,
    detached: options.detached,
  });
  let healthPort: string | undefined;
  let output = '';
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    healthPort = WORKER_READY_LINE.exec(output)?.[1];
    if (healthPort) worker.child.stdout?.off('data', onOutput);
  };
  worker.child.stdout?.on('data', onOutput);
  await answeringOrStopped(worker, 'The worker', async () => healthPort !== undefined, 60_000);
  const healthUrl = `http://127.0.0.1:${healthPort}`;
  return {
    ...worker,
    healthUrl,
    ready: () => answersOk(`${healthUrl}/health/ready`),
    startAgain: () => startWorkerProcess(env, options),
  };
}

/** Starts the built API alone and resolves once /api/health/ready answers 200. */
export async function startApiProcess(
  env: NodeJS.ProcessEnv,
  options: ApiProcessOptions,
): Promise<Service & { baseUrl: string }> {
  const api = startManaged(
    options.name ?? 'api',
    process.execPath,
    [...API_NODE_FLAGS, 'dist/main.js'],
    {
      cwd: join(repoRoot, 'backend'),
      env: { ...env, PORT: String(options.port) },
      quiet: options.quiet,
      detached: options.detached,
    },
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const ready = () => answersOk(`${baseUrl}/api/health/ready`);
  await answeringOrStopped(api, 'The API', ready, 60_000);
  return { ...api, baseUrl, ready, startAgain: () => startApiProcess(env, options) };
}

/**
 * Starts the built API and worker side by side and resolves once both are ready. `detached` puts
 * them in process groups of their own, so that only our stop() signals them, once: a signal to
 * our group would otherwise reach them too, and a second SIGTERM cuts the worker's drain short.
 */
export async function startAppProcesses(
  env: NodeJS.ProcessEnv,
  options: AppProcessOptions & { port: number },
): Promise<AppProcesses> {
  const [api, worker] = await Promise.allSettled([
    startApiProcess(env, options),
    startWorkerProcess(env, options),
  ]);
  if (api.status === 'rejected' || worker.status === 'rejected') {
    await Promise.all(
      [api, worker].map((started) => started.status === 'fulfilled' && started.value.stop()),
    );
    throw api.status === 'rejected' ? api.reason : (worker as PromiseRejectedResult).reason;
  }
  return {
    api: api.value,
    worker: worker.value,
    baseUrl: api.value.baseUrl,
    stop: async () => {
      await Promise.all([api.value.stop(), worker.value.stop()]);
    },
  };
}
