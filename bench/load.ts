/**
 * The soak run (`make bench-load`): 60 s of mixed traffic on 100 connections against the API
 * started as `make run` does. Each connection is one user: 80% reads (services pages, one
 * service, a service's reviews, the home list), 15% review creates, 5% edits and deletes of
 * that user's own reviews. Every request is awaited to its end, so afterwards the reviews in
 * the database must be exactly the ones before plus successful creates minus deletes. Reports
 * the 5xx answers (must be none) and the API process's peak resident memory.
 */
import { readFileSync } from 'node:fs';
import { startAppProcesses, type AppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { datasetSizes, seededDataset, type Dataset } from './dataset';
import {
  cleanUpOnSignal,
  inParallel,
  markdownTable,
  newUser,
  percentile,
  resultsDir,
  round,
  writeResult,
} from './support';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RSS_LIMIT_MB = 300;

type Kind = 'read' | 'create' | 'edit' | 'delete';

interface Tally {
  requests: Record<Kind, number>;
  succeeded: Record<Kind, number>;
  statuses: Record<string, number>;
  latencies: number[];
}

interface Connection {
  token: string;
  /** Services this user has not reviewed yet, in random order. */
  unreviewed: string[];
  /** This user's reviews that exist now. */
  reviews: string[];
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

const SORTS = ['newest', 'rating_desc', 'price_asc', 'top_rated'];

const PAGES = 5;
/** Reviews are read mostly on the services people visit most. */
const POPULAR = 50;

function readPath(services: string[]): string {
  const roll = Math.random();
  if (roll < 0.3) {
    return `/api/services?sort=${pick(SORTS)}&offset=${20 * Math.floor(Math.random() * PAGES)}`;
  }
  if (roll < 0.55) return `/api/services/${pick(services)}`;
  if (roll < 0.85) return `/api/reviews?service=${pick(services.slice(0, POPULAR))}&limit=20`;
  return '/api/servicelimit';
}

/** Every path readPath can answer. */
function readPaths(services: string[]): string[] {
  const lists = SORTS.flatMap((sort) =>
    Array.from({ length: PAGES }, (_, page) => `/api/services?sort=${sort}&offset=${20 * page}`),
  );
  return [
    ...lists,
    ...services.map((service) => `/api/services/${service}`),
    ...services.slice(0, POPULAR).map((service) => `/api/reviews?service=${service}&limit=20`),
    '/api/servicelimit',
  ];
}

function reviewBody(service: string) {
  const rating = 1 + Math.floor(Math.random() * 5);
  return {
    title: 'Soak Courier',
    details: `Delivery ${Math.random().toString(36).slice(2, 8)} went fine, rated ${rating}.`,
    serviceID: 1000 + Math.floor(Math.random() * 9000),
    service,
    rating,
  };
}

/** One request of the mix; answers its kind, status and the created review's id if any. */
async function oneRequest(baseUrl: string, connection: Connection, services: string[]) {
  const roll = Math.random();
  let kind: Kind = 'read';
  if (roll >= 0.8) kind = roll < 0.95 || connection.reviews.length === 0 ? 'create' : 'edit';
  if (kind === 'edit' && Math.random() < 0.5) kind = 'delete';
  if (kind === 'create' && connection.unreviewed.length === 0) kind = 'read';

  const auth = { authorization: `Bearer ${connection.token}`, 'content-type': 'application/json' };
  let response: Response;
  let service: string | undefined;
  let review: string | undefined;
  if (kind === 'read') {
    response = await fetch(`${baseUrl}${readPath(services)}`);
  } else if (kind === 'create') {
    service = connection.unreviewed.pop() as string;
    response = await fetch(`${baseUrl}/api/addreviews`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(reviewBody(service)),
    });
  } else {
    review = pick(connection.reviews);
    response =
      kind === 'edit'
        ? await fetch(`${baseUrl}/api/updatereviews/edit/${review}`, {
            method: 'PATCH',
            headers: auth,
            body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5) }),
          })
        : await fetch(`${baseUrl}/api/reviews/${review}`, { method: 'DELETE', headers: auth });
  }
  const text = await response.text();
  if (response.ok && kind === 'create') {
    connection.reviews.push((JSON.parse(text) as { insertedId: string }).insertedId);
  }
  if (response.ok && kind === 'delete') {
    connection.reviews.splice(connection.reviews.indexOf(review as string), 1);
  }
  return { kind, status: response.status };
}

async function soak(baseUrl: string, connections: Connection[], services: string[]) {
  const tally: Tally = {
    requests: { read: 0, create: 0, edit: 0, delete: 0 },
    succeeded: { read: 0, create: 0, edit: 0, delete: 0 },
    statuses: {},
    latencies: [],
  };
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    connections.map(async (connection) => {
      while (Date.now() < end) {
        const started = performance.now();
        let status = 'error';
        let kind: Kind = 'read';
        try {
          const answer = await oneRequest(baseUrl, connection, services);
          kind = answer.kind;
          status = String(answer.status);
          if (answer.status < 400) tally.succeeded[kind] += 1;
        } catch {
          // A network error: counted under "error".
        }
        tally.requests[kind] += 1;
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        tally.latencies.push(performance.now() - started);
      }
    }),
  );
  return tally;
}

/** Peak resident memory of a process so far (Linux), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
  return round(kb / 1024);
}

async function reviewCount(dataset: Dataset): Promise<number> {
  return dataset.mongo.db().collection('reviews').countDocuments({});
}

async function main(): Promise<void> {
  // Smaller than the HTTP bench's data: writes keep invalidating cached reads, and on the
  // embedded FerretDB each such read scans its whole collection.
  const sizes = datasetSizes('LOAD', { services: 200, reviews: 2000 });
  let dataset: Dataset | undefined;
  let app: AppProcesses | undefined;
  const stopAll = async () => {
    await app?.stop();
    await dataset?.stop();
  };
  cleanUpOnSignal(stopAll);
  try {
    console.log(`Seeding ${sizes.services} services and ${sizes.reviews} reviews…`);
    dataset = await seededDataset(sizes);
    app = await startAppProcesses(dataset.env, { port: await freePort(), quiet: true });
    const baseUrl = app.baseUrl;
    const services = (
      await dataset.mongo
        .db()
        .collection('services')
        .find({}, { projection: { _id: 1 } })
        .sort({ ratingCount: -1 })
        .toArray()
    ).map((service) => String(service._id));
    const tokens = await inParallel(
      Array.from({ length: CONNECTIONS }, (_, index) => index),
      8,
      (index) => newUser(baseUrl, `soak${index}`),
    );
    const connections = tokens.map((token) => ({
      token,
      unreviewed: shuffled(services),
      reviews: [] as string[],
    }));

    // A site in service has warm caches: every read path once before the clock starts.
    await inParallel(readPaths(services), 4, (path) =>
      fetch(`${baseUrl}${path}`).then((r) => r.text()),
    );

    const before = await reviewCount(dataset);
    console.log(`Soak: ${SECONDS} s, ${CONNECTIONS} connections…`);
    const tally = await soak(baseUrl, connections, services);
    const after = await reviewCount(dataset);
    const expected = before + tally.succeeded.create - tally.succeeded.delete;
    const serverErrors = Object.entries(tally.statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, count]) => sum + count, 0);
    const networkErrors = tally.statuses.error ?? 0;
    const peakRss = peakRssMb(app.api.child.pid as number);
    const checks = [
      {
        check: 'reviews = before + creates − deletes',
        measured: `${after} = ${before} + ${tally.succeeded.create} − ${tally.succeeded.delete}`,
        met: after === expected,
      },
      { check: '5xx answers = 0', measured: String(serverErrors), met: serverErrors === 0 },
      { check: 'network errors = 0', measured: String(networkErrors), met: networkErrors === 0 },
      {
        check: `API peak RSS < ${RSS_LIMIT_MB} MB`,
        measured: `${peakRss} MB`,
        met: peakRss < RSS_LIMIT_MB,
      },
    ];
    const total = tally.latencies.length;
    const summary = {
      date: new Date().toISOString(),
      dataset: sizes,
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: tally.requests,
      succeeded: tally.succeeded,
      statuses: tally.statuses,
      requestsPerSecond: round(total / SECONDS),
      p50Ms: round(percentile(tally.latencies, 50)),
      p99Ms: round(percentile(tally.latencies, 99)),
      reviews: { before, after, expected },
      apiPeakRssMb: peakRss,
      checks,
    };
    writeResult('load.json', summary);
    console.log(
      `\n${total} requests (${summary.requestsPerSecond}/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms): ${JSON.stringify(tally.requests)}; statuses ${JSON.stringify(tally.statuses)}\n`,
    );
    console.log(
      markdownTable(
        ['check', 'measured', 'met'],
        checks.map((each) => [each.check, each.measured, each.met ? 'yes' : 'no']),
      ),
    );
    console.log(`\n(${resultsDir}/load.json)`);
    if (checks.some((each) => !each.met)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
