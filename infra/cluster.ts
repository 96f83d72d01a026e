/**
 * Several replicas on one machine: API processes and workers started as `make run` starts its
 * own (infra/app-processes.ts), on one store and one Redis, behind HAProxy (infra/haproxy.ts).
 * The embedded store's bound holds whatever their number: the relay lets at most 20 commands
 * into FerretDB, and the rest wait there (docs/operations.md, "The embedded store's bound").
 */
import { startApiProcess, startWorkerProcess } from './app-processes';
import { startHaproxy, type Haproxy } from './haproxy';
import { freePort, sleep, type Service } from './storage/processes';

export interface ClusterOptions {
  apis: number;
  workers: number;
  log?: (line: string) => void;
}

/** How one replica went through a rolling restart, in milliseconds. */
export interface ReplicaRestart {
  index: number;
  /** From taken out of the rotation to its last request answered. */
  drainedMs: number;
  /** From SIGTERM to the process's exit. */
  stoppedMs: number;
  /** From started again to ready and back in the rotation. */
  backMs: number;
}

export interface Cluster {
  /** HAProxy's address: round robin over the API processes. */
  url: string;
  /** Each API process's own address, in a fixed order. */
  apiUrls: string[];
  balancer: Haproxy;
  /** The API processes now (a restart replaces one). */
  apis(): Service[];
  workers: Service[];
  /**
   * Restarts API process `index` without failing a request: HAProxy takes it out of the
   * rotation, its requests in flight end, SIGTERM stops it, it starts again, and HAProxy puts it
   * back once its health check passes.
   */
  restartApi(index: number): Promise<ReplicaRestart>;
  /** restartApi for each API process in turn. */
  rollingRestart(): Promise<ReplicaRestart[]>;
  stop(): Promise<void>;
}

/** How long a replica taken out may still be answering requests sent before. */
const DRAIN_LIMIT_MS = 30_000;

async function drained(balancer: Haproxy, index: number): Promise<void> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while ((await balancer.inFlight(index)) > 0 && Date.now() < deadline) await sleep(50);
}

/**
 * Starts `options.workers` workers and `options.apis` API processes on `env` (the storage's and
 * the app's settings), then HAProxy in front of the API processes.
 */
export async function startCluster(
  env: NodeJS.ProcessEnv,
  options: ClusterOptions,
): Promise<Cluster> {
  const log = options.log ?? console.log;
  const ports = await Promise.all(Array.from({ length: options.apis }, () => freePort()));
  // Behind HAProxy on this machine: the client's address is in X-Forwarded-For.
  const apiEnv = { ...env, HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' };
  const startApi = (index: number) =>
    startApiProcess(apiEnv, {
      port: ports[index],
      name: `api ${index}`,
      quiet: 'errors',
      detached: true,
    });
  const started = await Promise.allSettled([
    ...Array.from({ length: options.workers }, () =>
      startWorkerProcess(apiEnv, { quiet: 'errors', detached: true }),
    ),
    ...ports.map((_, index) => startApi(index)),
  ]);
  const running = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((each) => each.stop()));
    throw failed.reason;
  }
  const workers = running.slice(0, options.workers);
  const apis = running.slice(options.workers);
  let balancer: Haproxy;
  try {
    balancer = await startHaproxy(ports, log);
  } catch (error) {
    await Promise.all(running.map((each) => each.stop()));
    throw error;
  }

  const restartApi = async (index: number): Promise<ReplicaRestart> => {
    const takenOut = Date.now();
    await balancer.takeOut(index);
    await drained(balancer, index);
    const stopping = Date.now();
    await apis[index].stop();
    const stopped = Date.now();
    apis[index] = await startApi(index);
    await balancer.putBack(index);
    return {
      index,
      drainedMs: stopping - takenOut,
      stoppedMs: stopped - stopping,
      backMs: Date.now() - stopped,
    };
  };

  return {
    url: balancer.url,
    apiUrls: ports.map((port) => `http://127.0.0.1:${port}`),
    balancer,
    apis: () => [...apis],
    workers,
    restartApi,
    rollingRestart: async () => {
      const restarts: ReplicaRestart[] = [];
      for (let index = 0; index < apis.length; index += 1) restarts.push(await restartApi(index));
      return restarts;
    },
    stop: async () => {
      await balancer.stop();
      await Promise.all([...apis, ...workers].map((each) => each.stop()));
    },
  };
}

/** When a write through one replica showed in another's answers. */
export interface Visibility {
  writer: number;
  reader: number;
  /** From the write's answer to the start of the first read that showed it. */
  delayMs: number;
  /** Reads answered before that one, which did not show it yet. */
  staleReads: number;
}

/**
 * Writes through API process `writer` (`write` resolves once it is answered), then reads through
 * every other one at once, each again and again until `shows` says its answer has the write;
 * fails after `deadlineMs`.
 */
export async function visibilityOfWrite(
  apiUrls: string[],
  writer: number,
  write: (baseUrl: string) => Promise<void>,
  shows: (baseUrl: string) => Promise<boolean>,
  deadlineMs: number,
): Promise<Visibility[]> {
  await write(apiUrls[writer]);
  const answered = Date.now();
  const readers = apiUrls.map((_, index) => index).filter((index) => index !== writer);
  return Promise.all(
    readers.map(async (reader) => {
      for (let staleReads = 0; ; staleReads += 1) {
        const sent = Date.now();
        if (await shows(apiUrls[reader])) {
          return { writer, reader, delayMs: sent - answered, staleReads };
        }
        if (sent - answered > deadlineMs) {
          throw new Error(
            `A write through API process ${writer} did not show on ${reader} within ${deadlineMs} ms.`,
          );
        }
      }
    }),
  );
}
