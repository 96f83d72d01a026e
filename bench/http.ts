/**
 * The API on growing data, in one run (BENCH_SIZES reviews, default 10k, 50k and 100k, on
 * BENCH_SERVICES services): one database per size, all running at once, each with its own API
 * and worker, and every route measured on each size in turn, so that the machine's drift weighs
 * on all sizes alike:
 * - at the first size, visitors' reads on ours (the built app, started as `make run` does)
 *   against a bare node:http server answering our bodies from memory (ceiling) and a naive
 *   Express + mongodb server (baseline);
 * - at every size, on ours: visitors' reads, signed-in reads (a service's reviews and the
 *   service itself by users who reviewed it, /myreviews, /notifications; a pool of users'
 *   tokens rotating across requests), review creates by 10 signed-in users at once (one
 *   connection each, walking the services in order), and the storage's own limit: raw
 *   `insertOne`s/s with the driver from 10 inserters;
 * - how each figure grows from the smallest size to the largest, and the issue's targets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { ObjectId } from 'mongodb';
import type Redis from 'ioredis';
import { startAppProcesses, type AppProcesses } from '../infra/app-processes';
import { repoRoot } from '../infra/storage/paths';
import { exitReason, freePort, sleep, startManaged, waitUntil } from '../infra/storage/processes';
import type { Managed } from '../infra/storage';
import { measured, measuredTogether, type Figures } from './cannon';
import { coresBusy, cpuByKind, machineCpu, machineQuiet, type Kind } from './process-cpu';
import { meanOfRaws, rawInserts, storageName, type RawInserts } from './raw-inserts';
import { backendCli, datasetSizes, seededDataset, type Dataset } from './dataset';
import type { CannedAnswers } from './servers/ceiling';
import {
  api,
  cleanUpOnSignal,
  percentile,
  refusedByValidation,
  reviewCreates,
  type RequestMaker,
  markdownTable,
  resultsDir,
  round,
  usersPerWriter,
  writeResult,
  writersTokens,
} from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_DURATION_S ?? process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Each read is measured this many times per size, in rounds; each figure's median is reported. */
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);
/** Review creates: this many signed-in users at once, one connection each. */
const WRITERS = 10;
const CREATES = `review create (${WRITERS} writers)`;
/** Signed-in reads rotate across this many users' tokens. */
const READERS = 8;
/** The password of every generated user (backend/src/seed/bulk-seeder.ts). */
const BULK_USER_PASSWORD = 'bulk-user-password';
/** A figure may get at most this much worse from the smallest size to the largest. */
const MOST_GROWTH = 1.5;

function benchSizes(env = process.env): number[] {
  const sizes = (env.BENCH_SIZES ?? '10000,50000,100000').split(',').map(Number);
  if (
    sizes.some(
      (size, index) => !Number.isInteger(size) || size < 1 || size <= (sizes[index - 1] ?? 0),
    )
  ) {
    throw new Error(
      'BENCH_SIZES must be growing whole numbers of reviews, e.g. 10000,50000,100000.',
    );
  }
  return sizes;
}

type TargetName = 'ours' | 'ceiling' | 'baseline';

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Servers that answer it (the baseline only has the reads). */
  targets: TargetName[];
  /** Per-request setup for writes: each create needs a new (user, service) pair. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

interface Target {
  name: TargetName;
  baseUrl: string;
  server: Managed;
}

interface RouteResult {
  route: string;
  ours: Figures;
  ceiling: Figures;
  baseline: Figures | null;
  oursToCeiling: number;
  /** null when the baseline has no such route; "infinite" when it answered nothing in time. */
  oursToBaseline: number | 'infinite' | null;
}

const scriptRunner = ['--import', 'tsx'];

async function startServer(
  name: TargetName,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Target> {
  const port = await freePort();
  const server = startManaged(
    name,
    process.execPath,
    [...scriptRunner, join(repoRoot, 'bench', 'servers', script), ...args],
    { cwd: repoRoot, env: { ...env, PORT: String(port) }, quiet: true },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil(
    `The ${name} server`,
    async () => (await fetch(`${baseUrl}/api/servicelimit`)).status < 500,
    30_000,
    () => exitReason(server.child),
  );
  return { name, baseUrl, server };
}

/** The service with the most reviews: its review pages are the ones people read most. */
async function busiestService(dataset: Dataset): Promise<string> {
  const [top] = await dataset.mongo
    .db()
    .collection('services')
    .find({}, { projection: { _id: 1 } })
    .sort({ ratingCount: -1 })
    .limit(1)
    .toArray();
  return String(top._id);
}

async function serviceIds(dataset: Dataset): Promise<string[]> {
  const services = await dataset.mongo
    .db()
    .collection('services')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return services.map((service) => String(service._id));
}

/** Signed-in reads: each request carries the next token of the pool. */
function rotatingTokens(tokens: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const token = tokens[next % tokens.length];
    next += 1;
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  };
}

/** Tokens of generated users who reviewed `service`, signed in with their password. */
async function readersOf(baseUrl: string, dataset: Dataset, service: string): Promise<string[]> {
  const db = dataset.mongo.db();
  const authors = await db
    .collection<{ authorId: string }>('reviews')
    .find({ service }, { projection: { _id: 0, authorId: 1 } })
    .limit(READERS * 4)
    .toArray();
  const users = await db
    .collection<{ email: string }>('users')
    .find({ _id: { $in: authors.map((author) => new ObjectId(author.authorId)) } })
    .project<{ email: string }>({ _id: 0, email: 1 })
    .toArray()
    .then((found) => found.filter((user) => user.email.startsWith('bulk.')).slice(0, READERS));
  if (users.length === 0) throw new Error(`No generated user has reviewed service ${service}.`);
  return Promise.all(
    users.map(async ({ email }) => {
      const answer = await api<{ accessToken: string }>(baseUrl, '/auth/login', {
        method: 'POST',
        body: { email, password: BULK_USER_PASSWORD },
      });
      return answer.accessToken;
    }),
  );
}

/** A token of the service's owner (a generated user, bench/dataset.ts), signed in. */
async function ownerTokenOf(baseUrl: string, dataset: Dataset, service: string): Promise<string> {
  const db = dataset.mongo.db();
  const found = await db
    .collection<{ ownerId?: string }>('services')
    .findOne({ _id: new ObjectId(service) }, { projection: { ownerId: 1 } });
  const owner = found?.ownerId
    ? await db.collection<{ email: string }>('users').findOne({ _id: new ObjectId(found.ownerId) })
    : null;
  if (!owner) throw new Error(`Service ${service} has no generated owner.`);
  const answer = await api<{ accessToken: string }>(baseUrl, '/auth/login', {
    method: 'POST',
    body: { email: owner.email, password: BULK_USER_PASSWORD },
  });
  return answer.accessToken;
}

/** What our API answers on each read route, for the ceiling to serve from memory. */
async function cannedAnswers(baseUrl: string, routes: Route[]): Promise<CannedAnswers> {
  const answers: CannedAnswers = {};
  for (const route of routes) {
    if (route.method !== 'GET') continue;
    const response = await fetch(`${baseUrl}${route.path}`);
    answers[`GET ${route.path}`] = {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
      body: await response.text(),
    };
  }
  answers['POST /api/addreviews'] = {
    status: 201,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ acknowledged: true, insertedId: new ObjectId().toHexString() }),
  };
  return answers;
}

/**
 * autocannon drops its connections at the end, but the server still runs the queries those
 * requests started; the next measurement waits until they are done.
 */
async function settled(target: Target): Promise<void> {
  if (target.name !== 'baseline') return;
  for (;;) {
    const answer = await fetch(`${target.baseUrl}/bench/in-flight`);
    if ((await answer.json()) === 0) return;
    await sleep(500);
  }
}

function ratio(a: number, b: number): number | 'infinite' {
  return b === 0 ? 'infinite' : round(a / b, 2);
}

function atLeast(value: number | 'infinite' | null, floor: number): boolean {
  return value === 'infinite' || (value !== null && value >= floor);
}

function shown(value: number | 'infinite' | null): string {
  if (value === null) return 'n/a';
  return value === 'infinite' ? '∞' : `${value}`;
}

/** One run of `route` on `target`. */
async function measureOn(route: Route, target: Target): Promise<Figures> {
  process.stdout.write(`  ${route.name} on ${target.name}… `);
  const figures = await measured({
    url: target.baseUrl,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    timeout: 30,
    requests: [
      {
        method: route.method,
        path: route.path,
        // autocannon calls setupRequest whenever the key is there.
        ...(route.setupRequest ? { setupRequest: route.setupRequest } : {}),
      },
    ],
  });
  await settled(target);
  process.stdout.write(`${figures.requestsPerSecond} req/s\n`);
  return figures;
}

async function measureRoute(route: Route, targets: Target[]): Promise<RouteResult> {
  const figures: Partial<Record<TargetName, Figures>> = {};
  for (const target of targets) {
    if (route.targets.includes(target.name)) figures[target.name] = await measureOn(route, target);
  }
  const ours = figures.ours as Figures;
  const ceiling = figures.ceiling as Figures;
  const baseline = figures.baseline ?? null;
  return {
    route: route.name,
    ours,
    ceiling,
    baseline,
    oursToCeiling: round(ours.requestsPerSecond / ceiling.requestsPerSecond, 2),
    oursToBaseline: baseline ? ratio(ours.requestsPerSecond, baseline.requestsPerSecond) : null,
  };
}

interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

/** Today's targets, checked against the comparison at the first size. */
function comparisonTargets(results: RouteResult[]): TargetCheck[] {
  const byName = new Map(results.map((result) => [result.route, result]));
  const checks: TargetCheck[] = [];
  for (const name of ['services list', "a service's reviews"]) {
    const result = byName.get(name) as RouteResult;
    checks.push({
      target: `${name}: ≥ 3× baseline req/s`,
      measured: `${shown(result.oursToBaseline)}×`,
      met: atLeast(result.oursToBaseline, 3),
    });
  }
  const one = byName.get('one service') as RouteResult;
  checks.push({
    target: 'one service: ≥ 1× baseline and ≥ 0.4× ceiling req/s',
    measured: `${shown(one.oursToBaseline)}× baseline, ${one.oursToCeiling}× ceiling`,
    met: atLeast(one.oursToBaseline, 1) && one.oursToCeiling >= 0.4,
  });
  return checks;
}

function machine() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30, 0),
    node: process.version,
  };
}

/** Everything measured at one size of the data. */
interface SizeResult {
  /** Generated reviews asked for at this step. */
  reviews: number;
  /** Reviews in that size's database once seeded (the seed's own and the generated ones). */
  reviewsInDatabase: number;
  routes: Record<string, Figures>;
  /**
   * The ceiling (a bare server answering this size's bodies from memory) on the visitors'
   * routes, measured right after ours in each round: how fast the machine itself was.
   */
  ceiling: Record<string, Figures>;
  raw: RawInserts;
  /** The API's own limit for a write: the creates' POSTs, refused by validation. */
  writeFloor: Figures;
  /** Review creates/s as a share of raw inserts/s. */
  createsToRaw: number;
}

const FIGURES = [
  { key: 'requestsPerSecond', label: 'req/s', higherIsBetter: true },
  { key: 'p50Ms', label: 'p50 ms', higherIsBetter: false },
  { key: 'p95Ms', label: 'p95 ms', higherIsBetter: false },
  { key: 'p99Ms', label: 'p99 ms', higherIsBetter: false },
] as const;

interface Growth {
  route: string;
  figure: string;
  values: (number | null)[];
  /** How many times worse at the largest size than at the smallest (below 1: better). */
  worse: number | null;
}

/** The ceiling's figures of `route`, named apart from ours. */
function onCeiling(route: string): string {
  return `${route}, on the ceiling`;
}

/** A size's figures, ours and the ceiling's. */
function allFigures(size: SizeResult): Record<string, Figures> {
  return {
    ...size.routes,
    ...Object.fromEntries(
      Object.entries(size.ceiling).map(([route, figures]) => [onCeiling(route), figures]),
    ),
  };
}

function growthOf(sizes: SizeResult[]): Growth[] {
  const everySize = sizes.map(allFigures);
  const [from, to] = [everySize[0], everySize[everySize.length - 1]];
  return Object.keys(from).flatMap((route) =>
    FIGURES.map(({ key, label, higherIsBetter }) => {
      const values = everySize.map((figures) => figures[route]?.[key] ?? null);
      const a = from[route]?.[key] ?? null;
      const b = to[route]?.[key] ?? null;
      let worse: number | null = null;
      if (a !== null && b !== null && a > 0 && b > 0) {
        worse = round(higherIsBetter ? a / b : b / a, 2);
      }
      return { route, figure: label, values, worse };
    }),
  );
}

/** The issue's targets at the largest size, and growth from the smallest. */
function scaleTargets(sizes: SizeResult[], growth: Growth[]): TargetCheck[] {
  const last = sizes[sizes.length - 1];
  const at = `at ${last.reviews} reviews`;
  const p95 = (route: string) => last.routes[route]?.p95Ms ?? null;
  const checks: TargetCheck[] = [];
  for (const [signedIn, visitor] of [
    ["a service's reviews, signed in", "a service's reviews"],
    ['one service, signed in', 'one service'],
  ]) {
    const mine = p95(signedIn);
    const theirs = p95(visitor);
    const times = mine !== null && theirs !== null && theirs > 0 ? round(mine / theirs, 2) : null;
    checks.push({
      target: `${signedIn}: p95 ≤ 50 ms and ≤ 2× the visitor's (${at})`,
      measured: `${mine ?? 'n/a'} ms, ${times ?? 'n/a'}× the visitor's ${theirs ?? 'n/a'} ms`,
      met: mine !== null && mine <= 50 && times !== null && times <= 2,
    });
  }
  const mine = p95('/myreviews');
  checks.push({
    target: `/myreviews: p95 ≤ 100 ms (${at})`,
    measured: `${mine ?? 'n/a'} ms`,
    met: mine !== null && mine <= 100,
  });
  const creates = last.routes[CREATES];
  checks.push({
    target: `review creates: ≥ 20% of raw inserts/s (${at})`,
    measured: `${creates.requestsPerSecond}/s = ${round(last.createsToRaw * 100)}% of ${last.raw.insertsPerSecond}/s`,
    met: last.createsToRaw >= 0.2,
  });
  checks.push({
    target: `review creates: p95 ≤ 250 ms at ${WRITERS} writers (${at})`,
    measured: `${creates.p95Ms ?? 'n/a'} ms, ${creates.errors} errors`,
    met: creates.p95Ms !== null && creates.p95Ms <= 250,
  });
  if (sizes.length > 1) {
    for (const route of Object.keys(last.routes)) {
      const figures = growth.filter((each) => each.route === route);
      const worst = figures.reduce((a, b) =>
        (b.worse ?? Infinity) > (a.worse ?? Infinity) ? b : a,
      );
      const ceiling = growth.find(
        (each) => each.route === onCeiling(route) && each.figure === worst.figure,
      );
      checks.push({
        target: `${route}: no figure > ${MOST_GROWTH}× worse at ${last.reviews} than at ${sizes[0].reviews}`,
        measured:
          worst.worse === null
            ? 'no answers within a run to compare'
            : `worst ${worst.figure} ${worst.worse}×${ceiling ? ` (the ceiling's: ${ceiling.worse ?? 'n/a'}×)` : ''}`,
        met: figures.every((each) => each.worse !== null && each.worse <= MOST_GROWTH),
      });
    }
  }
  return checks;
}

function comparisonTable(results: RouteResult[]): string {
  const pair = (figures: Figures | null) =>
    figures ? `${figures.p50Ms ?? 'n/a'} / ${figures.p99Ms ?? 'n/a'}` : 'n/a';
  return markdownTable(
    [
      'route',
      'ours req/s',
      'ceiling req/s',
      'baseline req/s',
      'ours/ceiling',
      'ours/baseline',
      'ours p50/p99 ms',
      'ceiling p50/p99 ms',
      'baseline p50/p99 ms',
      'errors ours/ceiling/baseline',
    ],
    results.map((result) => [
      result.route,
      result.ours.requestsPerSecond,
      result.ceiling.requestsPerSecond,
      result.baseline?.requestsPerSecond ?? 'n/a',
      result.oursToCeiling,
      shown(result.oursToBaseline),
      pair(result.ours),
      pair(result.ceiling),
      pair(result.baseline),
      `${result.ours.errors}/${result.ceiling.errors}/${result.baseline?.errors ?? 'n/a'}`,
    ]),
  );
}

function sizeTable(size: SizeResult): string {
  return markdownTable(
    [
      'route',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'bytes/answer',
      'cores busy: API / bench / others / rest of machine (stolen)',
      'Redis calls/answer',
      'errors',
      'answers',
    ],
    Object.entries(allFigures(size)).map(([route, figures]) => [
      route,
      figures.requestsPerSecond,
      figures.p50Ms ?? 'n/a',
      figures.p95Ms ?? 'n/a',
      figures.p99Ms ?? 'n/a',
      figures.bytesPerAnswer ?? 'n/a',
      figures.cpu
        ? `${figures.cpu.api} / ${figures.cpu.bench} / ${figures.cpu.others} / ${figures.cpu.rest} (${figures.cpu.stolen})`
        : 'n/a',
      figures.redisCallsPerAnswer ?? 'n/a',
      figures.errors,
      Object.entries(figures.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ') || 'none within the run',
    ]),
  );
}

function growthTables(sizes: SizeResult[], growth: Growth[]): string {
  const routes = [...new Set(growth.map((each) => each.route))];
  const first = sizes[0].reviews;
  const last = sizes[sizes.length - 1].reviews;
  return routes
    .map((route) =>
      [
        `**${route}**`,
        '',
        markdownTable(
          [
            'figure',
            ...sizes.map((size) => `${size.reviews} reviews`),
            `${last} vs ${first}: × worse`,
          ],
          growth
            .filter((each) => each.route === route)
            .map((each) => [
              each.figure,
              ...each.values.map((value) => value ?? 'n/a'),
              each.worse === null
                ? 'n/a'
                : `${each.worse}${each.worse > MOST_GROWTH ? ' (over 1.5×)' : ''}`,
            ]),
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The cores a write run kept busy: the API, and the worker, storage and Redis. */
function coresOf(figures: Figures): string {
  return figures.cpu ? `${figures.cpu.api} / ${figures.cpu.others}` : 'n/a';
}

function storageTable(sizes: SizeResult[]): string {
  return markdownTable(
    [
      'reviews',
      'raw insertOne/s (10 inserters): mean (before / after the creates)',
      'raw p50/p95 ms (means)',
      'review creates/s (10 writers)',
      'creates ÷ raw',
      'create p95 ms',
      'refused POSTs/s (API floor)',
      'refused ÷ raw',
      'cores busy, creates: API / others',
      'cores busy, refused: API / others',
    ],
    sizes.map((size) => {
      const creates = size.routes[CREATES];
      return [
        size.reviews,
        `${size.raw.insertsPerSecond} (${(size.raw.runs ?? []).join(' / ')})`,
        `${size.raw.p50Ms} / ${size.raw.p95Ms}`,
        creates.requestsPerSecond,
        `${round(size.createsToRaw * 100)}%`,
        creates.p95Ms ?? 'n/a',
        size.writeFloor.requestsPerSecond,
        `${round((size.writeFloor.requestsPerSecond / size.raw.insertsPerSecond) * 100)}%`,
        coresOf(creates),
        coresOf(size.writeFloor),
      ];
    }),
  );
}

function report(
  storage: string,
  services: number,
  comparison: RouteResult[],
  sizes: SizeResult[],
  growth: Growth[],
  checks: TargetCheck[],
  loadAverages: number[],
): string {
  const { cpu, cores, memoryGiB, node } = machine();
  const targets = markdownTable(
    ['target', 'measured', 'met'],
    checks.map((check) => [check.target, check.measured, check.met ? 'yes' : 'no']),
  );
  return [
    `# HTTP benchmark, ${new Date().toISOString()}`,
    '',
    `Machine: ${cpu}, ${cores} cores, ${memoryGiB} GiB, Node ${node}, load average ${loadAverages.join(' → ')} over the run. Storage: ${storage}. Data: ${services} generated services (plus the seed) and ${sizes.map((size) => size.reviews).join(', ')} generated reviews, one database per size, all running at once, each with its own API and worker; every run of a route at one size is next to its runs at the other sizes. autocannon, ${CONNECTIONS} connections for reads (signed-in ones rotating ${READERS} users' tokens; each read measured ${READ_ROUNDS} times per size, in rounds; each of req/s, p50, p95 and p99 is the median of its runs, the cores and answers those of the run with the median p95), ${WRITERS} writers (one connection each, posting as ${usersPerWriter(WRITERS, WARMUP_SECONDS + SECONDS)} users in turn, so that none is held by the posting-speed rule) for creates, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up.`,
    '',
    `## Visitors' reads against a ceiling and a baseline, at ${sizes[0].reviews} reviews`,
    '',
    comparisonTable(comparison),
    '',
    ...sizes.flatMap((size) => [
      `## ${size.reviews} generated reviews (${size.reviewsInDatabase} in the database)`,
      '',
      sizeTable(size),
      '',
    ]),
    '## Review creates against the storage’s own limit',
    '',
    storageTable(sizes),
    '',
    `## How each figure grows with the data`,
    '',
    growthTables(sizes, growth),
    '',
    '## Targets',
    '',
    targets,
    '',
  ].join('\n');
}

const SETTLE_MS = 100;
const SETTLE_LIMIT_MS = 120_000;

/**
 * autocannon drops its connections at the end of a run, but the API still works through the
 * requests they left behind, and a grown database keeps PostgreSQL busy (autovacuum, index
 * upkeep) for a while; the next measurement starts once the CPUs are mostly idle
 * (machineQuiet) and the API and the storage answer a probe (health check, an _id read, an
 * insert) within SETTLE_MS three times in a row.
 */
async function settledOurs(baseUrl: string, dataset: Dataset): Promise<void> {
  const scratch = dataset.mongo.db().collection('bench_settle_probe');
  const quietAfter = await machineQuiet();
  if (quietAfter > 5000)
    console.log(`    (waited ${round(quietAfter / 1000)} s for the CPUs to calm)`);
  const started = Date.now();
  let calm = 0;
  while (calm < 3 && Date.now() - started < SETTLE_LIMIT_MS) {
    const probe = Date.now();
    await fetch(`${baseUrl}/api/health`).then((answer) => answer.text());
    await dataset.mongo.db().collection('reviews').findOne({ _id: new ObjectId() });
    await scratch.insertOne({ at: new Date() });
    calm = Date.now() - probe <= SETTLE_MS ? calm + 1 : 0;
    if (calm < 3) await sleep(200);
  }
  const waited = Date.now() - started;
  if (waited > 2000) console.log(`    (waited ${round(waited / 1000)} s for the API to settle)`);
}

/** Cores busy in the processes that a cached read should leave idle (worker, storage, Redis…). */
function othersBusy(busy: Record<Kind, number>): number {
  return round(busy.worker + busy.ferretdb + busy.postgres + busy.redis + busy.other, 2);
}

/** Every command Redis has run so far (INFO commandstats). */
async function redisCalls(redis: Redis): Promise<number> {
  const stats = await redis.info('commandstats');
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/**
 * A run's figures with the cores its processes kept busy meanwhile, and the Redis commands each
 * answer cost (a replayed answer should cost none).
 */
async function withRunCosts(redis: Redis, run: () => Promise<Figures>): Promise<Figures> {
  const callsBefore = await redisCalls(redis);
  const before = cpuByKind();
  const machineBefore = machineCpu();
  const started = Date.now();
  const figures = await run();
  const seconds = (Date.now() - started) / 1000;
  const busy = coresBusy(before, cpuByKind(), seconds);
  const machine = machineCpu();
  const others = othersBusy(busy);
  const ours = busy.api + busy.bench + others;
  const calls = (await redisCalls(redis)) - callsBefore;
  const answers = figures.requestsPerSecond * seconds;
  const cores = (value: number) => round(value / seconds, 2);
  return {
    ...figures,
    cpu: {
      api: busy.api,
      bench: busy.bench,
      others,
      rest: round(Math.max(0, cores(machine.busy - machineBefore.busy) - ours), 2),
      stolen: cores(machine.steal - machineBefore.steal),
    },
    redisCallsPerAnswer: answers > 0 ? round(calls / answers, 2) : undefined,
  };
}

/** A run of ours in one line: its rate, its p95, and what it cost. */
function runSummary(figures: Figures): string {
  const cpu = figures.cpu;
  return `${figures.requestsPerSecond} req/s, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, cores busy: API ${cpu?.api}, bench ${cpu?.bench}, others ${cpu?.others}, rest ${cpu?.rest}, stolen ${cpu?.stolen}; Redis calls/answer ${figures.redisCallsPerAnswer}`;
}

/** The middle item of a sorted list (the lower of the two middle ones for an even count). */
function middleOf<T>(sorted: T[]): T {
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The median of the known values; null if none. */
function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : middleOf(known);
}

/**
 * A route's runs as one: each of req/s, p50, p95 and p99 is the median of its own values across
 * the runs, so one run's burst of noise in its tail moves no figure; what explains the figures
 * (cores busy, answer size, answers per status) is the run whose p95 is the median's.
 */
function medianFigures(runs: Figures[]): Figures {
  const ordered = [...runs].sort((a, b) => (a.p95Ms ?? Infinity) - (b.p95Ms ?? Infinity));
  return {
    ...middleOf(ordered),
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)) ?? 0,
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p95Ms: median(runs.map((run) => run.p95Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
  };
}

async function measureOurs(
  name: string,
  baseUrl: string,
  request: autocannon.Request,
  dataset: Dataset,
): Promise<Figures> {
  await settledOurs(baseUrl, dataset);
  process.stdout.write(`  ${name}… `);
  const figures = await withRunCosts(dataset.redis, () =>
    measured({
      url: baseUrl,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      timeout: 30,
      requests: [request],
    }),
  );
  process.stdout.write(`${runSummary(figures)}\n`);
  return figures;
}

/** POSTs to /api/addreviews from WRITERS connections at once, each making its own requests. */
async function measureWrites(
  name: string,
  baseUrl: string,
  writers: RequestMaker[],
  dataset: Dataset,
  expectStatus?: number,
): Promise<Figures> {
  await settledOurs(baseUrl, dataset);
  process.stdout.write(`  ${name}… `);
  const figures = await withRunCosts(dataset.redis, () =>
    measuredTogether(
      writers.map((setupRequest) => ({
        url: baseUrl,
        connections: 1,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        timeout: 30,
        expectStatus,
        requests: [{ method: 'POST', path: '/api/addreviews', setupRequest }],
      })),
    ),
  );
  process.stdout.write(`${runSummary(figures)}, ${figures.errors} errors\n`);
  return figures;
}

/** One size of the data: its own storage, seeded to that size, with its own API and worker. */
interface Size {
  reviews: number;
  reviewsInDatabase: number;
  dataset: Dataset;
  app: AppProcesses;
  /** The service with the most reviews: its review pages are the ones people read most. */
  service: string;
  services: string[];
  visitorRoutes: Route[];
}

/** The busiest service and two others, as a reader compares them (the baseline has no such page). */
function compareRoute(service: string, services: string[]): Route {
  const ids = [service, ...services.filter((id) => id !== service).slice(0, 2)];
  return {
    name: 'compare three services',
    method: 'GET',
    path: `/api/services/compare?ids=${ids.join(',')}`,
    targets: ['ours', 'ceiling'],
  };
}

function visitorRoutesOf(service: string, services: string[]): Route[] {
  const reads: TargetName[] = ['ours', 'ceiling', 'baseline'];
  return [
    { name: 'services list', method: 'GET', path: '/api/services', targets: reads },
    { name: 'one service', method: 'GET', path: `/api/services/${service}`, targets: reads },
    {
      name: "a service's reviews",
      method: 'GET',
      path: `/api/reviews?service=${service}&limit=20`,
      targets: reads,
    },
    { name: 'home (/servicelimit)', method: 'GET', path: '/api/servicelimit', targets: reads },
    { name: 'categories', method: 'GET', path: '/api/categories', targets: reads },
    { name: 'blogs', method: 'GET', path: '/api/blogs', targets: reads },
    compareRoute(service, services),
  ];
}

async function startSize(
  reviews: number,
  services: number,
  started: { stop(): Promise<void> }[],
): Promise<Size> {
  console.log(`Seeding ${services} services and ${reviews} reviews…`);
  const seeding = Date.now();
  const dataset = await seededDataset({ services, reviews });
  started.push(dataset);
  console.log(`  seeded in ${round((Date.now() - seeding) / 1000)} s`);
  const app = await startAppProcesses(dataset.env, { port: await freePort(), quiet: true });
  started.push(app);
  const service = await busiestService(dataset);
  // Its monthly figures, as the worker would have kept them (the bulk seed writes no events).
  await backendCli('insights/insights-rebuild.cli.js', [service], dataset.env);
  const ids = await serviceIds(dataset);
  return {
    reviews,
    reviewsInDatabase: await dataset.mongo.db().collection('reviews').countDocuments(),
    dataset,
    app,
    service,
    services: ids,
    visitorRoutes: visitorRoutesOf(service, ids),
  };
}

/**
 * Every read of a size: the visitors', then the signed-in ones with `readers`' tokens, and the
 * service's owner's dashboard with `owner`'s.
 */
function readsOf(
  size: Size,
  readers: string[],
  owner: string,
): { name: string; request: autocannon.Request }[] {
  const signedIn = rotatingTokens(readers);
  return [
    ...size.visitorRoutes.map((route) => ({
      name: route.name,
      request: { method: 'GET' as const, path: route.path },
    })),
    {
      name: "a service's rating trend",
      request: { method: 'GET' as const, path: `/api/services/${size.service}/trend` },
    },
    {
      name: "a service's insights, its owner",
      request: {
        method: 'GET' as const,
        path: `/api/services/${size.service}/insights?months=12`,
        setupRequest: rotatingTokens([owner]),
      },
    },
    ...[
      ["a service's reviews, signed in", `/api/reviews?service=${size.service}&limit=20`],
      ['one service, signed in', `/api/services/${size.service}`],
      ['/myreviews', '/api/myreviews'],
      ['/notifications', '/api/notifications'],
    ].map(([name, path]) => ({
      name,
      request: { method: 'GET' as const, path, setupRequest: signedIn },
    })),
  ];
}

/** A size's reads: each route's median figures, ours and on that size's ceiling. */
interface ReadFigures {
  routes: Record<string, Figures>;
  ceiling: Record<string, Figures>;
}

/**
 * Every read READ_ROUNDS times on every size, interleaved: each route runs on each size in turn,
 * then the next route, round after round. A size's run of a route is thus next to the other
 * sizes' runs of it, so the machine's drift (bursts of noise, a slower spell) weighs on all
 * sizes alike and the growth ratios compare like with like; each figure's median is reported.
 * Each visitors' run of ours is followed by the same route on that size's ceiling.
 */
async function measureReads(sizes: Size[], work: string): Promise<ReadFigures[]> {
  const ceilings = await Promise.all(
    sizes.map(async (size) => {
      const answers = join(work, `answers-${size.reviews}.json`);
      writeFileSync(
        answers,
        JSON.stringify(await cannedAnswers(size.app.baseUrl, size.visitorRoutes)),
      );
      return startServer('ceiling', 'ceiling.ts', [answers], size.dataset.env);
    }),
  );
  const readRuns = sizes.map(() => new Map<string, Figures[]>());
  const ceilingRuns = sizes.map(() => new Map<string, Figures[]>());
  const add = (runs: Map<string, Figures[]>, name: string, figures: Figures) =>
    runs.set(name, [...(runs.get(name) ?? []), figures]);
  try {
    for (let round = 1; round <= READ_ROUNDS; round += 1) {
      console.log(`Reads, round ${round} of ${READ_ROUNDS}:`);
      // Tokens are signed in afresh each round, so none expires during a long run.
      const reads = await Promise.all(
        sizes.map(async (size) =>
          readsOf(
            size,
            await readersOf(size.app.baseUrl, size.dataset, size.service),
            await ownerTokenOf(size.app.baseUrl, size.dataset, size.service),
          ),
        ),
      );
      for (const [index, { name }] of reads[0].entries()) {
        for (const [at, size] of sizes.entries()) {
          const { request } = reads[at][index];
          const label = `${name} at ${size.reviews}`;
          add(
            readRuns[at],
            name,
            await measureOurs(label, size.app.baseUrl, request, size.dataset),
          );
          const route = size.visitorRoutes.find((each) => each.name === name);
          if (route) add(ceilingRuns[at], name, await measureOn(route, ceilings[at]));
        }
      }
    }
  } finally {
    for (const ceiling of ceilings) await ceiling.server.stop();
  }
  const medians = (runs: Map<string, Figures[]>) =>
    Object.fromEntries([...runs].map(([name, each]) => [name, medianFigures(each)]));
  return sizes.map((_, at) => ({
    routes: medians(readRuns[at]),
    ceiling: medians(ceilingRuns[at]),
  }));
}

/** Reads of a page no cache holds yet, per size: few, one at a time (each may take seconds). */
const FIRST_READS = Number(process.env.BENCH_FIRST_READS ?? 5);
const FIRST_READ = "a service's reviews, first read after a change";

/**
 * What a reader waits for when neither the response cache nor the read cache holds the page: as
 * after the cache's 60 s expiry, or after any review of that service. Each sample asks for a
 * page of the busiest service's reviews at an offset not asked for before (a new cache key, so a
 * miss in both caches), one request at a time, sizes interleaved; the figures are those of the
 * samples (req/s: one reader's rate).
 */
async function measureFirstReads(sizes: Size[]): Promise<Figures[]> {
  const samples = sizes.map(() => [] as number[]);
  const statuses = sizes.map(() => ({}) as Record<string, number>);
  for (let sample = 1; sample <= FIRST_READS; sample += 1) {
    for (const [at, size] of sizes.entries()) {
      await settledOurs(size.app.baseUrl, size.dataset);
      const started = performance.now();
      const answer = await fetch(
        `${size.app.baseUrl}/api/reviews?service=${size.service}&limit=20&offset=${20 * sample}`,
      );
      await answer.text();
      samples[at].push(performance.now() - started);
      statuses[at][answer.status] = (statuses[at][answer.status] ?? 0) + 1;
    }
  }
  return sizes.map((size, at) => {
    const took = samples[at];
    const ok = statuses[at][200] ?? 0;
    const figures: Figures = {
      requestsPerSecond: round(took.length / (took.reduce((sum, ms) => sum + ms, 0) / 1000)),
      p50Ms: round(percentile(took, 50)),
      p95Ms: round(percentile(took, 95)),
      p99Ms: round(percentile(took, 99)),
      errors: took.length - ok,
      requests: took.length,
      statuses: statuses[at],
      bytesPerAnswer: null,
    };
    console.log(`  ${FIRST_READ} at ${size.reviews}: ${took.map((ms) => round(ms)).join(', ')} ms`);
    return figures;
  });
}

/** A size's writes: creates, the refused POSTs, and raw inserts on its storage. */
interface WriteFigures {
  creates: Figures;
  writeFloor: Figures;
  raw: RawInserts;
}

/**
 * Each write run on every size in turn: raw inserts, creates, raw inserts again (the creates'
 * limit is the mean of the two, as the machine was around them); then the refused POSTs.
 */
async function measureAllWrites(sizes: Size[]): Promise<WriteFigures[]> {
  const creates: RequestMaker[][] = [];
  for (const size of sizes) {
    const tokens = await writersTokens(
      size.app.baseUrl,
      WRITERS,
      WARMUP_SECONDS + SECONDS,
      'writer',
    );
    creates.push(tokens.map((mine, writer) => reviewCreates(mine, writer, size.services)));
  }
  const created: Figures[] = [];
  const raws: RawInserts[] = [];
  for (const [at, size] of sizes.entries()) {
    const before = await measureRawInserts(size, 'before');
    created.push(
      await measureWrites(
        `${CREATES} at ${size.reviews}`,
        size.app.baseUrl,
        creates[at],
        size.dataset,
      ),
    );
    raws.push(meanOfRaws([before, await measureRawInserts(size, 'after')]));
  }
  // The refused POSTs carry on from each writer's last create: the same users, the next services.
  const refused: Figures[] = [];
  for (const [at, size] of sizes.entries()) {
    refused.push(
      await measureWrites(
        `review create refused by validation (${WRITERS} writers) at ${size.reviews}`,
        size.app.baseUrl,
        creates[at].map(refusedByValidation),
        size.dataset,
        400,
      ),
    );
  }
  return sizes.map((_, at) => ({ creates: created[at], writeFloor: refused[at], raw: raws[at] }));
}

/** Raw inserts on a size's storage, once it has settled (`when`: around the creates). */
async function measureRawInserts(size: Size, when: 'before' | 'after'): Promise<RawInserts> {
  await settledOurs(size.app.baseUrl, size.dataset);
  process.stdout.write(`  raw insertOne (driver, 10 inserters) at ${size.reviews}, ${when}… `);
  const raw = await rawInserts(size.dataset.mongo);
  process.stdout.write(`${raw.insertsPerSecond}/s, p95 ${raw.p95Ms} ms\n`);
  return raw;
}

async function main(): Promise<void> {
  const reviewSizes = benchSizes();
  const { services: serviceCount } = datasetSizes('BENCH', {
    services: 1000,
    reviews: reviewSizes[0],
  });
  const work = mkdtempSync(join(tmpdir(), 'service-critic-bench-'));
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const each of started.reverse()) await each.stop();
    rmSync(work, { recursive: true, force: true });
  };
  cleanUpOnSignal(stopAll);
  try {
    const sizes: Size[] = [];
    for (const reviews of reviewSizes) sizes.push(await startSize(reviews, serviceCount, started));
    const [first] = sizes;
    const storage = await storageName(first.dataset.mongo, first.dataset.storage);
    console.log(`Storage: ${storage}`);

    // Visitors' reads against the ceiling and the baseline, at the first size only: the
    // baseline reads whole collections, so larger data would measure FerretDB's scans.
    const answersFile = join(work, 'answers.json');
    writeFileSync(
      answersFile,
      JSON.stringify(await cannedAnswers(first.app.baseUrl, first.visitorRoutes)),
    );
    const ceiling = await startServer('ceiling', 'ceiling.ts', [answersFile], first.dataset.env);
    const baseline = await startServer('baseline', 'baseline.ts', [], first.dataset.env);
    const targets: Target[] = [
      { name: 'ours', baseUrl: first.app.baseUrl, server: first.app.api },
      ceiling,
      baseline,
    ];
    console.log(
      `Comparing visitors' reads at ${first.reviews} reviews (${CONNECTIONS} connections, ${SECONDS} s per run)…`,
    );
    const comparison: RouteResult[] = [];
    try {
      for (const route of first.visitorRoutes) comparison.push(await measureRoute(route, targets));
    } finally {
      await ceiling.server.stop();
      await baseline.server.stop();
    }

    const loadAverages = [round(loadavg()[0], 2)];
    const reads = await measureReads(sizes, work);
    console.log(`First reads of a page no cache holds (${FIRST_READS} per size):`);
    const firstReads = await measureFirstReads(sizes);
    console.log('Writes:');
    const writes = await measureAllWrites(sizes);
    const results: SizeResult[] = sizes.map((size, at) => ({
      reviews: size.reviews,
      reviewsInDatabase: size.reviewsInDatabase,
      routes: { ...reads[at].routes, [FIRST_READ]: firstReads[at], [CREATES]: writes[at].creates },
      ceiling: reads[at].ceiling,
      raw: writes[at].raw,
      writeFloor: writes[at].writeFloor,
      createsToRaw: round(
        writes[at].creates.requestsPerSecond / writes[at].raw.insertsPerSecond,
        3,
      ),
    }));

    loadAverages.push(round(loadavg()[0], 2));
    const growth = growthOf(results);
    const checks = [...comparisonTargets(comparison), ...scaleTargets(results, growth)];
    const markdown = report(
      storage,
      serviceCount,
      comparison,
      results,
      growth,
      checks,
      loadAverages,
    );
    writeResult('latest.json', {
      date: new Date().toISOString(),
      machine: machine(),
      storage,
      services: serviceCount,
      sizes: reviewSizes,
      connections: CONNECTIONS,
      writers: WRITERS,
      readers: READERS,
      readRounds: READ_ROUNDS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      comparison,
      results,
      growth,
      targets: checks,
    });
    writeFileSync(join(resultsDir, 'latest.md'), markdown);
    console.log(`\n${markdown}`);
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
