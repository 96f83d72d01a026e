import { join } from 'node:path';
import { startFerretDB } from './ferretdb';
import { startPostgres } from './postgres';
import { displayPath } from './paths';
import type { Managed } from './processes';

export interface EmbeddedStoreOptions {
  /** Holds `postgres/`, or `ferretdb/` when FerretDB falls back to SQLite. */
  dataDir: string;
  ferretdbPort: number;
  postgresPort: number;
  /** fsync on: `make run`'s data must survive a crash; a test's need not. */
  durable: boolean;
  database: string;
  quiet?: boolean;
  log: (line: string) => void;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * FerretDB over a PostgreSQL cluster of our own, or over SQLite when no PostgreSQL can be had.
 * Pushes each process it starts onto `started` (the caller stops them in reverse) and answers
 * the MongoDB URL.
 */
export async function startEmbeddedStore(
  options: EmbeddedStoreOptions,
  started: Managed[],
): Promise<string> {
  const { log, ferretdbPort } = options;
  const postgresDir = join(options.dataDir, 'postgres');
  const postgres = await startPostgres({
    dataDir: postgresDir,
    port: options.postgresPort,
    durable: options.durable,
    log,
  });
  const ferretdb = { port: ferretdbPort, database: options.database, quiet: options.quiet };
  if (typeof postgres === 'string') {
    const sqliteDir = join(options.dataDir, 'ferretdb');
    const ferret = await startFerretDB({ ...ferretdb, backend: { sqliteDir } });
    started.push(ferret);
    log(
      `No PostgreSQL (${postgres}): FerretDB on 127.0.0.1:${ferretdbPort} falls back to SQLite, data in ${displayPath(sqliteDir)}.`,
    );
    return ferret.url;
  }
  started.push(postgres);
  const ferret = await startFerretDB({
    ...ferretdb,
    backend: { postgresqlUrl: postgres.ferretdbUrl },
  });
  started.push(ferret);
  const created = postgres.initMs === undefined ? '' : `created in ${seconds(postgres.initMs)}, `;
  log(
    `FerretDB on 127.0.0.1:${ferretdbPort} over PostgreSQL ${postgres.major} on 127.0.0.1:${options.postgresPort} (data in ${displayPath(postgresDir)}): ${created}started in ${seconds(postgres.startMs)}.`,
  );
  return ferret.url;
}
