import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { findPostgres, type PostgresBinaries } from './postgres-binaries';
import {
  SetupError,
  answeringOrStopped,
  runToEnd,
  startManaged,
  type Managed,
  type Service,
} from './processes';
import { repoRoot } from './paths';
import { FERRETDB_LIMITS } from './ferretdb';

/** The database FerretDB keeps its collections in (its own default name). */
const FERRETDB_DATABASE = 'ferretdb';
/** initdb's superuser, named the same whoever runs the cluster. */
const SUPERUSER = 'postgres';
const SETUP_SQL = join(repoRoot, 'infra', 'storage', 'postgres-setup.sql');
const LOG_FILE = 'postgresql.log';

const HBA = `# Written by infra/storage/postgres.ts: this machine's connections only, without passwords.
local all all trust
host all all 127.0.0.1/32 trust
`;

export interface PostgresOptions {
  /** Absolute path of the cluster; it also holds the server's Unix socket and log. */
  dataDir: string;
  port: number;
  /** fsync and full-page writes: on for `make run`, off for throwaway test clusters. */
  durable: boolean;
  log: (line: string) => void;
}

export interface Postgres extends Service {
  major: number;
  /** What FerretDB's `-postgresql-url` takes: the superuser over the cluster's socket. */
  ferretdbUrl: string;
  /** Milliseconds spent in initdb, when this start created the cluster. */
  initMs?: number;
  /** Milliseconds from starting the server to its first accepted connection. */
  startMs: number;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** initdb refuses root: as root we run the cluster as the `postgres` user Debian's package makes. */
async function runAs(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = await Promise.all(
    ['-u', '-g'].map((flag) => runToEnd('id', [flag, SUPERUSER]).catch(() => '')),
  );
  const [uid, gid] = ids.map((id) => id.trim());
  if (!/^\d+$/.test(uid) || !/^\d+$/.test(gid)) {
    throw new SetupError(
      `PostgreSQL cannot run as root and there is no "${SUPERUSER}" user: reinstall Debian's postgresql package, or set MONGO_URL.`,
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/** Lets the cluster's owner reach its data directory through directories root made. */
function makeTraversable(dir: string, log: (line: string) => void): void {
  for (let current = dirname(dir); ; current = dirname(current)) {
    const mode = statSync(current).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      log(`Let the ${SUPERUSER} user through ${current} (chmod o+x) to reach its data.`);
    }
    if (current === dirname(current)) return;
  }
}

function existingMajor(dataDir: string): number | undefined {
  const versionFile = join(dataDir, 'PG_VERSION');
  return existsSync(versionFile) ? Number(readFileSync(versionFile, 'utf8').trim()) : undefined;
}

async function initCluster(
  binaries: PostgresBinaries,
  options: PostgresOptions,
  owner: RunAs | undefined,
): Promise<void> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  if (owner) {
    chownSync(options.dataDir, owner.uid, owner.gid);
    makeTraversable(options.dataDir, options.log);
  }
  const args = ['-D', options.dataDir, '-U', SUPERUSER, '-E', 'UTF8', '--locale=C'];
  if (!options.durable) args.push('--no-sync');
  try {
    await runToEnd(join(binaries.bin, 'initdb'), args, { cwd: '/', ...owner });
  } catch (error) {
    throw new SetupError(`Creating the PostgreSQL cluster failed: ${(error as Error).message}`);
  }
  const hba = join(options.dataDir, 'pg_hba.conf');
  writeFileSync(hba, HBA);
  if (owner) chownSync(hba, owner.uid, owner.gid);
}

/** Server settings, given as `-c` options so that they hold whatever postgresql.conf says. */
function serverSettings(options: PostgresOptions): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(options.port),
    unix_socket_directories: options.dataDir,
    fsync: options.durable ? 'on' : 'off',
    full_page_writes: options.durable ? 'on' : 'off',
    synchronous_commit: options.durable ? 'on' : 'off',
    // FerretDB sends field names as bound parameters; expression indexes match only in custom plans.
    plan_cache_mode: 'force_custom_plan',
    // FerretDB's whole pool, and room for psql and a person looking in.
    max_connections: String(FERRETDB_LIMITS.poolSize + 10),
  };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

function lastLogLine(logPath: string): string {
  const lines = existsSync(logPath) ? readFileSync(logPath, 'utf8').trim().split('\n') : [];
  return lines.at(-1) ?? '';
}

function psql(binaries: PostgresBinaries, options: PostgresOptions, args: string[]) {
  return runToEnd(join(binaries.bin, 'psql'), [
    ...['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', options.dataDir],
    ...['-p', String(options.port), '-U', SUPERUSER],
    ...args,
  ]);
}

/** Creates FerretDB's database when missing and applies postgres-setup.sql to it. */
async function setUpDatabase(binaries: PostgresBinaries, options: PostgresOptions): Promise<void> {
  const exists = await psql(binaries, options, [
    ...['-d', 'postgres', '-tA', '-c'],
    `SELECT 1 FROM pg_database WHERE datname = '${FERRETDB_DATABASE}'`,
  ]);
  if (exists.trim() !== '1') {
    await psql(binaries, options, ['-d', 'postgres', '-c', `CREATE DATABASE ${FERRETDB_DATABASE}`]);
  }
  await psql(binaries, options, ['-d', FERRETDB_DATABASE, '-f', SETUP_SQL]);
}

/**
 * Starts a PostgreSQL cluster of our own in `dataDir` (created with initdb on first use) on
 * 127.0.0.1:`port`, with its log in the data directory. Answers why not instead when no
 * PostgreSQL can be had on this machine. Stopping it is a fast shutdown (SIGINT), killed if
 * still running after 30 s.
 */
export async function startPostgres(options: PostgresOptions): Promise<Postgres | string> {
  const clusterMajor = existingMajor(options.dataDir);
  const binaries = await findPostgres(clusterMajor, options.log);
  if (typeof binaries === 'string') return binaries;
  if (clusterMajor !== undefined && clusterMajor !== binaries.major) {
    throw new SetupError(
      `${options.dataDir} holds a PostgreSQL ${clusterMajor} cluster, but only PostgreSQL ${binaries.major} is installed: install PostgreSQL ${clusterMajor}, or delete the directory to start afresh.`,
    );
  }
  const owner = await runAs();

  let initMs: number | undefined;
  if (clusterMajor === undefined) {
    const initStart = Date.now();
    await initCluster(binaries, options, owner);
    initMs = Date.now() - initStart;
  }

  const logPath = join(options.dataDir, LOG_FILE);
  const logFd = openSync(logPath, 'a', 0o600);
  const started = Date.now();
  const managed = startManaged(
    'postgres',
    join(binaries.bin, 'postgres'),
    ['-D', options.dataDir, ...serverSettings(options)],
    {
      stdio: ['ignore', logFd, logFd],
      detached: true,
      cwd: '/',
      stopSignal: 'SIGINT',
      // Its shutdown checkpoint writes every dirty page first.
      stopGraceMs: 30_000,
      ...owner,
    },
  );
  closeSync(logFd);
  const where = `PostgreSQL on 127.0.0.1:${options.port}`;
  const ready = () =>
    runToEnd(join(binaries.bin, 'pg_isready'), [
      ...['-q', '-t', '2', '-h', options.dataDir, '-p', String(options.port)],
    ]).then(
      () => true,
      () => false,
    );
  try {
    await answeringOrStopped(managed, where, ready, 60_000);
  } catch (error) {
    throw new SetupError(
      `${(error as Error).message} Its log (${logPath}) ends: ${lastLogLine(logPath)}`,
    );
  }
  const startMs = Date.now() - started;
  try {
    await setUpDatabase(binaries, options);
  } catch (error) {
    await managed.stop();
    throw new SetupError(`Setting up PostgreSQL for FerretDB failed: ${(error as Error).message}`);
  }
  const socket = encodeURIComponent(options.dataDir);
  return {
    ...managed,
    major: binaries.major,
    ferretdbUrl: `postgres://${SUPERUSER}@127.0.0.1:${options.port}/${FERRETDB_DATABASE}?host=${socket}`,
    initMs,
    startMs,
    ready,
    startAgain: async () => {
      const again = await startPostgres(options);
      if (typeof again === 'string') throw new SetupError(again);
      return again;
    },
  };
}

/** The ids of the processes whose parent is `pid`, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after it.
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid) children.push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return children;
}

/**
 * Sends `signal` to a cluster started by startPostgres: to the postmaster and, at the same moment,
 * to every backend and auxiliary process it forked (each of those leads a process group of its
 * own, so a signal to the postmaster's group does not reach them). For fault tests: SIGSTOP
 * wedges it, SIGCONT lets it go on.
 */
export function signalCluster(postgres: Managed, signal: NodeJS.Signals): void {
  const pid = postgres.child.pid;
  if (pid === undefined) return;
  for (const target of [pid, ...childrenOf(pid)]) {
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Crashes a cluster started by startPostgres, for fault tests: SIGKILL to all its processes at
 * once (signalCluster). Resolves once the postmaster is gone. Start it again with startPostgres
 * on the same directory and port: it recovers from its WAL.
 */
export async function crashPostgres(postgres: Managed): Promise<void> {
  const { child } = postgres;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalCluster(postgres, 'SIGKILL');
  await exited;
}
