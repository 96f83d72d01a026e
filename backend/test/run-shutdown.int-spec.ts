import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaughtMail } from '../../infra/mail-catcher';
import {
  addService,
  describeBuilt,
  descendants,
  makeRunPorts,
  running,
  signInAsAdmin,
  startMakeRun,
} from './support/make-run';
import { eventually } from './support/test-worker';

/** Longer than run.ts's 10 s grace: the worker is still busy when it is killed. */
const JOB_IN_HAND_MS = 60_000;

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

describeBuilt('make run: its mail inbox, and stopped by SIGTERM to its process group', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-critic-run-'));
  let run: ChildProcess;
  let processes = new Map<number, string>();

  afterAll(() => {
    for (const pid of processes.keys()) if (running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the mail inbox, which shows a reset e-mail; stops the API, the worker holding a slow job, FerretDB, PostgreSQL, Redis and the mail catcher', async () => {
    const ports = await makeRunPorts();
    const makeRun = startMakeRun(ports, dataDir, {
      WORKER_TEST_JOB_DELAY_MS: String(JOB_IN_HAND_MS),
    });
    run = makeRun.child;
    const { exited } = makeRun;
    await makeRun.waitForOutput('Press Ctrl-C to stop.', 120_000);

    const secretsFile = join(dataDir, 'secrets.json');
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const { ADMIN_PASSWORD: password } = JSON.parse(readFileSync(secretsFile, 'utf8')) as {
      ADMIN_PASSWORD: string;
    };
    const base = `http://127.0.0.1:${ports.PORT}`;
    // Without SMTP_URL, mail is caught locally; its inbox is printed and shows a reset e-mail.
    const inbox = `http://127.0.0.1:${ports.MAIL_WEB_PORT}/`;
    expect(makeRun.output()).toContain(`Mail:      ${inbox}`);
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

    const created = await addService(base, await signInAsAdmin(base, password), 'Shutdown');
    expect(created.status).toBe(201);
    await makeRun.waitForOutput('WORKER_TEST_JOB_DELAY_MS', 30_000);

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
