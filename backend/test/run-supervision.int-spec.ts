import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addService,
  describeBuilt,
  descendants,
  makeRunPorts,
  running,
  signInAsAdmin,
  startMakeRun,
  type MakeRun,
} from './support/make-run';
import { eventually } from './support/test-worker';

/** The one process below `make run` whose command line holds `name`. */
function pidOf(run: MakeRun, name: string): number {
  const found = [...descendants(run.child.pid!)].filter(([, command]) => command.includes(name));
  expect(found).toHaveLength(1);
  return found[0][0];
}

async function status(url: string): Promise<number | undefined> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
  return response?.status;
}

/** Resolves once `url` answers 200; fails after `timeoutMs`. */
function answers200(what: string, url: string, timeoutMs: number): Promise<true> {
  return eventually(
    what,
    async () => ((await status(url)) === 200 ? (true as const) : undefined),
    timeoutMs,
  );
}

/** The lines `make run` printed that say it restarted `name`. */
function restartLines(run: MakeRun, name: string): string[] {
  return run
    .output()
    .split('\n')
    .filter((line) => line.startsWith(`Restarted ${name}`));
}

function restarted(run: MakeRun, name: string): Promise<true> {
  return eventually(
    `the restart of ${name}`,
    async () => (restartLines(run, name).length > 0 ? (true as const) : undefined),
    30_000,
  );
}

describeBuilt('make run supervises what it starts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-critic-supervise-'));
  let run: MakeRun | undefined;
  let processes = new Map<number, string>();

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      process.kill(-run.child.pid!, 'SIGTERM');
      await run.exited;
    }
    for (const pid of processes.keys()) if (running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts FerretDB again when it is killed, keeping an acknowledged write, then the worker and Redis, and a wedged FerretDB after 15 s; Ctrl-C still stops all', async () => {
    const ports = await makeRunPorts();
    run = startMakeRun(ports, dataDir);
    await run.waitForOutput('Press Ctrl-C to stop.', 120_000);
    const base = `http://127.0.0.1:${ports.PORT}`;
    const workerReady = `http://127.0.0.1:${ports.WORKER_HEALTH_PORT}/health/ready`;
    expect(await status(`${base}/api/health/ready`)).toBe(200);
    expect(await status(workerReady)).toBe(200);

    const { ADMIN_PASSWORD: password } = JSON.parse(
      readFileSync(join(dataDir, 'secrets.json'), 'utf8'),
    ) as { ADMIN_PASSWORD: string };
    const created = await addService(base, await signInAsAdmin(base, password), 'Supervised');
    expect(created.status).toBe(201);
    const { acknowledged, insertedId } = (await created.json()) as {
      acknowledged: boolean;
      insertedId: string;
    };
    expect(acknowledged).toBe(true);

    const killed = Date.now();
    process.kill(pidOf(run, '.tools/bin/ferretdb'), 'SIGKILL');
    await restarted(run, 'ferretdb');
    await answers200('the API ready again', `${base}/api/health/ready`, 30_000);
    expect(Date.now() - killed).toBeLessThan(30_000);
    expect(restartLines(run, 'ferretdb')).toEqual([
      expect.stringMatching(
        /^Restarted ferretdb: it was killed by SIGKILL; it was down \d+\.\d s\.$/,
      ),
    ]);
    expect(await status(`${base}/api/services/${insertedId}`)).toBe(200);

    process.kill(pidOf(run, 'dist/worker.js'), 'SIGKILL');
    await eventually(
      'the worker restarted',
      async () => (restartLines(run!, 'worker').length > 0 ? true : undefined),
      30_000,
    );
    await answers200('the worker ready again', workerReady, 30_000);
    expect(restartLines(run, 'worker')).toEqual([
      expect.stringMatching(
        /^Restarted worker: it was killed by SIGKILL; it was down \d+\.\d s\.$/,
      ),
    ]);

    // The API and worker reconnect to a Redis started again by themselves.
    process.kill(pidOf(run, 'redis-server'), 'SIGKILL');
    await restarted(run, 'redis');
    await answers200('the API ready after Redis', `${base}/api/health/ready`, 30_000);
    await answers200('the worker ready after Redis', workerReady, 30_000);
    expect(restartLines(run, 'redis')).toEqual([
      expect.stringMatching(/^Restarted redis: it was killed by SIGKILL; it was down \d+\.\d s\.$/),
    ]);

    // A wedged FerretDB (paused: every command hangs) is not ready for 15 s: stopped (SIGKILL
    // after the 10 s grace, as it cannot handle SIGTERM) and started again.
    process.kill(pidOf(run, '.tools/bin/ferretdb'), 'SIGSTOP');
    await eventually(
      'the wedged FerretDB restarted',
      async () => (restartLines(run!, 'ferretdb').length > 1 ? (true as const) : undefined),
      60_000,
    );
    expect(restartLines(run, 'ferretdb')[1]).toMatch(
      /^Restarted ferretdb: not ready for 1\d\.\d s; it was down \d+\.\d s\.$/,
    );
    await answers200('the API ready after the wedge', `${base}/api/health/ready`, 30_000);
    await answers200('the worker ready after the wedge', workerReady, 30_000);
    expect(await status(`${base}/api/services/${insertedId}`)).toBe(200);

    // Nothing else was restarted along the way.
    expect(run.output().match(/^Restarted /gm)).toHaveLength(4);

    processes = descendants(run.child.pid!);
    process.kill(-run.child.pid!, 'SIGTERM');
    expect(await run.exited).toBe(0);
    expect([...processes].filter(([pid]) => running(pid))).toEqual([]);
  }, 300_000);
});
