/**
 * The storage's own limit, measured beside the API in the same run: single-document
 * `insertOne`s with the `mongodb` driver, from a number of concurrent inserters into a scratch
 * collection that is dropped afterwards. Documents are about the size of a review. For the
 * create probe, also inserts several per `insertMany`, and counter updates by `_id`.
 */
import { type Collection, MongoClient, ObjectId } from 'mongodb';
import type { Storage } from '../infra/storage';
import { percentile, round } from './support';

export const RAW_INSERTERS = 10;
export const RAW_INSERT_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);

export interface RawInserts {
  inserters: number;
  seconds: number;
  insertsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** For a mean of several runs (`meanOfRaws`): each run's inserts/s. */
  runs?: number[];
}

/**
 * Runs' figures as one: their mean rate and latencies, each run's rate kept. Around another run
 * (one just before it, one just after), the limit as the machine was during it: its speed here
 * drifts by 10–30% over a few minutes.
 */
export function meanOfRaws(runs: RawInserts[]): RawInserts {
  const mean = (pick: (run: RawInserts) => number) =>
    round(runs.reduce((sum, run) => sum + pick(run), 0) / runs.length);
  return {
    inserters: runs[0].inserters,
    seconds: round(
      runs.reduce((sum, run) => sum + run.seconds, 0),
      2,
    ),
    insertsPerSecond: mean((run) => run.insertsPerSecond),
    p50Ms: mean((run) => run.p50Ms),
    p95Ms: mean((run) => run.p95Ms),
    runs: runs.map((run) => run.insertsPerSecond),
  };
}

/**
 * Documents inserted per second from `inserters` concurrent loops over `seconds` (after a
 * warm-up): one `insertOne` per call, the storage's own limit, or `perCall` documents in one
 * `insertMany` (what a group commit of that many writes costs it).
 */
export async function rawInserts(
  mongo: MongoClient,
  inserters = RAW_INSERTERS,
  seconds = RAW_INSERT_SECONDS,
  perCall = 1,
): Promise<RawInserts> {
  return onScratch(mongo, async (scratch) => {
    const figures = await timedLoops(inserters, seconds, (sequence) =>
      perCall === 1
        ? scratch.insertOne(reviewSized(sequence))
        : scratch.insertMany(
            Array.from({ length: perCall }, (_, index) => reviewSized(sequence * perCall + index)),
          ),
    );
    const { perSecond, ...timing } = figures;
    return { inserters, ...timing, insertsPerSecond: round(perSecond * perCall) };
  });
}

function reviewSized(sequence: number) {
  return {
    _id: new ObjectId(),
    title: 'Raw insert',
    details: `Document ${sequence}: about as long as a review, which is a few sentences of text about a parcel that came on time.`,
    service: '0123456789abcdef01234567',
    authorId: '0123456789abcdef01234568',
    rating: 1 + (sequence % 5),
    criteria: { speed: 4, care: 5 },
    status: 'published',
    createdAt: new Date(),
    updatedAt: new Date(),
    pendingEvents: [],
    pending: false,
  };
}

/**
 * Single-document `updateOne`s by `_id` per second (a counter's `$inc` and a `$set`), each loop
 * on a document of its own: what a counter write costs the storage, for the create probe.
 */
export async function rawUpdates(
  mongo: MongoClient,
  updaters = RAW_INSERTERS,
  seconds = RAW_INSERT_SECONDS,
): Promise<{ seconds: number; perSecond: number; p95Ms: number }> {
  return onScratch(mongo, async (scratch) => {
    const ids = Array.from({ length: updaters }, () => new ObjectId());
    await scratch.insertMany(ids.map((_id) => ({ _id, ratingCount: 0, ratingSum: 0 })));
    return timedLoops(updaters, seconds, (sequence, loop) =>
      scratch.updateOne(
        { _id: ids[loop] },
        {
          $inc: { ratingCount: 1, ratingSum: 1 + (sequence % 5) },
          $set: { updatedAt: new Date() },
        },
      ),
    );
  });
}

/** `work` on a scratch collection made for it and dropped afterwards. */
async function onScratch<T>(mongo: MongoClient, work: (scratch: Collection) => Promise<T>) {
  const scratch = mongo.db().collection(`bench_raw_${Date.now().toString(36)}`);
  try {
    // One insert first creates the collection, so no loop measures that.
    await scratch.insertOne({ warmUp: true });
    return await work(scratch);
  } finally {
    await scratch.drop().catch(() => undefined);
  }
}

/** `loops` concurrent loops calling `operation` until `seconds` have passed: rate and latency. */
async function timedLoops(
  loops: number,
  seconds: number,
  operation: (sequence: number, loop: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  let sequence = 0;
  const loop = async (index: number) => {
    while (Date.now() < end) {
      sequence += 1;
      const started = performance.now();
      await operation(sequence, index);
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
  const elapsed = (Date.now() - started) / 1000;
  return {
    seconds: round(elapsed, 2),
    perSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
  };
}

/**
 * What the storage is, for the reports: FerretDB answers `buildInfo` with `ferretdbVersion`;
 * the handler (PostgreSQL or SQLite) when the storage object says which.
 */
export async function storageName(mongo: MongoClient, storage: Storage): Promise<string> {
  const info = await mongo.db().admin().command({ buildInfo: 1 });
  const ferretdb = info.ferretdbVersion as string | undefined;
  if (!ferretdb) return `MongoDB ${String(info.version)}`;
  const described = storage as unknown as Record<string, unknown>;
  const handler = ['handler', 'backend', 'kind'].map((key) => described[key]).find(Boolean);
  // Our own build of FerretDB answers "unknown": its version file exists only in releases.
  const name = ferretdb === 'unknown' ? 'FerretDB' : `FerretDB ${ferretdb}`;
  return handler ? `${name} (${String(handler)})` : name;
}
