/**
 * The stack `make bench-chaos` kills processes of: Redis, FerretDB over PostgreSQL, the worker
 * and several API processes, on a throwaway data dir and free ports, kept running by `make run`'s
 * supervisor (infra/supervisor.ts): the same readiness checks, restart backoff and one-line
 * restart logs.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_NEEDS, appEnv, startApiProcess, startWorkerProcess } from '../infra/app-processes';
import { startEmbeddedStore } from '../infra/storage/embedded-store';
import { crashPostgres } from '../infra/storage/postgres';
import { SetupError, freePort, type Service } from '../infra/storage/processes';
import { startRedisServer } from '../infra/storage/redis';
import { Supervisor } from '../infra/supervisor';
import { benchEnv } from './support';

export type Component = 'redis' | 'postgres' | 'ferretdb' | 'worker' | 'api';

export interface SupervisedStack {
  mongoUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** One per API process, in a fixed order (`index` below). */
  apiUrls: string[];
  /** The ids of a component's processes now (the API's: process `index`'s), to watch. */
  pids(component: Component, index?: number): number[];
  /** Whether the component (API process `index`) runs again and has said it is ready. */
  up(component: Component, index?: number): boolean;
  /** SIGKILLs the component (PostgreSQL: the postmaster and every process it forked). */
  kill(component: Component, index?: number): Promise<void>;
  /** How many times each component was started again. */
  restarts(): Record<Component, number>;
  stop(): Promise<void>;
}

export interface StackOptions {
  apiProcesses: number;
  /** Runs on the storage before the API and worker start (the seed). */
  prepare(env: NodeJS.ProcessEnv): Promise<void>;
  log?: (line: string) => void;
  /** Given the stack's stop before the start begins, so that Ctrl-C while seeding can stop it. */
  onStop?: (stop: () => Promise<void>) => void;
}

const DATABASE = 'service-critic-chaos';

function apiName(index: number): string {
  return `api ${index}`;
}

export async function startSupervisedStack(options: StackOptions): Promise<SupervisedStack> {
  const log = options.log ?? console.log;
  const dataDir = mkdtempSync(join(tmpdir(), 'service-critic-chaos-'));
  // The cluster may run as the postgres user, who must be able to pass through.
  chmodSync(dataDir, 0o711);
  const apiNames = Array.from({ length: options.apiProcesses }, (_, index) => apiName(index));

  // Until the supervisor takes them over, the processes started so far, in start order.
  const started: Service[] = [];
  const starting = new Set<Promise<unknown>>();
  let supervisor: Supervisor<Service> | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      await Promise.allSettled([...starting]);
      if (supervisor) await supervisor.stop();
      else for (const each of [...started].reverse()) await each.stop();
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  const stillStarting = () => {
    if (stopping) throw new Error('The fault run stack was stopped while it started.');
  };
  /** Runs a start that stop() waits for, unless the stack is stopping already. */
  const step = async <T>(start: () => Promise<T>): Promise<T> => {
    stillStarting();
    const running = start();
    starting.add(running);
    try {
      return await running;
    } finally {
      starting.delete(running);
      stillStarting();
    }
  };
  const startService = <T extends Service>(start: () => Promise<T>): Promise<T> =>
    step(async () => {
      const service = await start();
      started.push(service);
      return service;
    });
  options.onStop?.(stop);

  const redisPrefix = 'chaos';
  try {
    const redis = await startService(async () =>
      // Append-only, as `make run`'s: a crash loses at most the last second of writes.
      startRedisServer({
        port: await freePort(),
        dataDir: join(dataDir, 'redis'),
        persistent: true,
      }),
    );
    const mongoUrl = await step(async () =>
      startEmbeddedStore(
        {
          dataDir,
          ferretdbPort: await freePort(),
          postgresPort: await freePort(),
          // As `make run`'s: a throwaway cluster runs with synchronous_commit off, and a SIGKILL
          // then loses the commits still in its WAL buffers, acknowledged creates and counts too.
          durable: true,
          database: DATABASE,
          quiet: true,
          log,
        },
        started,
      ),
    );
    if (!started.some((each) => each.name === 'postgres')) {
      throw new SetupError('The fault run kills PostgreSQL, and FerretDB runs without it here.');
    }
    const env = appEnv(
      { mongoUrl, redisUrl: redis.url, redisPrefix, processes: [], stop },
      benchEnv,
    );
    // Not waited for by stop(): storage stopping under the seed ends it.
    await options.prepare(env);
    const apiPorts = await Promise.all(apiNames.map(() => freePort()));
    await Promise.all([
      startService(() => startWorkerProcess(env, { quiet: 'errors' })),
      ...apiNames.map((name, index) =>
        startService(() => startApiProcess(env, { port: apiPorts[index], name, quiet: 'errors' })),
      ),
    ]);
    const needs = {
      ...PROCESS_NEEDS,
      ...Object.fromEntries(apiNames.map((name) => [name, PROCESS_NEEDS.api])),
    };
    const supervised = new Supervisor(started, { needs, log });
    supervisor = supervised;

    const nameOf = (component: Component, index = 0) =>
      component === 'api' ? apiName(index) : component;
    return {
      mongoUrl,
      redisUrl: redis.url,
      redisPrefix,
      apiUrls: apiPorts.map((port) => `http://127.0.0.1:${port}`),
      pids: (component, index) => {
        const pid = supervised.current(nameOf(component, index)).child.pid;
        return pid === undefined ? [] : [pid];
      },
      up: (component, index) => supervised.isUp(nameOf(component, index)),
      kill: async (component, index) => {
        const target = supervised.current(nameOf(component, index));
        if (component === 'postgres') return crashPostgres(target);
        const { child } = target;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
      restarts: () => {
        const counts = supervised.restartCounts();
        return {
          redis: counts.redis,
          postgres: counts.postgres,
          ferretdb: counts.ferretdb,
          worker: counts.worker,
          api: apiNames.reduce((sum, name) => sum + counts[name], 0),
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
