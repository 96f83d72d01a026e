import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../infra/storage/processes';
import { STALLED_READS_PATH } from '../src/common/test-hooks/stalled-reads';
import { eventually } from './support/test-worker';

const main = join(__dirname, '..', 'dist', 'main.js');
const describeBuilt = existsSync(main) ? describe : describe.skip;
/** How long the request in flight is held: the API is sent SIGTERM during it. */
const STALL_MS = 4000;

function refused(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? true : undefined),
    );
  });
}

describeBuilt('the built API, sent SIGTERM', () => {
  let api: ChildProcess;

  afterAll(() => {
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
  });

  it('refuses new connections, answers the request in flight in full, then exits by SIGTERM', async () => {
    const port = await freePort();
    api = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        TEST_HOOKS: 'on',
        PORT: String(port),
        HOST: '127.0.0.1',
        SPA_DIR: '/nonexistent',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(api, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let output = '';
    api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(
      'the API listening',
      async () => output.includes('listening') || undefined,
      60_000,
    );
    const base = `http://127.0.0.1:${port}`;
    const armed = await fetch(`${base}${STALLED_READS_PATH}?path=/api/blogs&ms=${STALL_MS}`, {
      method: 'PUT',
    });
    expect(armed.ok).toBe(true);

    const inFlight = fetch(`${base}/api/blogs`);
    // Long enough for the request to reach the API, well within its stall.
    await new Promise((resolve) => setTimeout(resolve, 500));
    api.kill('SIGTERM');

    await eventually('new connections refused', () => refused(port), STALL_MS);
    const answer = await inFlight;
    // The stalled read's own answer, whole: the request was not cut.
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'REQUEST_TIMED_OUT' });
    expect(await exited).toEqual([null, 'SIGTERM']);
  });
});
