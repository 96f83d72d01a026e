/**
 * Review events through the worker, at worker concurrency 1 and 4:
 * - throughput: events queued while the worker is stopped, then drained (events per second);
 * - delay: reviews written at a steady pace with the worker running; p50/p95 from the API write
 *   (the event's time) to its audit entry.
 */
import { MongoClient } from 'mongodb';
import {
  appEnv,
  startAppProcesses,
  startWorkerProcess,
  type AppProcesses,
} from '../infra/app-processes';
import { startTestStorage, type Storage } from '../infra/storage';
import { freePort, sleep, type Managed } from '../infra/storage/processes';
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

const USERS = 20;
const WRITERS = 4;
const THROUGHPUT_SERVICES = 20; // × USERS reviews
const DELAY_SERVICES = 10;

interface Run {
  concurrency: number;
  eventsPerSecond: number;
  drained: number;
  delayP50Ms: number;
  delayP95Ms: number;
  delaySamples: number;
}

async function addServices(baseUrl: string, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await api<{ insertedId: string }>(baseUrl, '/addservices', {
      method: 'POST',
      token,
      body: {
        title: `Bench Courier ${Date.now().toString(36)} ${Math.random().toString(36).slice(2)}`,
        price: 10 + index,
        image: '/images/services/bench.svg',
        details: 'A service the benchmark reviews.',
      },
    });
    ids.push(created.insertedId);
  }
  return ids;
}

/** One review per (user, service); answers the review ids. */
async function writeReviews(baseUrl: string, users: string[], services: string[]) {
  const pairs = users.flatMap((token) => services.map((service) => ({ token, service })));
  return inParallel(pairs, WRITERS, async ({ token, service }) => {
    const created = await api<{ insertedId: string }>(baseUrl, '/addreviews', {
      method: 'POST',
      token,
      body: {
        title: 'Bench Courier',
        details: 'On time, well packed, polite driver.',
        serviceID: 1000 + Math.floor(Math.random() * 9000),
        service,
        rating: 1 + Math.floor(Math.random() * 5),
      },
    });
    return created.insertedId;
  });
}

async function auditedDelays(mongo: MongoClient, reviews: string[]): Promise<number[]> {
  const entries = await mongo
    .db()
    .collection<{ at: Date; recordedAt: Date }>('audit_log')
    .find({ type: 'review.created', reviewId: { $in: reviews } })
    .project<{ at: Date; recordedAt: Date }>({ at: 1, recordedAt: 1 })
    .toArray();
  return entries.map((entry) => entry.recordedAt.getTime() - entry.at.getTime());
}

async function waitForAudit(mongo: MongoClient, reviews: string[]): Promise<number[]> {
  for (;;) {
    const delays = await auditedDelays(mongo, reviews);
    if (delays.length >= reviews.length) return delays;
    await sleep(100);
  }
}

async function measure(
  app: AppProcesses,
  env: NodeJS.ProcessEnv,
  mongo: MongoClient,
  concurrency: number,
): Promise<{ run: Run; worker: Managed }> {
  const owner = await newUser(app.baseUrl, 'owner');
  const users = await Promise.all(
    Array.from({ length: USERS }, (_, index) => newUser(app.baseUrl, `u${index}`)),
  );

  // Throughput: queue events with the worker stopped, then time the drain.
  await app.worker.stop();
  const queued = await writeReviews(
    app.baseUrl,
    users,
    await addServices(app.baseUrl, owner, THROUGHPUT_SERVICES),
  );
  const workerEnv = { ...env, WORKER_CONCURRENCY: String(concurrency) };
  const worker = await startWorkerProcess(workerEnv, { quiet: true });
  const started = Date.now();
  await waitForAudit(mongo, queued);
  const seconds = (Date.now() - started) / 1000;

  // Delay: steady writes with the worker running.
  const written = await writeReviews(
    app.baseUrl,
    users,
    await addServices(app.baseUrl, owner, DELAY_SERVICES),
  );
  const delays = await waitForAudit(mongo, written);
  return {
    worker,
    run: {
      concurrency,
      eventsPerSecond: round(queued.length / seconds),
      drained: queued.length,
      delayP50Ms: percentile(delays, 50),
      delayP95Ms: percentile(delays, 95),
      delaySamples: delays.length,
    },
  };
}

async function main(): Promise<void> {
  let storage: Storage | undefined;
  let app: AppProcesses | undefined;
  let mongo: MongoClient | undefined;
  try {
    storage = await startTestStorage();
    const env = appEnv(storage, benchEnv);
    mongo = await new MongoClient(storage.mongoUrl).connect();
    app = await startAppProcesses(env, { port: await freePort(), quiet: true });
    const runs: Run[] = [];
    for (const concurrency of [1, 4]) {
      const measured = await measure(app, env, mongo, concurrency);
      runs.push(measured.run);
      await measured.worker.stop();
    }
    const [one, four] = runs;
    const speedup = round(four.eventsPerSecond / one.eventsPerSecond, 2);
    const table = markdownTable(
      ['worker concurrency', 'events/s (drain)', 'p50 write→audit ms', 'p95 write→audit ms'],
      runs.map((run) => [run.concurrency, run.eventsPerSecond, run.delayP50Ms, run.delayP95Ms]),
    );
    const file = writeResult('events.json', {
      date: new Date().toISOString(),
      runs,
      ratios: { throughput4to1: speedup },
    });
    console.log(`\nReview events through the worker (${file})\n\n${table}\n`);
    console.log(`Concurrency 4 drains ${speedup}× as fast as concurrency 1.`);
  } finally {
    await mongo?.close();
    await app?.stop();
    await storage?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
