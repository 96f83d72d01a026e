/**
 * Where a review create's CPU goes: 10 signed-in writers create reviews for PROBE_SECONDS
 * (default 15) as bench/http.ts's creates do (each posting as enough users in turn that none is
 * flagged for posting too fast, walking the services in order), on 1000 generated services and
 * 2000 reviews; then the same POSTs refused by validation (the API's own work), raw inserts, raw
 * counter updates and raw inserts 5 at a time run on the same storage. For each, the CPU time
 * per operation of every process this probe started (API, worker, FerretDB, PostgreSQL, Redis,
 * the probe itself), read from /proc; and from them the least a create could cost here. A developer's tool for
 * the create path, not part of `make bench`: `npx tsx bench/create-probe.ts` (after `make build`).
 */
import { startAppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { measuredTogether } from './cannon';
import { cpuByKind, perOperation } from './process-cpu';
import { seededDataset } from './dataset';
import { rawInserts, rawUpdates } from './raw-inserts';
import {
  refusedByValidation,
  reviewCreates,
  round,
  writersTokens,
  type RequestMaker,
} from './support';

const SECONDS = Number(process.env.PROBE_SECONDS ?? 15);
const WRITERS = 10;
/** About how many creates the group commits take together at 10 writers. */
const GROUP = 5;

async function main(): Promise<void> {
  const dataset = await seededDataset({ services: 1000, reviews: 2000 });
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
    const before = cpuByKind();
    const figures = await posted(app.baseUrl, creates);
    // The worker's share of the creates: wait until it has audited them all.
    const audits = dataset.mongo.db().collection('audit_log');
    const target = figures.requests;
    const deadline = Date.now() + 60_000;
    while (
      Date.now() < deadline &&
      (await audits.countDocuments({ type: 'review.created' })) < target
    )
      await new Promise((resolve) => setTimeout(resolve, 250));
    const afterCreates = cpuByKind();
    console.log(
      `creates: ${figures.requestsPerSecond}/s, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, errors ${figures.errors}, statuses ${JSON.stringify(figures.statuses)}`,
    );
    const create = perOperation(before, afterCreates, figures.requests);
    console.log('CPU ms per create:', create);

    const refused = await posted(app.baseUrl, creates.map(refusedByValidation), 400);
    const afterRefused = cpuByKind();
    console.log(
      `refused POSTs: ${refused.requestsPerSecond}/s, statuses ${JSON.stringify(refused.statuses)}`,
    );
    const floor = perOperation(afterCreates, afterRefused, refused.requests);
    console.log('CPU ms per refused POST:', floor);

    const raw = await rawInserts(dataset.mongo);
    const afterRaw = cpuByKind();
    console.log(`raw inserts: ${raw.insertsPerSecond}/s, p95 ${raw.p95Ms} ms`);
    const insert = perOperation(
      afterRefused,
      afterRaw,
      Math.round(raw.insertsPerSecond * raw.seconds),
    );
    console.log('CPU ms per raw insert:', insert);

    const updates = await rawUpdates(dataset.mongo);
    const afterUpdates = cpuByKind();
    console.log(`raw updates: ${updates.perSecond}/s, p95 ${updates.p95Ms} ms`);
    const update = perOperation(
      afterRaw,
      afterUpdates,
      Math.round(updates.perSecond * updates.seconds),
    );
    console.log('CPU ms per raw update:', update);

    const grouped = await rawInserts(dataset.mongo, undefined, undefined, GROUP);
    const afterGrouped = cpuByKind();
    console.log(`raw inserts ${GROUP} per insertMany: ${grouped.insertsPerSecond} documents/s`);
    const groupedInsert = perOperation(
      afterUpdates,
      afterGrouped,
      Math.round(grouped.insertsPerSecond * grouped.seconds),
    );
    console.log(`CPU ms per document inserted ${GROUP} at a time:`, groupedInsert);

    console.log(
      `creates ÷ raw: ${round((figures.requestsPerSecond / raw.insertsPerSecond) * 100)}%`,
    );
    // What a create could cost at the least on this storage: the API's work for a refused POST,
    // then its two documents (the review, its audit entry), inserted GROUP at a time as the
    // group commits do, and a counter write per GROUP creates (they all hit one service); no
    // queue, no lists, no screening, no read.
    const least = floor.total + 2 * groupedInsert.total + update.total / GROUP;
    console.log(
      `least CPU per create: ${round(least)} ms against ${create.total} ms measured; ` +
        `a create at that cost ÷ a raw insert: ${round((insert.total / least) * 100)}%`,
    );
  } finally {
    await app.stop();
    await dataset.stop();
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
