/**
 * The soak run (`make bench-load`): against the API started as `make run` does, 60 s of reads
 * only, then 60 s of the mixed traffic (bench/soak.ts), each on 100 connections. Reports each
 * one's throughput and latencies, the mixed run's throughput as a share of the reads-only one,
 * and checks that nothing was lost (the reviews, counters, lists, audit entries and
 * notifications against every acknowledged write), that no answer was a 5xx, and the API
 * process's peak resident memory.
 */
import { startAppProcesses, type AppProcesses } from '../infra/app-processes';
import { freePort } from '../infra/storage/processes';
import { seededDataset, type Dataset } from './dataset';
import { meanOfRaws, rawInserts } from './raw-inserts';
import {
  SOAK_CONNECTIONS,
  soakDatasetSizes,
  soak,
  soakFigures,
  soakers,
  describeFigures,
  servicesByPopularity,
  warmCaches,
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
  peakRssMb,
  resultsDir,
  round,
  runBenchmark,
  writeResult,
} from './support';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** The mixed traffic's throughput against the reads-only one's (issue 46). */
const MIN_MIXED_SHARE = 0.5;
const MAX_MIXED_P99_MS = 250;
/** How long the event path may take to finish the soak's writes before the checks. */
const DRAIN_LIMIT_MS = 60_000;

async function main(): Promise<void> {
  const sizes = soakDatasetSizes();
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
    const apiUrls = [app.baseUrl];
    const services = await servicesByPopularity(dataset.mongo);
    const soaker = await soakers(apiUrls, services, SOAK_CONNECTIONS, 'soak');
    await warmCaches(apiUrls, services);

    console.log(`Reads only: ${SECONDS} s, ${SOAK_CONNECTIONS} connections…`);
    const readOnly = soakFigures(await soak(soaker, SECONDS, { readOnly: true }));
    const before = await reviewCount(dataset.mongo);
    // The store's own limit beside the mixed run, just before and just after it: this machine's
    // speed drifts over minutes.
    const rawBefore = await rawInserts(dataset.mongo);
    console.log(`Mixed: ${SECONDS} s, ${SOAK_CONNECTIONS} connections…`);
    const mixedRun = await soak(soaker, SECONDS);
    const mixed = soakFigures(mixedRun);
    const raw = meanOfRaws([rawBefore, await rawInserts(dataset.mongo)]);
    const { create, edit, delete: remove } = mixed.succeeded;
    const writesPerSecond = round((create + edit + remove) / mixed.seconds);
    const peakRss = peakRssMb(app.api.child.pid as number);

    const afterSoak = await checkAfterSoak(
      { ...dataset.storage, mongo: dataset.mongo, apiUrl: app.baseUrl },
      mixedRun,
      before,
      DRAIN_LIMIT_MS,
    );
    const { verdict } = afterSoak;
    const share = round(mixed.requestsPerSecond / readOnly.requestsPerSecond, 3);
    const checks: Check[] = [
      {
        check: '5xx answers = 0 (both runs)',
        measured: `${readOnly.serverErrors + mixed.serverErrors}; writes carried out though not acknowledged: ${carriedOutUnacknowledged(verdict)}`,
        met: readOnly.serverErrors + mixed.serverErrors === 0,
      },
      {
        check: 'network errors and timeouts = 0 (both runs)',
        measured: String(readOnly.networkErrors + mixed.networkErrors),
        met: readOnly.networkErrors + mixed.networkErrors === 0,
      },
      rssCheck('API', peakRss),
      {
        check: `mixed req/s ≥ ${MIN_MIXED_SHARE * 100}% of reads only`,
        measured: `${round(share * 100)}% (${mixed.requestsPerSecond} / ${readOnly.requestsPerSecond})`,
        met: share >= MIN_MIXED_SHARE,
      },
      {
        check: `mixed p99 ≤ ${MAX_MIXED_P99_MS} ms`,
        measured: `${mixed.p99Ms} ms`,
        met: mixed.p99Ms <= MAX_MIXED_P99_MS,
      },
      ...afterSoak.checks,
    ];
    const summary = {
      date: new Date().toISOString(),
      dataset: sizes,
      connections: SOAK_CONNECTIONS,
      seconds: SECONDS,
      readOnly,
      mixed,
      mixedShareOfReadOnly: share,
      mixedWritesPerSecond: writesPerSecond,
      storeRawInserts: raw,
      reviews: { before, after: afterSoak.after, soakStored: verdict.stored },
      unacknowledged: verdict.unacknowledged,
      carriedOutUnacknowledged: verdict.carriedOut,
      eventPathIdleMs: afterSoak.eventPathIdleMs,
      apiPeakRssMb: peakRss,
      checks,
    };
    writeResult('load.json', summary);
    console.log(`\n${describeFigures('Reads only', readOnly)}`);
    console.log(describeFigures('Mixed', mixed));
    console.log(
      `Mixed writes: ${writesPerSecond}/s, ${round((100 * writesPerSecond) / raw.insertsPerSecond)}% of the store's raw single-document inserts (${raw.insertsPerSecond}/s from ${raw.inserters} inserters, before and after: ${raw.runs?.join(' and ')})\n`,
    );
    console.log(checksTable(checks));
    console.log(`\n(${resultsDir}/load.json)`);
    if (checks.some((each) => !each.met)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

runBenchmark(main);
