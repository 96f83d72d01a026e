import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaughtMail } from '../../infra/mail-catcher';
import { freePort } from '../../infra/storage/processes';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { eventually } from './support/test-worker';

const repoRoot = join(__dirname, '..', '..');
/** Longer than run.ts's 10 s grace: the worker is still busy when it is killed. */
const JOB_IN_HAND_MS = 60_000;

/** Every process below `root`, by its parent links in /proc, with its command line. */
function descendants(root: number): Map<number, string> {
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
      found.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
      visit(pid);
    }
  };
  visit(root);
  return found;
}

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once run.ts has printed `text`; fails when it exits first or after `timeoutMs`. */
function waitForOutput(
  child: ChildProcess,
  output: () => string,
  text: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const poll = setInterval(() => {
      if (output().includes(text)) resolve();
      else if (child.exitCode !== null || Date.now() > deadline) {
        reject(new Error(`no "${text}" in:\n${output()}`));
      } else return;
      clearInterval(poll);
    }, 200);
  });
}

const describeBuilt = existsSync(join(repoRoot, 'backend', 'dist', 'main.js'))
  ? describe
  : describe.skip;

describeBuilt('make run: its mail inbox, and stopped by SIGTERM to its process group', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-critic-run-'));
  let run: ChildProcess;
  let processes = new Map<number, string>();

  afterAll(() => {
    for (const pid of processes.keys()) if (running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the mail inbox, which shows a reset e-mail; stops the API, the worker holding a slow job, FerretDB, PostgreSQL, Redis and the mail catcher', async () => {
    const ports = {
      PORT: await freePort(),
      FERRETDB_PORT: await freePort(),
      POSTGRES_PORT: await freePort(),
      REDIS_PORT: await freePort(),
      MAIL_SMTP_PORT: await freePort(),
      MAIL_WEB_PORT: await freePort(),
    };
    // Not the suite's storage: run.ts starts its own, as `make run` does.
    const env = { ...process.env };
    const outside = ['MONGO_URL', 'REDIS_URL', 'REDIS_PREFIX', 'JWT_SECRET', 'ADMIN_PASSWORD'];
    for (const name of [...outside, 'SMTP_URL']) {
      delete env[name];
    }
    run = spawn(process.execPath, ['--import', 'tsx', 'infra/run.ts'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        WORKER_TEST_JOB_DELAY_MS: String(JOB_IN_HAND_MS),
      },
    });
    let output = '';
    run.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    await waitForOutput(run, () => output, 'Press Ctrl-C to stop.', 120_000);

    const secretsFile = join(dataDir, 'secrets.json');
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const { ADMIN_PASSWORD: password } = JSON.parse(readFileSync(secretsFile, 'utf8')) as {
      ADMIN_PASSWORD: string;
    };
    const base = `http://127.0.0.1:${ports.PORT}`;
    // Without SMTP_URL, mail is caught locally; its inbox is printed and shows a reset e-mail.
    const inbox = `http://127.0.0.1:${ports.MAIL_WEB_PORT}/`;
    expect(output).toContain(`Mail:      ${inbox}`);
    const reset = await fetch(`${base}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@servicecritic.local' }),
    });
    expect(reset.status).toBe(200);
    const caught = await eventually('the reset e-mail in the inbox', async () => {
      const messages = (await (await fetch(`${inbox}messages`)).json()) as CaughtMail[];
      return messages.find((mail) => mail.subject === 'Choose a new password');
    });
    expect(caught.to).toEqual(['admin@servicecritic.local']);
    expect(caught.text).toContain(`${base}/reset-password?token=`);
    expect(await (await fetch(inbox)).text()).toContain('Choose a new password');

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@servicecritic.local', password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await fetch(`${base}/api/addservices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        title: `Shutdown Courier ${uniqueTag()}`,
        price: 20,
        image: '/images/services/test.svg',
        details: 'Parcels across town before the evening.',
      }),
    });
    expect(created.status).toBe(201);
    await waitForOutput(run, () => output, 'WORKER_TEST_JOB_DELAY_MS', 30_000);

    processes = descendants(run.pid!);
    const commands = [...processes.values()];
    for (const name of ['dist/main.js', 'dist/worker.js', 'ferretdb', 'postgres', 'redis-server']) {
      expect(commands.some((command) => command.includes(name))).toBe(true);
    }

    process.kill(-run.pid!, 'SIGTERM');
    expect(await exited).toBe(0);

    const left = [...processes].filter(([pid]) => running(pid)).map(([, command]) => command);
    expect(left).toEqual([]);
    for (const port of Object.values(ports)) expect(await answers(port)).toBe(false);
  }, 240_000);
});
