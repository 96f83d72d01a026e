import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../infra/storage/processes';
import { uniqueTag } from '../../../frontend/e2e/unique-tag';

const repoRoot = join(__dirname, '..', '..', '..');

/** `describe` when the backend is built (run.ts starts dist/), else skipped. */
export const describeBuilt = existsSync(join(repoRoot, 'backend', 'dist', 'main.js'))
  ? describe
  : describe.skip;

/** Every process below `root`, by its parent links in /proc, with its command line. */
export function descendants(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // It exited while we looked.
    }
  }
  const found = new Map<number, string>();
  const visit = (parent: number) => {
    for (const [pid, ppid] of parents) {
      if (ppid !== parent || found.has(pid)) continue;
      try {
        found.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
      } catch {
        continue; // It exited while we looked.
      }
      visit(pid);
    }
  };
  visit(root);
  return found;
}

export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The ports `make run` is told to use: free ones, so that it runs beside anything else. */
export async function makeRunPorts() {
  return {
    PORT: await freePort(),
    FERRETDB_PORT: await freePort(),
    POSTGRES_PORT: await freePort(),
    REDIS_PORT: await freePort(),
    MAIL_SMTP_PORT: await freePort(),
    MAIL_WEB_PORT: await freePort(),
    WORKER_HEALTH_PORT: await freePort(),
  };
}

export interface MakeRun {
  child: ChildProcess;
  /** Everything it printed so far, both streams. */
  output(): string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** Resolves once it has printed `text`; fails when it exits first or after `timeoutMs`. */
  waitForOutput(text: string, timeoutMs: number): Promise<void>;
}

/**
 * Starts `infra/run.ts` as `make run` does, in a process group of its own, on `ports` and its
 * own storage in `dataDir` (not the suite's: MONGO_URL and the like are left out).
 */
export function startMakeRun(
  ports: Record<string, number>,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
): MakeRun {
  const env = { ...process.env };
  for (const name of ['MONGO_URL', 'REDIS_URL', 'REDIS_PREFIX', 'JWT_SECRET', 'ADMIN_PASSWORD']) {
    delete env[name];
  }
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/run.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...extraEnv,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitForOutput = (text: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const poll = setInterval(() => {
        if (output.includes(text)) resolve();
        else if (child.exitCode !== null || Date.now() > deadline) {
          reject(new Error(`no "${text}" in:\n${output}`));
        } else return;
        clearInterval(poll);
      }, 200);
    });
  return { child, output: () => output, exited, waitForOutput };
}

/** Signs in as the admin `make run` seeded; answers the access token. */
export async function signInAsAdmin(base: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@servicecritic.local', password }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Adds a service titled `${name} Courier <tag>`: an acknowledged write. */
export function addService(base: string, accessToken: string, name: string): Promise<Response> {
  return fetch(`${base}/api/addservices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      title: `${name} Courier ${uniqueTag()}`,
      price: 20,
      image: '/images/services/test.svg',
      details: 'Parcels across town before the evening.',
    }),
  });
}
