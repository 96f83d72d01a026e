/**
 * Where a review create's CPU goes: 10 signed-in writers create reviews for PROBE_SECONDS
 * (default 15) as bench/http.ts's creates do (each posting as enough users in turn that none is
 * flagged for posting too fast, walking the services in order), on 1000 generated services and
 * PROBE_REVIEWS reviews (default 2000); then the same POSTs refused by validation (the API's own
 * work), raw inserts, raw counter updates and raw inserts 5 at a time run on the same storage.
 * For each, the CPU time per operation of every process this probe started (API, worker,
 * FerretDB, PostgreSQL, Redis, the probe itself), read from /proc, and its write system calls
 * (messages sent); and from them the least a create could cost here. A developer's tool for the
 * create path, not part of `make bench`: `npx tsx bench/create-probe.ts` (after `make build`).
 */
import { REVIEW_EVENTS_QUEUE } from '../backend/src/events/review-events';
import { startAppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { measuredTogether } from './cannon';
import { cpuByKind, perOperation, writeCallsByKind } from './process-cpu';
import { seededDataset, type Dataset } from './dataset';
import { rawInserts, rawUpdates, type RawInserts } from './raw-inserts';
import {
  refusedByValidation,
  reviewCreates,
  round,
  writersTokens,
  type RequestMaker,
} from './support';

const SECONDS = Number(process.env.PROBE_SECONDS ?? 15);
const REVIEWS = Number(process.env.PROBE_REVIEWS ?? 2000);
const WRITERS = 10;
/** About how many creates the group commits take together at 10 writers. */
const GROUP = 5;

async function main(): Promise<void> {
  const dataset = await seededDataset({ services: 1000, reviews: REVIEWS });
  const app = await startAppProcesses(dataset.env, { port: await freePort(), quiet: true });
  try {
    const services = (
      await dataset.mongo
        .db()
        .collection('services')
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((service) => String(service._id));
    const tokens = await writersTokens(app.baseUrl, WRITERS, SECONDS, 'probe');
    const creates = tokens.map((mine, writer) => reviewCreates(mine, writer, services));
    console.log(`${WRITERS} writers create reviews for ${SECONDS} s…`);
    const costs = new CpuSteps();
    const create = await costs.step(
      'create',
      async () => {
        const figures = await posted(app.baseUrl, creates);
        await queueDrained(dataset);
        return figures;
      },
      (figures) => ({
        count: figures.requests,
        summary: `${figures.requestsPerSecond}/s, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, errors ${figures.errors}, statuses ${JSON.stringify(figures.statuses)}`,
      }),
    );
    const floor = await costs.step(
      'refused POST',
      () => posted(app.baseUrl, creates.map(refusedByValidation), 400),
      (refused) => ({ count: refused.requests, summary: `${refused.requestsPerSecond}/s` }),
    );
    const insert = await costs.step('raw insert', () => rawInserts(dataset.mongo), inserted);
    const update = await costs.step(
      'raw update',
      () => rawUpdates(dataset.mongo),
      (updates) => ({
        count: Math.round(updates.perSecond * updates.seconds),
        summary: `${updates.perSecond}/s, p95 ${updates.p95Ms} ms`,
      }),
    );
    const groupedInsert = await costs.step(
      `document inserted ${GROUP} per insertMany`,
      () => rawInserts(dataset.mongo, undefined, undefined, GROUP),
      inserted,
    );

    console.log(
      `creates ÷ raw: ${round((create.result.requestsPerSecond / insert.result.insertsPerSecond) * 100)}%`,
    );
    // What a create could cost at the least on this storage: the API's work for a refused POST,
    // then its two documents (the review, its audit entry), inserted GROUP at a time as the
    // group commits do, and a counter write per GROUP creates (they all hit one service); no
    // queue, no lists, no screening, no read.
    const least = floor.cpu.total + 2 * groupedInsert.cpu.total + update.cpu.total / GROUP;
    console.log(
      `least CPU per create: ${round(least)} ms against ${create.cpu.total} ms measured; ` +
        `a create at that cost ÷ a raw insert: ${round((insert.cpu.total / least) * 100)}%`,
    );
  } finally {
    await app.stop();
    await dataset.stop();
  }
}

/**
 * Steps run one after another, each with the CPU and write calls per operation of every process
 * while it ran.
 */
class CpuSteps {
  private mark = cpuByKind();
  private writesMark = writeCallsByKind();

  async step<T>(
    label: string,
    work: () => Promise<T>,
    describe: (result: T) => { count: number; summary: string },
  ) {
    const result = await work();
    const now = cpuByKind();
    const writesNow = writeCallsByKind();
    const { count, summary } = describe(result);
    const cpu = perOperation(this.mark, now, count);
    const writes = perOperation(this.writesMark, writesNow, count, 1);
    this.mark = now;
    this.writesMark = writesNow;
    console.log(`${label}: ${summary}`);
    console.log(`CPU ms per ${label}:`, cpu);
    console.log(`write calls per ${label}:`, writes);
    return { result, cpu };
  }
}

function inserted(raw: RawInserts) {
  return {
    count: Math.round(raw.insertsPerSecond * raw.seconds),
    summary: `${raw.insertsPerSecond} documents/s, p95 ${raw.p95Ms} ms`,
  };
}

/**
 * The worker's share of the creates: waits (at most a minute) until its queue holds no job,
 * waiting or running, twice in a row. Read from Redis: counting audit entries would scan
 * audit_log and bill the storage for the probe's own reads.
 */
async function queueDrained(dataset: Dataset): Promise<void> {
  const queue = `${dataset.storage.redisPrefix}:${REVIEW_EVENTS_QUEUE}`;
  const deadline = Date.now() + 60_000;
  let empty = 0;
  while (empty < 2 && Date.now() < deadline) {
    const [waiting, running] = await Promise.all([
      dataset.redis.llen(`${queue}:wait`),
      dataset.redis.llen(`${queue}:active`),
    ]);
    empty = waiting + running === 0 ? empty + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POSTs to /api/addreviews from one connection per writer for SECONDS. */
function posted(url: string, writers: RequestMaker[], expectStatus?: number) {
  return measuredTogether(
    writers.map((setupRequest) => ({
      url,
      connections: 1,
      seconds: SECONDS,
      warmupSeconds: 0,
      timeout: 30,
      expectStatus,
      requests: [{ method: 'POST' as const, path: '/api/addreviews', setupRequest }],
    })),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
