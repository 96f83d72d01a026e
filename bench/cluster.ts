/**
 * Several replicas on one machine (`make bench-cluster`): 3 API processes and 2 workers on one
 * store and one Redis, behind HAProxy (infra/cluster.ts), in one run:
 * - how soon a write through one replica shows in the next reads on each other one, through
 *   their read caches (per replica pair);
 * - one user's writes spread over the replicas against one write limit;
 * - the soak's mixed traffic (bench/soak.ts) on 50 connections while each API process in turn is
 *   taken out of HAProxy, stopped with SIGTERM, started again and put back;
 * - throughput through HAProxy with 1 and with 3 replicas, reads only and mixed, beside the bare
 *   limits: a node:http server answering the same reads from memory behind the same HAProxy,
 *   and the store's raw single-document inserts;
 * and, once the event path is idle, every acknowledged write of the mixed runs against the
 * store, the lists and the audit trail (bench/soak-checks.ts): one audit entry per change.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, visibilityOfWrite, type Cluster, type Visibility } from '../infra/cluster';
import { startHaproxy, type Haproxy } from '../infra/haproxy';
import { repoRoot } from '../infra/storage/paths';
import {
  answeringOrStopped,
  freePort,
  startManaged,
  type Managed,
} from '../infra/storage/processes';
import { seededDataset, type Dataset } from './dataset';
import { meanOfRaws, rawInserts } from './raw-inserts';
import type { CannedAnswers } from './servers/ceiling';
import {
  describeFigures,
  readPaths,
  servicesByPopularity,
  soak,
  soakDatasetSizes,
  soakers,
  soakFigures,
  warmCaches,
  type SoakRun,
  type Soaker,
} from './soak';
import { checkAfterSoak, checksTable, reviewCount, type Check } from './soak-checks';
import {
  api,
  cleanUpOnSignal,
  inParallel,
  markdownTable,
  newUser,
  percentile,
  resultsDir,
  round,
  runBenchmark,
  writeResult,
  writeText,
} from './support';

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CLUSTER_CONNECTIONS ?? 50);
const API_PROCESSES = 3;
const WORKERS = 2;
/** Writes through each replica whose visibility on the others is measured. */
const VISIBILITY_ROUNDS = Number(process.env.CLUSTER_VISIBILITY_ROUNDS ?? 10);
/** Far beyond a pub/sub hop, far below the read cache's 60 s expiry. */
const VISIBLE_WITHIN_MS = 5000;
/**
 * Writes per user per minute in this run: far above what one soak connection writes (about 30
 * a minute), so the soak never meets it, and reached in a second by the limit check.
 */
const WRITE_LIMIT = 600;
const OVER_LIMIT = 30;
const DRAIN_LIMIT_MS = 90_000;
/** A soak longer than this while the replicas restart is cut short (and the check fails). */
const RESTART_LIMIT_S = 300;

const ADMIN_EMAIL = 'admin@servicecritic.local';

function machineState() {
  return { cores: cpus().length, loadAverage1m: round(loadavg()[0], 2) };
}

interface PairFigures {
  writer: number;
  reader: number;
  writes: number;
  p50Ms: number;
  maxMs: number;
  /** Writes whose first read on the reader after the answer showed them. */
  seenOnFirstRead: number;
}

/** Writes a new contact phone through each replica in turn, and reads it on the others. */
async function visibility(
  cluster: Cluster,
  services: string[],
  adminPassword: string,
): Promise<PairFigures[]> {
  const { accessToken: token } = await api<{ accessToken: string }>(cluster.url, '/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: adminPassword },
  });
  const seen: Visibility[] = [];
  for (let round = 0; round < VISIBILITY_ROUNDS; round += 1) {
    for (const [writer] of cluster.apiUrls.entries()) {
      const service = services[round % services.length];
      const phoneOn = async (baseUrl: string) =>
        (await api<{ contactPhone?: string }>(baseUrl, `/services/${service}`)).contactPhone;
      // Every replica has the answer in its read cache before the write.
      await Promise.all(cluster.apiUrls.map(phoneOn));
      const phone = `+44 20 7946 ${round}${writer}${Date.now() % 100}`;
      seen.push(
        ...(await visibilityOfWrite(
          cluster.apiUrls,
          writer,
          async (baseUrl) => {
            await api(baseUrl, `/services/${service}/contact`, {
              method: 'PUT',
              token,
              body: { contactPhone: phone },
            });
          },
          async (baseUrl) => (await phoneOn(baseUrl)) === phone,
          VISIBLE_WITHIN_MS,
        )),
      );
    }
  }
  const pairs = cluster.apiUrls.flatMap((_, writer) =>
    cluster.apiUrls.map((__, reader) => ({ writer, reader })).filter((p) => p.reader !== writer),
  );
  return pairs.map(({ writer, reader }) => {
    const ofPair = seen.filter((each) => each.writer === writer && each.reader === reader);
    const delays = ofPair.map((each) => each.delayMs);
    return {
      writer,
      reader,
      writes: ofPair.length,
      p50Ms: percentile(delays, 50),
      maxMs: Math.max(...delays),
      seenOnFirstRead: ofPair.filter((each) => each.staleReads === 0).length,
    };
  });
}

interface LimitFigures {
  sent: number;
  /** Answers per status, per replica. */
  byReplica: Record<string, number>[];
  accepted: number;
  refused: number;
}

/**
 * One user's writes, 12 at a time, each to the next replica directly: a review create without a
 * rating, refused (400) after the write limit counted it, with no storage work.
 */
async function sharedLimit(cluster: Cluster, services: string[]): Promise<LimitFigures> {
  const token = await newUser(cluster.url, 'limit');
  const sent = WRITE_LIMIT + OVER_LIMIT;
  const byReplica: Record<string, number>[] = cluster.apiUrls.map(() => ({}));
  await inParallel(
    Array.from({ length: sent }, (_, index) => index),
    12,
    async (index) => {
      const replica = index % cluster.apiUrls.length;
      const response = await fetch(`${cluster.apiUrls[replica]}/api/addreviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: 'Limit', details: 'Over the limit.', service: services[0] }),
      });
      await response.text();
      byReplica[replica][response.status] = (byReplica[replica][response.status] ?? 0) + 1;
    },
  );
  const total = (status: string) => byReplica.reduce((sum, each) => sum + (each[status] ?? 0), 0);
  return { sent, byReplica, accepted: total('400'), refused: total('429') };
}

/**
 * The bare limit of the soak's reads through HAProxy: a node:http server answering each read
 * path with what our API answered for it, from memory (bench/servers/ceiling.ts).
 */
async function startCeiling(
  apiUrl: string,
  services: string[],
): Promise<{ balancer: Haproxy; stop(): Promise<void> }> {
  const answers: CannedAnswers = {};
  // HAProxy's health check too.
  await inParallel([...readPaths(services), '/api/health/ready'], 4, async (path) => {
    const response = await fetch(`${apiUrl}${path}`);
    answers[`GET ${path}`] = {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
      body: await response.text(),
    };
  });
  const dir = mkdtempSync(join(tmpdir(), 'service-critic-ceiling-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const server: Managed = startManaged(
    'ceiling',
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench', 'servers', 'ceiling.ts'), file],
    { cwd: repoRoot, env: { ...process.env, PORT: String(port) }, quiet: true },
  );
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await answeringOrStopped(
      server,
      'The ceiling server',
      async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status > 0,
      30_000,
    );
    const balancer = await startHaproxy([port]);
    return {
      balancer,
      stop: async () => {
        await balancer.stop();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The runs as one, for the checks against the store. */
function together(runs: SoakRun[]): SoakRun {
  return {
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    attempts: runs.flatMap((run) => run.attempts),
    answers: runs.flatMap((run) => run.answers),
    ledger: runs.flatMap((run) => run.ledger),
  };
}

/** Reads only, then mixed, each `SECONDS` through HAProxy with the replicas it sends to now. */
async function throughput(soaker: Soaker) {
  const reads = soakFigures(await soak(soaker, SECONDS, { readOnly: true }));
  const mixedRun = await soak(soaker, SECONDS);
  return { reads, mixed: soakFigures(mixedRun), mixedRun };
}

async function main(): Promise<void> {
  const sizes = soakDatasetSizes();
  const machineBefore = machineState();
  let dataset: Dataset | undefined;
  let cluster: Cluster | undefined;
  let ceiling: { stop(): Promise<void> } | undefined;
  const stopAll = async () => {
    await ceiling?.stop();
    await cluster?.stop();
    await dataset?.stop();
  };
  cleanUpOnSignal(stopAll);
  try {
    console.log(`Seeding ${sizes.services} services and ${sizes.reviews} reviews…`);
    dataset = await seededDataset(sizes);
    const env: NodeJS.ProcessEnv = { ...dataset.env, RATE_LIMIT_WRITES: String(WRITE_LIMIT) };
    console.log(`${API_PROCESSES} API processes, ${WORKERS} workers, HAProxy…`);
    cluster = await startCluster(env, { apis: API_PROCESSES, workers: WORKERS });
    const { mongo } = dataset;
    const services = await servicesByPopularity(mongo);
    const soaker = await soakers([cluster.url], services, CONNECTIONS, 'cluster');
    await warmCaches(cluster.apiUrls, services);

    console.log(`Visibility: ${VISIBILITY_ROUNDS} writes through each replica…`);
    const pairs = await visibility(cluster, services, env.ADMIN_PASSWORD as string);
    console.log('Write limit across the replicas…');
    const limit = await sharedLimit(cluster, services);

    const before = await reviewCount(mongo);
    const rawBefore = await rawInserts(mongo);
    console.log(
      `1 replica: reads only, then mixed, ${SECONDS} s each, ${CONNECTIONS} connections…`,
    );
    for (let index = 1; index < API_PROCESSES; index += 1) await cluster.balancer.takeOut(index);
    const one = await throughput(soaker);
    for (let index = 1; index < API_PROCESSES; index += 1) await cluster.balancer.putBack(index);
    console.log(`${API_PROCESSES} replicas: reads only, then mixed…`);
    const three = await throughput(soaker);
    const raw = meanOfRaws([rawBefore, await rawInserts(mongo)]);

    console.log(`Rolling restart under the mixed soak, ${CONNECTIONS} connections…`);
    const restarting = cluster.rollingRestart();
    const [restartRun, restarts] = await Promise.all([
      soak(soaker, RESTART_LIMIT_S, { until: restarting }),
      restarting,
    ]);
    const restart = soakFigures(restartRun);
    const failedAttempts = restartRun.attempts.filter(
      (attempt) => !/^[23]\d\d$/.test(attempt.status),
    );

    console.log('Bare limit: the same reads from memory behind HAProxy…');
    const started = await startCeiling(cluster.url, services);
    ceiling = started;
    const bareReads = soakFigures(
      await soak({ ...soaker, apiUrls: [started.balancer.url] }, SECONDS, { readOnly: true }),
    );
    await started.stop();
    ceiling = undefined;

    const afterSoak = await checkAfterSoak(
      { ...dataset.storage, mongo, apiUrl: cluster.url },
      together([one.mixedRun, three.mixedRun, restartRun]),
      before,
      DRAIN_LIMIT_MS,
    );
    const machineAfter = machineState();

    const maxDelay = Math.max(...pairs.map((pair) => pair.maxMs));
    const refusedBy = limit.byReplica.filter((each) => (each['429'] ?? 0) > 0).length;
    const serverErrors = [one.reads, one.mixed, three.reads, three.mixed].reduce(
      (sum, figures) => sum + figures.serverErrors + figures.networkErrors,
      0,
    );
    const checks: Check[] = [
      {
        check: `every write seen on every other replica within ${VISIBLE_WITHIN_MS / 1000} s (read cache on)`,
        measured: `${pairs.reduce((sum, pair) => sum + pair.writes, 0)} write→read pairs, slowest ${maxDelay} ms`,
        met: maxDelay <= VISIBLE_WITHIN_MS,
      },
      {
        check: `one write limit across the replicas: ${WRITE_LIMIT} accepted, the ${OVER_LIMIT} over it refused`,
        measured: `${limit.accepted} accepted, ${limit.refused} refused (429), by ${refusedBy} of ${API_PROCESSES} replicas`,
        met: limit.accepted === WRITE_LIMIT && limit.refused === OVER_LIMIT,
      },
      {
        check: `rolling restart (SIGTERM each replica in turn) under ${CONNECTIONS} connections fails no request`,
        measured: `${restartRun.attempts.length} requests, ${failedAttempts.length} failed ${JSON.stringify(restart.statuses)}`,
        met: failedAttempts.length === 0,
      },
      {
        check: 'no 5xx, network error or timeout in the throughput runs',
        measured: String(serverErrors),
        met: serverErrors === 0,
      },
      ...afterSoak.checks,
    ];
    const mixedWrites = (figures: typeof one.mixed) =>
      round(
        (figures.succeeded.create + figures.succeeded.edit + figures.succeeded.delete) /
          figures.seconds,
      );
    const summary = {
      date: new Date().toISOString(),
      machine: { before: machineBefore, after: machineAfter },
      dataset: sizes,
      apiProcesses: API_PROCESSES,
      workers: WORKERS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      visibility: pairs,
      writeLimit: { limit: WRITE_LIMIT, ...limit },
      rollingRestart: {
        replicas: restarts,
        figures: restart,
        failed: failedAttempts.map((attempt) => ({
          kind: attempt.kind,
          status: attempt.status,
          ms: attempt.end - attempt.start,
        })),
      },
      throughput: {
        oneReplica: {
          reads: one.reads,
          mixed: one.mixed,
          mixedWritesPerSecond: mixedWrites(one.mixed),
        },
        threeReplicas: {
          reads: three.reads,
          mixed: three.mixed,
          mixedWritesPerSecond: mixedWrites(three.mixed),
        },
        bareReads,
        storeRawInserts: raw,
      },
      reviews: { before, after: afterSoak.after, soakStored: afterSoak.verdict.stored },
      eventPathIdleMs: afterSoak.eventPathIdleMs,
      checks,
    };
    const visibilityTable = markdownTable(
      ['write through', 'read on', 'writes', 'p50 ms', 'max ms', 'seen on the first read'],
      pairs.map((pair) => [
        `api ${pair.writer}`,
        `api ${pair.reader}`,
        pair.writes,
        pair.p50Ms,
        pair.maxMs,
        `${pair.seenOnFirstRead} of ${pair.writes}`,
      ]),
    );
    const throughputTable = markdownTable(
      [
        'through HAProxy',
        'reads only req/s',
        'p50/p99 ms',
        'mixed req/s',
        'p50/p99 ms',
        'mixed writes/s',
      ],
      [
        [
          '1 replica',
          one.reads.requestsPerSecond,
          `${one.reads.p50Ms}/${one.reads.p99Ms}`,
          one.mixed.requestsPerSecond,
          `${one.mixed.p50Ms}/${one.mixed.p99Ms}`,
          mixedWrites(one.mixed),
        ],
        [
          `${API_PROCESSES} replicas`,
          three.reads.requestsPerSecond,
          `${three.reads.p50Ms}/${three.reads.p99Ms}`,
          three.mixed.requestsPerSecond,
          `${three.mixed.p50Ms}/${three.mixed.p99Ms}`,
          mixedWrites(three.mixed),
        ],
        [
          'bare limit',
          bareReads.requestsPerSecond,
          `${bareReads.p50Ms}/${bareReads.p99Ms}`,
          '–',
          '–',
          `${raw.insertsPerSecond} raw inserts/s`,
        ],
      ],
    );
    const restartTable = markdownTable(
      ['replica', 'drained ms', 'stopped (SIGTERM) ms', 'back in HAProxy ms'],
      restarts.map((each) => [`api ${each.index}`, each.drainedMs, each.stoppedMs, each.backMs]),
    );
    const report = [
      visibilityTable,
      throughputTable,
      restartTable,
      describeFigures('Rolling restart', restart),
      checksTable(checks),
      `Machine: ${machineBefore.cores} cores, load average ${machineBefore.loadAverage1m} before, ${machineAfter.loadAverage1m} after.`,
    ].join('\n\n');
    writeResult('cluster.json', summary);
    writeText('cluster.md', `${report}\n`);
    console.log(`\n${report}\n\n(${resultsDir}/cluster.json, cluster.md)`);
    if (checks.some((each) => !each.met)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

runBenchmark(main);
