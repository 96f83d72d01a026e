import { MongoClient } from 'mongodb';
import { buildGoProgram, installGo } from '../go-program';
import { mkdirSync } from 'node:fs';
import { answeringOrStopped, startManaged, type Service } from './processes';
import { withTimeout } from '../../backend/src/common/with-timeout';

/**
 * FerretDB v1.24.2 wedges for good once its PostgreSQL pool runs dry (docs/operations.md, "The
 * embedded store's bound"). Our program (infra/ferretdb) lets at most `maxInFlight` commands into
 * it at once, whatever the clients, and refuses a pool smaller than two connections per command
 * plus four.
 */
export const FERRETDB_LIMITS = { poolSize: 50, maxInFlight: 20 };

/** Builds our embedded FerretDB into .tools/bin unless the binary is newer than its sources. */
export function buildFerretDB(log: (line: string) => void = console.log): Promise<string> {
  return buildGoProgram(
    {
      folder: 'ferretdb',
      binary: 'ferretdb',
      building: 'Building the embedded FerretDB (first run only, about two minutes)…',
      goMissing: `No MongoDB is configured and Go is missing: ${installGo('1.24')} to build the embedded FerretDB, or set MONGO_URL to a MongoDB server.`,
    },
    log,
  );
}

export async function pingMongo(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Whether the store answers a real read: an `_id` lookup in one of the database's collections.
 * FerretDB answers a ping, and a read of a missing collection, without its PostgreSQL, so those
 * said "up" while it was wedged. The deadline is ours: FerretDB ignores maxTimeMS in places.
 */
export async function readsMongo(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
  });
  const read = async () => {
    const db = client.db();
    const [collection] = await db.listCollections({}, { nameOnly: true }).toArray();
    if (!collection) return db.command({ ping: 1 });
    return db
      .collection<{ _id: string }>(collection.name)
      .findOne({ _id: 'readiness-probe' }, { maxTimeMS: timeoutMs });
  };
  try {
    await withTimeout(read(), timeoutMs);
    return true;
  } catch {
    return false;
  } finally {
    await client.close(true).catch(() => undefined);
  }
}

/** FerretDB's backend: a PostgreSQL URL, or a directory for its SQLite databases. */
export type FerretDBBackend = { postgresqlUrl: string } | { sqliteDir: string };

export interface FerretDBOptions {
  port: number;
  backend: FerretDBBackend;
  database: string;
  quiet?: boolean;
}

function backendArgs(backend: FerretDBBackend): string[] {
  if ('postgresqlUrl' in backend) {
    return [
      ...['-handler', 'postgresql', '-postgresql-url', backend.postgresqlUrl],
      ...['-pool-size', String(FERRETDB_LIMITS.poolSize)],
    ];
  }
  mkdirSync(backend.sqliteDir, { recursive: true });
  return ['-handler', 'sqlite', '-data', backend.sqliteDir];
}

/** Starts FerretDB on 127.0.0.1 and resolves once it answers a ping. */
export async function startFerretDB(options: FerretDBOptions): Promise<Service & { url: string }> {
  const executable = await buildFerretDB();
  const address = `127.0.0.1:${options.port}`;
  const managed = startManaged(
    'ferretdb',
    executable,
    // At 'warn' FerretDB dumps every failed command, e.g. the drivers' unsupported endSessions.
    [
      '-listen',
      address,
      ...backendArgs(options.backend),
      ...['-max-in-flight', String(FERRETDB_LIMITS.maxInFlight)],
      '-log-level',
      'error',
      // Profiling FerretDB (bench/README.md): e.g. FERRETDB_PPROF=127.0.0.1:6061.
      ...(process.env.FERRETDB_PPROF ? ['-pprof', process.env.FERRETDB_PPROF] : []),
    ],
    { quiet: options.quiet, detached: true },
  );
  const url = `mongodb://${address}/${options.database}`;
  await answeringOrStopped(managed, `FerretDB on ${address}`, () => pingMongo(url), 30_000);
  return {
    ...managed,
    url,
    ready: () => readsMongo(url),
    startAgain: () => startFerretDB(options),
  };
}
