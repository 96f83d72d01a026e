/**
 * The stack `make bench-chaos` kills processes of: Redis, PostgreSQL, FerretDB, the worker and
 * API processes, each restarted when it dies. The fault run needs only `SupervisedStack`; this
 * implementation restarts what dies itself, with infra/app-processes and infra/storage, until
 * `make run`'s supervisor (infra/supervisor.ts, issue 46) can start the stack instead.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEnv, startApiProcess, startWorkerProcess } from '../infra/app-processes';
import { startFerretDB } from '../infra/storage/ferretdb';
import { crashPostgres, startPostgres } from '../infra/storage/postgres';
import { freePort, sleep, type Managed } from '../infra/storage/processes';
import { startRedisServer } from '../infra/storage/redis';
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

/** A supervisor's wait before it starts a dead process again. */
const RESTART_DELAY_MS = 500;
/** Tries per restart, a second apart (FerretDB cannot start while PostgreSQL is down). */
const RESTART_TRIES = 30;

/** One supervised process: started again whenever it exits while the stack runs. */
class Supervised {
  current?: Managed;
  ready = false;
  restarts = 0;

  constructor(
    readonly name: string,
    private readonly start: () => Promise<Managed>,
    private readonly stopping: () => boolean,
    private readonly log: (line: string) => void,
  ) {}

  private starting?: Promise<void>;

  run(): Promise<void> {
    this.starting = this.start().then(async (managed) => {
      if (this.stopping()) return managed.stop();
      this.current = managed;
      this.ready = true;
      managed.child.once('exit', () => {
        this.ready = false;
        if (!this.stopping()) void this.restart();
      });
    });
    return this.starting;
  }

  /** Stops it, once a start in progress (a restart) has ended. */
  async halt(): Promise<void> {
    await this.starting?.catch(() => undefined);
    await this.current?.stop();
  }

  private async restart(): Promise<void> {
    for (let tried = 1; tried <= RESTART_TRIES && !this.stopping(); tried += 1) {
      await sleep(tried === 1 ? RESTART_DELAY_MS : 1000);
      if (this.stopping()) return;
      const started = Date.now();
      try {
        await this.run();
        this.restarts += 1;
        this.log(`${this.name} started again in ${(Date.now() - started) / 1000} s`);
        return;
      } catch (error) {
        this.log(`${this.name} did not start again (try ${tried}): ${(error as Error).message}`);
      }
    }
  }
}

export async function startSupervisedStack(options: StackOptions): Promise<SupervisedStack> {
  const log = options.log ?? console.log;
  let stopping = false;
  const isStopping = () => stopping;
  const dataDir = mkdtempSync(join(tmpdir(), 'service-critic-chaos-'));
  // The cluster may run as the postgres user, who must be able to pass through.
  chmodSync(dataDir, 0o711);
  const [redisPort, postgresPort, ferretdbPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const apiPorts = await Promise.all(
    Array.from({ length: options.apiProcesses }, () => freePort()),
  );
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  let postgresUrl = '';

  const supervised = (name: string, start: () => Promise<Managed>) =>
    new Supervised(name, start, isStopping, log);
  const redis = supervised('redis', () =>
    // Append-only, as `make run`'s: a crash loses at most the last second of writes.
    startRedisServer({ port: redisPort, dataDir: join(dataDir, 'redis'), persistent: true }),
  );
  const postgres = supervised('postgres', async () => {
    const started = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: postgresPort,
      // As `make run`'s: a throwaway cluster runs with synchronous_commit off, and a SIGKILL
      // then loses the commits still in its WAL buffers, acknowledged creates and counts too.
      durable: true,
      log: () => undefined,
    });
    if (typeof started === 'string') throw new Error(`no PostgreSQL: ${started}`);
    postgresUrl = started.ferretdbUrl;
    return started;
  });
  const ferretdb = supervised('ferretdb', () =>
    startFerretDB({
      port: ferretdbPort,
      backend: { postgresqlUrl: postgresUrl },
      database: 'service-critic-chaos',
      quiet: true,
    }),
  );
  const mongoUrl = `mongodb://127.0.0.1:${ferretdbPort}/service-critic-chaos`;
  const redisPrefix = 'chaos';
  const env = appEnv({ mongoUrl, redisUrl, redisPrefix, stop: async () => undefined }, benchEnv);
  const worker = supervised('worker', () => startWorkerProcess(env, { quiet: true }));
  const apis = apiPorts.map((port, index) =>
    supervised(`api ${index}`, () => startApiProcess(env, { port, quiet: true })),
  );
  const storage = [redis, postgres, ferretdb];
  const app = [worker, ...apis];

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      await Promise.all(app.map((each) => each.halt()));
      for (const each of [...storage].reverse()) await each.halt();
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  options.onStop?.(stop);
  try {
    for (const each of storage) await each.run();
    await options.prepare(env);
    await Promise.all(app.map((each) => each.run()));
  } catch (error) {
    await stop();
    throw error;
  }

  const byComponent = (component: Component, index = 0): Supervised =>
    ({ redis, postgres, ferretdb, worker, api: apis[index] })[component];
  return {
    mongoUrl,
    redisUrl,
    redisPrefix,
    apiUrls: apiPorts.map((port) => `http://127.0.0.1:${port}`),
    pids: (component, index) => {
      const pid = byComponent(component, index).current?.child.pid;
      return pid === undefined ? [] : [pid];
    },
    up: (component, index) => byComponent(component, index).ready,
    kill: async (component, index) => {
      const target = byComponent(component, index);
      if (!target.current) return;
      if (component === 'postgres') return crashPostgres(target.current);
      const exited = new Promise((resolve) => target.current?.child.once('exit', resolve));
      target.current.child.kill('SIGKILL');
      await exited;
    },
    restarts: () => ({
      redis: redis.restarts,
      postgres: postgres.restarts,
      ferretdb: ferretdb.restarts,
      worker: worker.restarts,
      api: apis.reduce((sum, each) => sum + each.restarts, 0),
    }),
    stop,
  };
}
