/**
 * Where a review create's CPU goes: 10 signed-in writers create reviews for PROBE_SECONDS
 * (default 15) as bench/http.ts's creates do (each posting as enough users in turn that none is
 * flagged for posting too fast, walking the services in order), on 1000 generated services and
 * 2000 reviews; then raw inserts run on the
 * same storage. For each, the CPU time per operation of every process this probe started (API,
 * worker, FerretDB, PostgreSQL, Redis, the probe itself), read from /proc. A developer's tool for
 * the create path, not part of `make bench`: `npx tsx bench/create-probe.ts` (after `make build`).
 */
import { startAppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { measuredTogether } from './cannon';
import { cpuByKind, perOperation } from './process-cpu';
import { seededDataset } from './dataset';
import { rawInserts } from './raw-inserts';
import { reviewCreates, round, writersTokens } from './support';

const SECONDS = Number(process.env.PROBE_SECONDS ?? 15);
const WRITERS = 10;

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
    console.log(`${WRITERS} writers create reviews for ${SECONDS} s…`);
    const before = cpuByKind();
    const figures = await measuredTogether(
      tokens.map((mine, writer) => ({
        url: app.baseUrl,
        connections: 1,
        seconds: SECONDS,
        warmupSeconds: 0,
        timeout: 30,
        requests: [
          {
            method: 'POST' as const,
            path: '/api/addreviews',
            setupRequest: reviewCreates(mine, writer, services),
          },
        ],
      })),
    );
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
    console.log('CPU ms per create:', perOperation(before, afterCreates, figures.requests));
    const raw = await rawInserts(dataset.mongo);
    const afterRaw = cpuByKind();
    console.log(`raw inserts: ${raw.insertsPerSecond}/s, p95 ${raw.p95Ms} ms`);
    console.log(
      'CPU ms per raw insert:',
      perOperation(afterCreates, afterRaw, Math.round(raw.insertsPerSecond * raw.seconds)),
    );
    console.log(
      `creates ÷ raw: ${round((figures.requestsPerSecond / raw.insertsPerSecond) * 100)}%`,
    );
  } finally {
    await app.stop();
    await dataset.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
