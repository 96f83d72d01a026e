/**
 * The API against a ceiling and a baseline, in one run on the same data:
 * ours (the built app, started as `make run` does), a bare node:http server answering our
 * bodies from memory, and a naive Express + mongodb server. autocannon drives each in turn,
 * warmed up first; the figures that matter are the ratios between them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { ObjectId } from 'mongodb';
import { startAppProcesses, type AppProcesses } from '../infra/app-processes';
import { repoRoot } from '../infra/storage/paths';
import { exitReason, freePort, sleep, startManaged, waitUntil } from '../infra/storage/processes';
import type { Managed } from '../infra/storage';
import { measured, type Figures } from './cannon';
import { datasetSizes, seededDataset, type Dataset, type DatasetSizes } from './dataset';
import type { CannedAnswers } from './servers/ceiling';
import { cleanUpOnSignal, markdownTable, newUser, resultsDir, round, writeResult } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const WRITERS = 50;

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

/** Review creates cycle through (user, service) pairs, so none is a duplicate. */
function reviewCreates(tokens: string[], services: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const token = tokens[next % tokens.length];
    const service = services[Math.floor(next / tokens.length) % services.length];
    next += 1;
    return {
      ...request,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        title: 'Bench Courier',
        details: 'Collected on time and delivered in one piece.',
        serviceID: 1000 + (next % 9000),
        service,
        rating: 1 + (next % 5),
      }),
    };
  };
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

async function measureRoute(route: Route, targets: Target[]): Promise<RouteResult> {
  const figures: Partial<Record<TargetName, Figures>> = {};
  for (const target of targets) {
    if (!route.targets.includes(target.name)) continue;
    process.stdout.write(`  ${route.name} on ${target.name}… `);
    figures[target.name] = await measured({
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
    process.stdout.write(`${figures[target.name]?.requestsPerSecond} req/s\n`);
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

/** The targets, checked against this run's figures. */
function checkTargets(results: RouteResult[]): TargetCheck[] {
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
  for (const result of results.filter((each) => each.route !== 'review create')) {
    checks.push({
      target: `${result.route}: p99 < 100 ms at ${CONNECTIONS} connections`,
      measured: `${result.ours.p99Ms} ms`,
      met: result.ours.p99Ms !== null && result.ours.p99Ms < 100,
    });
  }
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

function report(results: RouteResult[], sizes: DatasetSizes, checks: TargetCheck[]): string {
  const pair = (figures: Figures | null) =>
    figures ? `${figures.p50Ms ?? 'n/a'} / ${figures.p99Ms ?? 'n/a'}` : 'n/a';
  const table = markdownTable(
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
  const targets = markdownTable(
    ['target', 'measured', 'met'],
    checks.map((check) => [check.target, check.measured, check.met ? 'yes' : 'no']),
  );
  const { cpu, cores, memoryGiB, node } = machine();
  return [
    `# HTTP benchmark, ${new Date().toISOString()}`,
    '',
    `Machine: ${cpu}, ${cores} cores, ${memoryGiB} GiB, Node ${node}. Data: ${sizes.services} generated services and ${sizes.reviews} reviews (plus the seed) on the embedded FerretDB unless MONGO_URL says otherwise. autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up.`,
    '',
    table,
    '',
    targets,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  // 1000 services and 20 000 reviews seed in well under a minute on the embedded FerretDB and
  // keep the baseline measurable: it reads whole collections, and FerretDB scans them for every
  // query that is not by _id.
  const sizes = datasetSizes('BENCH', { services: 1000, reviews: 20_000 });
  const work = mkdtempSync(join(tmpdir(), 'service-critic-bench-'));
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const each of started.reverse()) await each.stop();
    rmSync(work, { recursive: true, force: true });
  };
  cleanUpOnSignal(stopAll);
  try {
    console.log(`Seeding ${sizes.services} services and ${sizes.reviews} reviews…`);
    const dataset = await seededDataset(sizes);
    started.push(dataset);
    const app: AppProcesses = await startAppProcesses(dataset.env, {
      port: await freePort(),
      quiet: true,
    });
    started.push(app);

    const service = await busiestService(dataset);
    const tokens = await Promise.all(
      Array.from({ length: WRITERS }, (_, index) => newUser(app.baseUrl, `writer${index}`)),
    );
    const reads: TargetName[] = ['ours', 'ceiling', 'baseline'];
    const routes: Route[] = [
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
      {
        name: 'review create',
        method: 'POST',
        path: '/api/addreviews',
        targets: ['ours', 'ceiling'],
        setupRequest: reviewCreates(tokens, await serviceIds(dataset)),
      },
    ];

    const answersFile = join(work, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(await cannedAnswers(app.baseUrl, routes)));
    const ceiling = await startServer('ceiling', 'ceiling.ts', [answersFile], dataset.env);
    started.push(ceiling.server);
    const baseline = await startServer('baseline', 'baseline.ts', [], dataset.env);
    started.push(baseline.server);
    const targets: Target[] = [
      { name: 'ours', baseUrl: app.baseUrl, server: app.api },
      ceiling,
      baseline,
    ];

    console.log(`Measuring (${CONNECTIONS} connections, ${SECONDS} s per run)…`);
    const results: RouteResult[] = [];
    for (const route of routes) results.push(await measureRoute(route, targets));

    const checks = checkTargets(results);
    const markdown = report(results, sizes, checks);
    writeResult('latest.json', {
      date: new Date().toISOString(),
      machine: machine(),
      dataset: sizes,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      routes: results,
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
