/**
 * The storage's own limit, measured beside the API in the same run: single-document
 * `insertOne`s with the `mongodb` driver, from a number of concurrent inserters into a scratch
 * collection that is dropped afterwards. Documents are about the size of a review.
 */
import { MongoClient, ObjectId } from 'mongodb';
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
}

/** `insertOne`s per second from `inserters` concurrent loops over `seconds` (after a warm-up). */
export async function rawInserts(
  mongo: MongoClient,
  inserters = RAW_INSERTERS,
  seconds = RAW_INSERT_SECONDS,
): Promise<RawInserts> {
  const scratch = mongo.db().collection(`bench_raw_inserts_${Date.now().toString(36)}`);
  const latencies: number[] = [];
  try {
    // One insert first creates the collection, so no inserter measures that.
    await scratch.insertOne({ warmUp: true });
    const end = Date.now() + seconds * 1000;
    let sequence = 0;
    const loop = async () => {
      while (Date.now() < end) {
        sequence += 1;
        const started = performance.now();
        await scratch.insertOne({
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
        });
        latencies.push(performance.now() - started);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: inserters }, loop));
    const elapsed = (Date.now() - started) / 1000;
    return {
      inserters,
      seconds: round(elapsed, 2),
      insertsPerSecond: round(latencies.length / elapsed),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
    };
  } finally {
    await scratch.drop().catch(() => undefined);
  }
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
