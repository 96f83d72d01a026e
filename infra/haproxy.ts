/**
 * HAProxy from Debian's package in front of several API processes on one machine: a config of
 * our own in a temporary folder, round robin, health checks on `/api/health/ready`, and its
 * runtime API on a Unix socket to take a server out of the rotation and put it back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCommand } from './storage/debian-packages';
import {
  answeringOrStopped,
  freePort,
  startManaged,
  waitUntil,
  type Managed,
} from './storage/processes';

export interface Haproxy extends Managed {
  /** Where clients send their requests (127.0.0.1 and a free port). */
  url: string;
  /** Sends no more requests to server `index` (HAProxy's maintenance state). */
  takeOut(index: number): Promise<void>;
  /** Sends requests to server `index` again, once its health check passes. */
  putBack(index: number): Promise<void>;
  /** Requests server `index` is answering now. */
  inFlight(index: number): Promise<number>;
  /** Requests HAProxy has sent to server `index` so far. */
  sent(index: number): Promise<number>;
  /** Whether HAProxy sends requests to server `index`: its health check passed, not taken out. */
  isUp(index: number): Promise<boolean>;
}

const BACKEND = 'apis';

function serverName(index: number): string {
  return `api${index}`;
}

/** Makes sure `haproxy` is on the PATH, installing Debian's package when we are root. */
export function ensureHaproxy(log: (line: string) => void = console.log): Promise<void> {
  return ensureCommand(
    'haproxy',
    'haproxy',
    'HAProxy is missing: install it (Debian: apt-get install haproxy)',
    log,
  );
}

/**
 * The config. A health check every second, answered within 5 s (the readiness checks take 2 s
 * at most, more on a loaded machine: a check timeout of `inter` took every replica out under
 * load, and HAProxy answered 503); three failures take a server out, one success puts it back.
 * A request is sent again, to another server (`option redispatch`), when its connection was
 * refused, or when the server closed a kept-alive connection without answering: a replica
 * stopping closes its idle connections, and one may cross a request HAProxy just sent on it,
 * which Node drops unread. A server that dies while it runs a request (a crash, not a stop) may
 * have carried out a write sent again this way: clients send writes with an Idempotency-Key.
 */
export function haproxyConfig(options: {
  port: number;
  servers: number[];
  adminSocket: string;
}): string {
  const servers = options.servers.map(
    (port, index) => `  server ${serverName(index)} 127.0.0.1:${port} check inter 1s fall 3 rise 1`,
  );
  return [
    'global',
    `  stats socket ${options.adminSocket} mode 600 level admin`,
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    '  timeout check 5s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend site',
    `  bind 127.0.0.1:${options.port}`,
    '  option forwardfor',
    `  default_backend ${BACKEND}`,
    `backend ${BACKEND}`,
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    ...servers,
    '',
  ].join('\n');
}

/** Sends one command to HAProxy's runtime API and answers its reply. */
function runtimeCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let reply = '';
    connection.on('data', (chunk) => (reply += chunk.toString()));
    connection.on('end', () => resolve(reply));
    connection.on('error', reject);
    connection.end(`${command}\n`);
  });
}

/** One server's row of `show stat` (CSV), by column name. */
async function serverStat(socket: string, index: number): Promise<Record<string, string>> {
  const [header, ...rows] = (await runtimeCommand(socket, 'show stat')).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const row = rows
    .map((line) => line.split(','))
    .find((cells) => cells[0] === BACKEND && cells[1] === serverName(index));
  if (!row) throw new Error(`HAProxy has no server ${serverName(index)}.`);
  return Object.fromEntries(columns.map((column, at) => [column, row[at]]));
}

/**
 * Starts HAProxy in front of the API processes on `servers` (their ports) and resolves once it
 * sends requests to every one of them.
 */
export async function startHaproxy(
  servers: number[],
  log: (line: string) => void = console.log,
): Promise<Haproxy> {
  await ensureHaproxy(log);
  const dir = mkdtempSync(join(tmpdir(), 'service-critic-haproxy-'));
  const port = await freePort();
  const adminSocket = join(dir, 'admin.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port, servers, adminSocket }));
  // -q: its alerts only.
  const managed = startManaged('haproxy', 'haproxy', ['-db', '-q', '-f', configFile], {
    detached: true,
  });
  const isUp = async (index: number) => (await serverStat(adminSocket, index)).status === 'UP';
  const balancer: Haproxy = {
    ...managed,
    url: `http://127.0.0.1:${port}`,
    takeOut: async (index) => {
      await runtimeCommand(adminSocket, `set server ${BACKEND}/${serverName(index)} state maint`);
    },
    putBack: async (index) => {
      await runtimeCommand(adminSocket, `set server ${BACKEND}/${serverName(index)} state ready`);
      await waitUntil(`HAProxy's server ${serverName(index)}`, () => isUp(index), 30_000);
    },
    inFlight: async (index) => Number((await serverStat(adminSocket, index)).scur),
    sent: async (index) => Number((await serverStat(adminSocket, index)).stot),
    isUp,
    stop: async () => {
      await managed.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await answeringOrStopped(
      managed,
      'HAProxy',
      async () => (await Promise.all(servers.map((_, index) => isUp(index)))).every(Boolean),
      30_000,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return balancer;
}
