import { join } from 'node:path';
import { freePort, startManaged, type Managed } from '../../infra/storage/processes';
import { eventually } from './support/test-worker';
import { uniqueTag } from '../../frontend/e2e/unique-tag';

interface LogLine {
  msg?: string;
  context?: string;
  req?: { id?: unknown; url?: string };
  res?: { statusCode?: number };
  eventId?: unknown;
  eventType?: unknown;
}

/** A built process (dist/main.js or dist/worker.js) at LOG_LEVEL=info, its stdout kept whole. */
function startLogged(script: string, env: NodeJS.ProcessEnv): Managed & { output: () => string } {
  const process = startManaged(script, globalThis.process.execPath, [`dist/${script}.js`], {
    cwd: join(__dirname, '..'),
    env: {
      ...globalThis.process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // As the test app's: other files sign up many users from this address.
      RATE_LIMIT_AUTH: '10000',
      ...env,
    },
    quiet: true,
  });
  let output = '';
  process.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { ...process, output: () => output };
}

/** The JSON lines of pino's output (the ready lines are plain text). */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/**
 * What the API and the worker print at the default level, from their real output: start-up is
 * one line per module, each request line carries its request id, each of the worker's lines about
 * an event carries the event's id.
 */
describe('the logs at the default level', () => {
  let api: ReturnType<typeof startLogged>;
  let worker: ReturnType<typeof startLogged>;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startLogged('main', { PORT: String(port), SPA_DIR: '/nonexistent' });
    worker = startLogged('worker', { WORKER_HEALTH_PORT: '0' });
    await eventually(
      'the API and the worker ready',
      async () =>
        /API listening/.test(api.output()) && /worker ready/.test(worker.output())
          ? true
          : undefined,
      60_000,
    );
  }, 90_000);
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
  }, 30_000);

  it('prints one line per module at start-up, none per route or controller', () => {
    const lines = logLines(api.output());
    expect(lines.filter((line) => /^Mapped \{/.test(line.msg ?? ''))).toEqual([]);
    expect(lines.filter((line) => line.context === 'RoutesResolver')).toEqual([]);
    const modules = lines.filter((line) => line.context === 'Routes').map((line) => line.msg);
    for (const line of modules) expect(line).toMatch(/^\w+Module: \d+ controllers?, \d+ routes?$/);
    const names = modules.map((line) => line!.split(':')[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['ReviewsModule', 'ServicesModule', 'AuthModule']),
    );
  });

  it('gives every request line its request id: the X-Request-Id sent, or a new one', async () => {
    await fetch(`${baseUrl}/api/services`, { headers: { 'X-Request-Id': 'logs-test-request' } });
    await fetch(`${baseUrl}/api/no-such-route`);
    const requests = await eventually('both request lines', async () => {
      const found = logLines(api.output()).filter((line) => line.req);
      return found.some((line) => line.req?.url === '/api/no-such-route') ? found : undefined;
    });
    expect(requests.find((line) => line.req?.id === 'logs-test-request')).toMatchObject({
      req: { url: '/api/services' },
      res: { statusCode: 200 },
    });
    expect(requests.find((line) => line.req?.url === '/api/no-such-route')).toMatchObject({
      req: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      res: { statusCode: 404 },
    });
    for (const line of requests) expect(line.req?.id).toEqual(expect.any(String));
  });

  it("gives the worker's lines about an event the event's id", async () => {
    const call = async (path: string, body: object, token?: string) => {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token && { Authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      expect([response.status, answer.error]).toEqual([201, undefined]);
      return answer;
    };
    const register = async (name: string) =>
      (
        (await call('/register', {
          name,
          email: `${name}-${Date.now()}@example.com`,
          password: 'correct horse battery',
        })) as { accessToken: string }
      ).accessToken;
    const owner = await register('owner');
    const tag = uniqueTag();
    const { insertedId: service } = await call(
      '/addservices',
      {
        title: `Log Courier ${tag}`,
        price: 20,
        image: '/images/services/test.svg',
        details: `Parcels across town before the evening on route ${tag}.`,
      },
      owner,
    );
    // Three links: the worker flags it (LINK_SPAM) and says so in a line of its own.
    const { insertedId: review } = await call(
      '/addreviews',
      {
        title: 'Links',
        details: 'See https://a.example https://b.example https://c.example for more.',
        serviceID: 4821,
        rating: 2,
        service,
      },
      await register('reviewer'),
    );
    const flagged = await eventually(
      "the worker's line on the flagged review",
      async () =>
        logLines(worker.output()).find(
          (line) => line.msg === `review ${review} flagged: LINK_SPAM`,
        ),
      15_000,
    );
    expect(flagged).toMatchObject({
      eventId: expect.any(String),
      eventType: 'review.created',
      context: 'ReviewEventHandler',
    });
  });
});
