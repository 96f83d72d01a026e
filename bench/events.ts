/**
 * Review events through the worker, at worker concurrency 1 and 16 (the default), in one run, each
 * concurrency on a fresh stack (storage, API, worker) so both see collections of the same size:
 * - drain: reviews written while no worker runs, then a worker with that concurrency starts;
 *   events per second from its first to its last audit entry;
 * - delay: reviews written at a steady pace (a quarter of the concurrency-1 drain rate, the same
 *   for both, so it measures latency rather than a backlog) with the worker running; p50/p95 from
 *   the API write (the event's time) to its audit entry.
 * - the storage's own limit: raw single-document `insertOne`s/s with the driver from 10
 *   inserters on the same storage, once the worker has stopped; the drain rate is shown beside
 *   it as a share (target ≥ 20%), with the target p95 write→audit ≤ 250 ms.
 * Every review passes moderation (its own text, at most 5 per author), so one write is one event.
 * Progress goes to stderr; the table to stdout and the figures to bench/results/events.json.
 */
import { availableParallelism, loadavg } from 'node:os';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { REVIEW_EVENTS_QUEUE, type EventType } from '../backend/src/events/review-events';
import { appEnv, startAppProcesses, startWorkerProcess } from '../infra/app-processes';
import { startTestStorage } from '../infra/storage';
import { freePort, sleep, type Managed } from '../infra/storage/processes';
import { RAW_INSERTERS, rawInserts, storageName } from './raw-inserts';
import {
  api,
  benchEnv,
  inParallel,
  markdownTable,
  newUser,
  percentile,
  round,
  writeResult,
} from './support';

/** One job at a time, and the default (WORKER_CONCURRENCY), whose concurrent jobs write together. */
const CONCURRENCIES = [1, 16] as const;
/** Each author reviews every service once: no more than the moderation's 5 reviews in 10 minutes. */
const SERVICES = 5;
const DRAIN_EVENTS = 600;
const DELAY_EVENTS = 60;
const WRITERS = 4;
/** The delay phase offers this share of the concurrency-1 drain rate (API writes slow the worker). */
const DELAY_LOAD = 0.25;
const POLL_MS = 500;
const AUDIT_TIMEOUT_MS = 120_000;
/** Targets from issue 14: drain rate against raw inserts/s, and write→audit delay. */
const LEAST_DRAIN_TO_RAW = 0.2;
const MOST_P95_MS = 250;

interface Run {
  concurrency: number;
  drainedEvents: number;
  eventsPerSecond: number;
  /** The most review-event jobs seen running at once during the drain. */
  mostJobsAtOnce: number;
  delayEvents: number;
  writesPerSecond: number;
  delayP50Ms: number;
  delayP95Ms: number;
  workerStopMs: number;
  /** Raw insertOne/s on this run's storage, measured after the worker stopped. */
  rawInsertsPerSecond: number;
  rawP95Ms: number;
  /** The drain rate as a share of raw inserts/s. */
  drainToRaw: number;
  storage: string;
}

interface AuditTimes {
  at: Date;
  recordedAt: Date;
}

const begun = Date.now();
function progress(message: string): void {
  process.stderr.write(`[events ${((Date.now() - begun) / 1000).toFixed(1)}s] ${message}\n`);
}

async function addServices(baseUrl: string, token: string): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2);
  const ids: string[] = [];
  for (let index = 0; index < SERVICES; index += 1) {
    const created = await api<{ insertedId: string }>(baseUrl, '/addservices', {
      method: 'POST',
      token,
      body: {
        title: `Bench Courier ${tag} ${index}`,
        price: 10 + index,
        image: '/images/services/bench.svg',
        details: `A service the benchmark reviews, number ${index} of run ${tag}.`,
      },
    });
    ids.push(created.insertedId);
  }
  return ids;
}

let reviewsWritten = 0;

/** Writes one review with a text of its own; answers the review id. */
async function writeReview(baseUrl: string, token: string, service: string): Promise<string> {
  reviewsWritten += 1;
  const created = await api<{ insertedId: string }>(baseUrl, '/addreviews', {
    method: 'POST',
    token,
    body: {
      title: 'Bench Courier',
      details: `Parcel ${reviewsWritten} came on time, well packed, and the driver was polite.`,
      serviceID: 1000 + (reviewsWritten % 9000),
      service,
      rating: 1 + (reviewsWritten % 5),
    },
  });
  return created.insertedId;
}

/** `count` (author, service) pairs from fresh authors, each reviewing every service once. */
async function reviewSlots(baseUrl: string, services: string[], count: number) {
  const authors = await inParallel(
    Array.from({ length: Math.ceil(count / services.length) }, (_, index) => index),
    WRITERS,
    (index) => newUser(baseUrl, `author${index}`),
  );
  return authors
    .flatMap((token) => services.map((service) => ({ token, service })))
    .slice(0, count);
}

/** The events whose audit delay is measured. */
type AuditedCreate = Extract<EventType, 'review.created' | 'service.created'>;

async function auditTimes(
  mongo: MongoClient,
  type: AuditedCreate,
  ids: string[],
): Promise<AuditTimes[]> {
  const field = type === 'review.created' ? 'reviewId' : 'serviceId';
  return mongo
    .db()
    .collection('audit_log')
    .find({ type, [field]: { $in: ids } })
    .project<AuditTimes>({ _id: 0, at: 1, recordedAt: 1 })
    .toArray();
}

/** Polls until every id has its audit entry; fails after AUDIT_TIMEOUT_MS saying how far it got. */
async function waitForAudit(
  mongo: MongoClient,
  type: AuditedCreate,
  ids: string[],
): Promise<AuditTimes[]> {
  const deadline = Date.now() + AUDIT_TIMEOUT_MS;
  let reported = -1;
  for (;;) {
    const entries = await auditTimes(mongo, type, ids);
    if (entries.length >= ids.length) return entries;
    if (Date.now() > deadline) {
      throw new Error(
        `Only ${entries.length} of ${ids.length} ${type} events were audited within ${AUDIT_TIMEOUT_MS / 1000} s.`,
      );
    }
    if (entries.length !== reported && entries.length % 10 === 0) {
      progress(`  audited ${entries.length}/${ids.length}`);
      reported = entries.length;
    }
    await sleep(POLL_MS);
  }
}

/** Waits until the API has put every outbox event on the queue. */
async function waitForOutbox(mongo: MongoClient): Promise<void> {
  const outbox = mongo.db().collection('outbox');
  const deadline = Date.now() + AUDIT_TIMEOUT_MS;
  while ((await outbox.countDocuments({ publishedAt: null })) > 0) {
    if (Date.now() > deadline) throw new Error('The outbox was not published in time.');
    await sleep(POLL_MS);
  }
}

/** Events per second between the first and the last audit entry. */
function drainRate(entries: AuditTimes[]): number {
  const times = entries.map((entry) => entry.recordedAt.getTime());
  const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
  return (entries.length - 1) / seconds;
}

/** Samples how many review-event jobs run at once until stopped; answers the most it saw. */
function watchJobsAtOnce(env: NodeJS.ProcessEnv): { stop(): Promise<number> } {
  const redis = new Redis(env.REDIS_URL ?? '');
  // BullMQ keeps the jobs being processed in this list.
  const active = `${env.REDIS_PREFIX}:${REVIEW_EVENTS_QUEUE}:active`;
  let most = 0;
  let watching = true;
  const sampling = (async () => {
    while (watching) {
      most = Math.max(most, await redis.llen(active));
      await sleep(50);
    }
  })();
  return {
    async stop() {
      watching = false;
      await sampling.finally(() => redis.disconnect());
      return most;
    },
  };
}

/**
 * Starts one task every 1/perSecond s without waiting for the ones before (an open loop); stops
 * starting new ones after a failure.
 */
async function paced<T, R>(
  items: T[],
  perSecond: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const started = Date.now();
  const tasks: Promise<R>[] = [];
  let failed = false;
  for (const [index, item] of items.entries()) {
    await sleep(Math.max(0, started + (index * 1000) / perSecond - Date.now()));
    if (failed) break;
    const running = task(item);
    // Handled now, so a failure while later tasks wait is not an unhandled rejection.
    running.catch(() => (failed = true));
    tasks.push(running);
  }
  return Promise.all(tasks);
}

/** Storage, API and worker of one run: each concurrency starts from empty collections. */
interface Stack {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  mongo: MongoClient;
  storage: string;
  services: string[];
  /** The worker running now, if any; whoever stops it clears it. */
  worker?: Managed;
}

/** Stops for everything started so far, run latest first by `stopAll` (also on Ctrl-C). */
const stops: (() => Promise<unknown>)[] = [];

let stopping: Promise<void> | undefined;

/** One stop at a time: a signal and a failing run may both ask for it. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (let stop = stops.pop(); stop; stop = stops.pop()) await stop().catch(() => undefined);
  })().finally(() => (stopping = undefined));
  return stopping;
}

async function stopWorker(stack: Stack): Promise<number> {
  const started = Date.now();
  await stack.worker?.stop();
  stack.worker = undefined;
  return Date.now() - started;
}

async function startStack(): Promise<Stack> {
  const storage = await startTestStorage();
  stops.push(() => storage.stop());
  const env = appEnv(storage, benchEnv);
  const mongo = await new MongoClient(storage.mongoUrl).connect();
  stops.push(() => mongo.close());
  const app = await startAppProcesses(env, { port: await freePort(), quiet: true });
  const stack: Stack = {
    baseUrl: app.baseUrl,
    env,
    mongo,
    storage: await storageName(mongo, storage),
    services: [],
    worker: app.worker,
  };
  stops.push(
    () => app.api.stop(),
    () => stopWorker(stack),
  );
  stack.services = await addServices(app.baseUrl, await newUser(app.baseUrl, 'owner'));
  await waitForAudit(mongo, 'service.created', stack.services);
  return stack;
}

async function measure(stack: Stack, concurrency: number, writesPerSecond?: number): Promise<Run> {
  const { baseUrl, mongo, services } = stack;
  const drainSlots = await reviewSlots(baseUrl, services, DRAIN_EVENTS);
  const delaySlots = await reviewSlots(baseUrl, services, DELAY_EVENTS);
  await stopWorker(stack);
  const queued = await inParallel(drainSlots, WRITERS, (slot) =>
    writeReview(baseUrl, slot.token, slot.service),
  );
  await waitForOutbox(mongo);
  progress(`  ${queued.length} reviews queued; draining them at concurrency ${concurrency}`);
  const jobsAtOnce = watchJobsAtOnce(stack.env);
  let eventsPerSecond: number;
  let mostJobsAtOnce: number;
  try {
    stack.worker = await startWorkerProcess(
      { ...stack.env, WORKER_CONCURRENCY: String(concurrency) },
      { quiet: true },
    );
    eventsPerSecond = drainRate(await waitForAudit(mongo, 'review.created', queued));
  } finally {
    mostJobsAtOnce = await jobsAtOnce.stop();
  }

  const pace = writesPerSecond ?? DELAY_LOAD * eventsPerSecond;
  progress(
    `  ${round(eventsPerSecond)} events/s; now ${DELAY_EVENTS} writes at ${round(pace, 2)}/s`,
  );
  const written = await paced(delaySlots, pace, (slot) =>
    writeReview(baseUrl, slot.token, slot.service),
  );
  const delays = (await waitForAudit(mongo, 'review.created', written)).map(
    (entry) => entry.recordedAt.getTime() - entry.at.getTime(),
  );
  const workerStopMs = await stopWorker(stack);
  progress(`  worker stopped in ${workerStopMs} ms; raw insertOne/s on ${stack.storage}…`);
  const raw = await rawInserts(mongo);
  progress(`  ${raw.insertsPerSecond} raw inserts/s (p95 ${raw.p95Ms} ms)`);
  return {
    concurrency,
    drainedEvents: queued.length,
    eventsPerSecond: round(eventsPerSecond),
    mostJobsAtOnce,
    delayEvents: delays.length,
    writesPerSecond: round(pace, 2),
    delayP50Ms: percentile(delays, 50),
    delayP95Ms: percentile(delays, 95),
    workerStopMs,
    rawInsertsPerSecond: raw.insertsPerSecond,
    rawP95Ms: raw.p95Ms,
    drainToRaw: round(eventsPerSecond / raw.insertsPerSecond, 3),
    storage: stack.storage,
  };
}

function report(runs: Run[]): void {
  const [one, many] = runs;
  const ratios = {
    eventsPerSecondManyTo1: round(many.eventsPerSecond / one.eventsPerSecond, 2),
    delayP50ManyTo1: round(many.delayP50Ms / one.delayP50Ms, 2),
    delayP95ManyTo1: round(many.delayP95Ms / one.delayP95Ms, 2),
  };
  const table = markdownTable(
    [
      'worker concurrency',
      'jobs at once (max)',
      'events/s (drain)',
      'p50 write→audit ms',
      'p95 write→audit ms',
      'raw insertOne/s (same storage)',
      'drain ÷ raw',
    ],
    [
      ...runs.map((run) => [
        run.concurrency,
        run.mostJobsAtOnce,
        run.eventsPerSecond,
        run.delayP50Ms,
        run.delayP95Ms,
        run.rawInsertsPerSecond,
        `${round(run.drainToRaw * 100)}%`,
      ]),
      [
        `${many.concurrency} ÷ 1`,
        '',
        `${ratios.eventsPerSecondManyTo1}×`,
        `${ratios.delayP50ManyTo1}×`,
        `${ratios.delayP95ManyTo1}×`,
        '',
        '',
      ],
    ],
  );
  const targets = runs.flatMap((run) => [
    {
      target: `concurrency ${run.concurrency}: drain ≥ ${LEAST_DRAIN_TO_RAW * 100}% of raw inserts/s`,
      measured: `${run.eventsPerSecond}/s = ${round(run.drainToRaw * 100)}% of ${run.rawInsertsPerSecond}/s`,
      met: run.drainToRaw >= LEAST_DRAIN_TO_RAW,
    },
    {
      target: `concurrency ${run.concurrency}: p95 write→audit ≤ ${MOST_P95_MS} ms`,
      measured: `${run.delayP95Ms} ms`,
      met: run.delayP95Ms <= MOST_P95_MS,
    },
  ]);
  const targetTable = markdownTable(
    ['target', 'measured', 'met'],
    targets.map((each) => [each.target, each.measured, each.met ? 'yes' : 'no']),
  );
  const file = writeResult('events.json', {
    date: new Date().toISOString(),
    cores: availableParallelism(),
    loadAverage: loadavg().map((value) => round(value, 2)),
    workload: { drainEvents: DRAIN_EVENTS, delayEvents: DELAY_EVENTS, delayLoad: DELAY_LOAD },
    storage: one.storage,
    rawInserters: RAW_INSERTERS,
    runs,
    ratios,
    targets,
  });
  console.log(
    `\nReview events through the worker on ${one.storage} (figures in ${file})\n\n${table}\n\n${targetTable}\n`,
  );
  console.log(
    `Delay writes came at ${one.writesPerSecond}/s (${DELAY_LOAD * 100}% of the concurrency-1 drain rate).`,
  );
  console.log(
    `Machine: ${availableParallelism()} cores, load average ${round(loadavg()[0], 2)} (other work shifts these figures).`,
  );
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping what the benchmark started`);
      void stopAll().then(() => process.exit(130));
    });
  }
  const runs: Run[] = [];
  for (const concurrency of CONCURRENCIES) {
    progress(`concurrency ${concurrency}: starting storage, the API and the worker`);
    try {
      runs.push(await measure(await startStack(), concurrency, runs[0]?.writesPerSecond));
    } finally {
      await stopAll();
    }
  }
  report(runs);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
