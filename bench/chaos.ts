/**
 * The fault run (`make bench-chaos`): the soak's mixed traffic (bench/soak.ts) on 100
 * connections spread over two API processes while, one at a time and `CHAOS_FAULT_EVERY_S`
 * apart, FerretDB, PostgreSQL, Redis, the worker and one API process are killed with SIGKILL,
 * and Redis loses every key once (FLUSHALL). `make run`'s supervisor starts each killed process
 * again (bench/chaos-stack.ts). Once the soak ends and the event path is idle, it checks every
 * acknowledged write against the store, the lists, the audit trail and the notifications
 * (bench/soak-checks.ts), that no 5xx came outside an outage, how long each outage lasted until
 * the API said it was ready again, and the API processes' peak resident memory.
 */
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { sleep } from '../infra/storage/processes';
import { startSupervisedStack, type Component, type SupervisedStack } from './chaos-stack';
import { seedData } from './dataset';
import {
  SOAK_CONNECTIONS,
  soakDatasetSizes,
  describeFigures,
  isNetworkError,
  isServerError,
  servicesByPopularity,
  soak,
  soakers,
  soakFigures,
  warmCaches,
  type Attempt,
} from './soak';
import {
  carriedOutUnacknowledged,
  checkAfterSoak,
  checksTable,
  reviewCount,
  rssCheck,
  type Check,
} from './soak-checks';
import {
  cleanUpOnSignal,
  markdownTable,
  peakRssMb,
  resultsDir,
  round,
  runBenchmark,
  writeResult,
  writeText,
} from './support';

const FAULT_EVERY_S = Number(process.env.CHAOS_FAULT_EVERY_S ?? 15);
const API_PROCESSES = 2;
/** The API process killed (the other keeps serving its connections and those sent over). */
const KILLED_API = 1;
/** An outage that lasts longer than this is reported as not over. */
const OUTAGE_LIMIT_MS = 120_000;
const DRAIN_LIMIT_MS = 90_000;
const SAMPLE_EVERY_MS = 1000;

/**
 * Redis is the run's own, and only the app writes to it, so FLUSHALL loses exactly the app's
 * keys (`<prefix>:*`), and at once: deleting the prefix's keys would take a SCAN and many DELs
 * while the app keeps writing, and leave what it wrote meanwhile.
 */
type Fault = { kill: Component; index?: number } | { flushAll: true };

const FAULTS: Fault[] = [
  { kill: 'ferretdb' },
  { kill: 'postgres' },
  { kill: 'redis' },
  { kill: 'worker' },
  { kill: 'api', index: KILLED_API },
  { flushAll: true },
];

/** The soak's bound: every fault's interval, and each outage at its limit. */
const MAX_SECONDS = (FAULTS.length + 1) * FAULT_EVERY_S + (FAULTS.length * OUTAGE_LIMIT_MS) / 1000;

function faultName(fault: Fault): string {
  if ('flushAll' in fault) return 'Redis FLUSHALL';
  return `SIGKILL ${fault.kill}${fault.index === undefined ? '' : ` ${fault.index}`}`;
}

interface Outage {
  fault: string;
  /** Date.now() at the fault, and when every API process said it was ready again. */
  at: number;
  readyAt?: number;
}

/** Whether the API process at `apiUrl` says it is ready (`/api/health/ready`). */
async function ready(apiUrl: string): Promise<boolean> {
  const response = await fetch(`${apiUrl}/api/health/ready`, {
    signal: AbortSignal.timeout(2000),
  }).catch(() => undefined);
  return response?.status === 200;
}

/** Causes the fault; answers when every API process and the component are ready again. */
async function inflict(stack: SupervisedStack, fault: Fault): Promise<Outage> {
  const outage: Outage = { fault: faultName(fault), at: Date.now() };
  if ('flushAll' in fault) {
    const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
    await redis.flushall().finally(() => redis.disconnect());
  } else {
    await stack.kill(fault.kill, fault.index);
    // The supervisor sees it die before it says anything of its state.
    await sleep(100);
  }
  while (Date.now() - outage.at < OUTAGE_LIMIT_MS) {
    const componentUp = 'flushAll' in fault || stack.up(fault.kill, fault.index);
    const apisReady = await Promise.all(stack.apiUrls.map(ready));
    if (componentUp && apisReady.every(Boolean)) {
      outage.readyAt = Date.now();
      break;
    }
    await sleep(250);
  }
  console.log(
    `${outage.fault}: ready again after ${outage.readyAt ? `${round((outage.readyAt - outage.at) / 1000)} s` : 'never'}`,
  );
  return outage;
}

/**
 * The faults, `FAULT_EVERY_S` apart from the soak's start (later when an outage lasts longer),
 * then one more interval of soak after the last outage.
 */
async function faults(stack: SupervisedStack): Promise<Outage[]> {
  const outages: Outage[] = [];
  const start = Date.now();
  for (const [index, fault] of FAULTS.entries()) {
    await sleep(Math.max(0, start + (index + 1) * FAULT_EVERY_S * 1000 - Date.now()));
    outages.push(await inflict(stack, fault));
  }
  await sleep(FAULT_EVERY_S * 1000);
  return outages;
}

/** An attempt in flight at any moment of an outage (from the fault to readiness). */
function during(attempt: Attempt, outages: Outage[]): Outage | undefined {
  return outages.find(
    (outage) => attempt.end >= outage.at && attempt.start <= (outage.readyAt ?? Infinity),
  );
}

/** Samples the API processes' peak resident memory, across restarts. */
function watchApiRss(stack: SupervisedStack): { stop(): number } {
  let peak = 0;
  const sample = () => {
    for (let index = 0; index < API_PROCESSES; index += 1) {
      for (const pid of stack.pids('api', index)) peak = Math.max(peak, peakRssMb(pid));
    }
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function main(): Promise<void> {
  const sizes = soakDatasetSizes();
  let stopStack: (() => Promise<void>) | undefined;
  let mongo: MongoClient | undefined;
  // The stack first: from then on, a process that dies (Ctrl-C reaches the API and worker too)
  // is not started again.
  const stopAll = async () => {
    await Promise.all([stopStack?.(), mongo?.close()]);
  };
  cleanUpOnSignal(stopAll);
  try {
    console.log(`Seeding ${sizes.services} services and ${sizes.reviews} reviews…`);
    const stack = await startSupervisedStack({
      apiProcesses: API_PROCESSES,
      prepare: (env) => seedData(env, sizes),
      onStop: (stop) => (stopStack = stop),
    });
    mongo = await new MongoClient(stack.mongoUrl).connect();
    const services = await servicesByPopularity(mongo);
    const soaker = await soakers(stack.apiUrls, services, SOAK_CONNECTIONS, 'chaos');
    await warmCaches(stack.apiUrls, services);

    const before = await reviewCount(mongo);
    console.log(
      `Soak: ${(FAULTS.length + 1) * FAULT_EVERY_S} s or more, ${SOAK_CONNECTIONS} connections over ${API_PROCESSES} API processes, a fault every ${FAULT_EVERY_S} s…`,
    );
    const rss = watchApiRss(stack);
    const soakStart = Date.now();
    const sinceStart = (at: number) => round((at - soakStart) / 1000);
    const described = (attempt: Attempt) => ({
      kind: attempt.kind,
      api: attempt.api,
      atS: sinceStart(attempt.start),
      ms: attempt.end - attempt.start,
      status: attempt.status,
    });
    const faulted = faults(stack);
    const [run, outages] = await Promise.all([
      soak(soaker, MAX_SECONDS, { until: faulted }),
      faulted,
    ]);
    const apiPeakRss = rss.stop();
    const figures = soakFigures(run);

    const afterSoak = await checkAfterSoak(
      { ...stack, mongo, apiUrl: stack.apiUrls[0] },
      run,
      before,
      DRAIN_LIMIT_MS,
    );
    const { verdict } = afterSoak;

    const outside = run.attempts.filter(
      (attempt) =>
        (isServerError(attempt.status) || isNetworkError(attempt.status)) &&
        !during(attempt, outages),
    );
    const outageRows = outages.map((outage) => {
      const inside = run.attempts.filter((attempt) => during(attempt, [outage]));
      return {
        fault: outage.fault,
        atS: sinceStart(outage.at),
        readyAfterS: outage.readyAt ? round((outage.readyAt - outage.at) / 1000) : null,
        serverErrors: inside.filter((attempt) => isServerError(attempt.status)).length,
        networkErrors: inside.filter((attempt) => isNetworkError(attempt.status)).length,
      };
    });
    const statusesOutside = outside.reduce<Record<string, number>>((counts, attempt) => {
      counts[attempt.status] = (counts[attempt.status] ?? 0) + 1;
      return counts;
    }, {});
    const checks: Check[] = [
      {
        check: 'no 5xx, network error or timeout outside the outages',
        measured: `${outside.length} ${JSON.stringify(statusesOutside)}; writes carried out though not acknowledged: ${carriedOutUnacknowledged(verdict)}`,
        met: outside.length === 0,
      },
      {
        check: 'no 500 (an unexpected error), outages included',
        measured: String(figures.statuses['500'] ?? 0),
        met: (figures.statuses['500'] ?? 0) === 0,
      },
      {
        check: `every outage over (ready again) within ${OUTAGE_LIMIT_MS / 1000} s`,
        measured: `${outages.length} of ${FAULTS.length} faults caused: ${outageRows.map((row) => `${row.fault} ${row.readyAfterS ?? 'never'}`).join(', ')}`,
        met:
          outages.length === FAULTS.length &&
          outages.every((outage) => outage.readyAt !== undefined),
      },
      ...afterSoak.checks,
      rssCheck('API processes', apiPeakRss),
    ];
    const summary = {
      date: new Date().toISOString(),
      soakStartedAt: new Date(soakStart).toISOString(),
      dataset: sizes,
      connections: SOAK_CONNECTIONS,
      apiProcesses: API_PROCESSES,
      seconds: round(run.seconds),
      faultEverySeconds: FAULT_EVERY_S,
      figures,
      outages: outageRows,
      failuresOutsideOutages: outside.map(described),
      unexpectedErrors: run.attempts.filter((attempt) => attempt.status === '500').map(described),
      restarts: stack.restarts(),
      reviews: { before, after: afterSoak.after, soakStored: verdict.stored },
      unacknowledged: verdict.unacknowledged,
      carriedOutUnacknowledged: verdict.carriedOut,
      eventPathIdleMs: afterSoak.eventPathIdleMs,
      apiPeakRssMb: apiPeakRss,
      checks,
    };
    const outagesTable = markdownTable(
      ['fault', 'at s', 'ready again after s', '5xx during', 'no answer during'],
      outageRows.map((row) => [
        row.fault,
        row.atS,
        row.readyAfterS ?? 'never',
        row.serverErrors,
        row.networkErrors,
      ]),
    );
    const report = `${describeFigures('Chaos soak', figures)}\n\n${outagesTable}\n\n${checksTable(checks)}\n`;
    writeResult('chaos.json', summary);
    writeText('chaos.md', report);
    console.log(`\n${report}\n(${resultsDir}/chaos.json, chaos.md)`);
    if (checks.some((each) => !each.met)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

runBenchmark(main);
