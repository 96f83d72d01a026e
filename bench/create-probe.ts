/**
 * Where a review create's CPU goes: 10 signed-in writers create reviews for PROBE_SECONDS
 * (default 15) as bench/http.ts's creates do (each posting as 20 users in turn, walking the
 * services in order), on 1000 generated services and 2000 reviews; then raw inserts run on the
 * same storage. For each, the CPU time per operation of every process this probe started (API,
 * worker, FerretDB, PostgreSQL, Redis, the probe itself), read from /proc. A developer's tool for
 * the create path, not part of `make bench`: `npx tsx bench/create-probe.ts` (after `make build`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { startAppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { measuredTogether } from './cannon';
import { seededDataset } from './dataset';
import { rawInserts } from './raw-inserts';
import { inParallel, newUser, reviewCreates, round } from './support';

const SECONDS = Number(process.env.PROBE_SECONDS ?? 15);
const WRITERS = 10;
const USERS_PER_WRITER = 20;
const TICKS_PER_SECOND = 100;

type Kind = 'api' | 'worker' | 'ferretdb' | 'postgres' | 'redis' | 'probe' | 'other';

function kindOf(pid: number, command: string): Kind {
  if (pid === process.pid) return 'probe';
  if (command.includes('dist/main.js')) return 'api';
  if (command.includes('dist/worker.js')) return 'worker';
  // PostgreSQL's backends name their database (ferretdb) in their command line.
  if (command.startsWith('postgres')) return 'postgres';
  if (command.includes('ferretdb')) return 'ferretdb';
  if (command.includes('redis-server')) return 'redis';
  return 'other';
}

/** CPU seconds per kind over this process and all its descendants. */
function cpuByKind(): Record<Kind, number> {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = pid; at > 1; at = parents.get(at) ?? 0) if (at === process.pid) return true;
    return false;
  };
  const totals: Record<Kind, number> = {
    api: 0,
    worker: 0,
    ferretdb: 0,
    postgres: 0,
    redis: 0,
    probe: 0,
    other: 0,
  };
  for (const [pid, seconds] of cpu) {
    if (!ours(pid)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    totals[kindOf(pid, command)] += seconds;
  }
  return totals;
}

function perOperation(
  before: Record<Kind, number>,
  after: Record<Kind, number>,
  operations: number,
): Record<string, number> {
  const split: Record<string, number> = {};
  let total = 0;
  for (const kind of Object.keys(after) as Kind[]) {
    const ms = ((after[kind] - before[kind]) * 1000) / operations;
    split[kind] = round(ms, 2);
    total += ms;
  }
  split.total = round(total, 2);
  return split;
}

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
    const users = await inParallel(
      Array.from({ length: WRITERS * USERS_PER_WRITER }, (_, index) => index),
      4,
      (index) => newUser(app.baseUrl, `probe${index}`),
    );
    console.log(`${WRITERS} writers create reviews for ${SECONDS} s…`);
    const before = cpuByKind();
    const figures = await measuredTogether(
      Array.from({ length: WRITERS }, (_, writer) => {
        const tokens = users.slice(writer * USERS_PER_WRITER, (writer + 1) * USERS_PER_WRITER);
        return {
          url: app.baseUrl,
          connections: 1,
          seconds: SECONDS,
          warmupSeconds: 0,
          timeout: 30,
          requests: [
            {
              method: 'POST' as const,
              path: '/api/addreviews',
              setupRequest: reviewCreates(tokens, writer, services),
            },
          ],
        };
      }),
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
