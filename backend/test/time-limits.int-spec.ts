import { getConnectionToken } from '@nestjs/mongoose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types, type Connection } from 'mongoose';
import type { Response } from 'supertest';
import { startFerretDB } from '../../infra/storage/ferretdb';
import { freePort, type Managed } from '../../infra/storage/processes';
import { uniqueEmail } from './support/auth-helpers';
import { useTestApp, type TestApp } from './support/test-app';

const DB_TIMEOUT_MS = 2000;

/**
 * The API on a database of its own, which the tests pause (SIGSTOP: connections open, nothing
 * answers) and stop. Past its limits a request is answered 503 with Retry-After and a sentence,
 * never a 500 and never a hang.
 */
describe('time limits and load shedding', () => {
  let dataDir: string;
  let ferret: Managed & { url: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'service-critic-limits-'));
    ferret = await startFerretDB({
      port: await freePort(),
      // The API's limits are under test, not the store: SQLite keeps this FerretDB self-contained.
      backend: { sqliteDir: dataDir },
      database: 'limits',
      quiet: true,
    });
  }, 60_000);
  // First of the closing hooks: an app does not close on a paused database.
  afterAll(() => resume());

  /** Answers within 300 ms whatever the database does. */
  const quick = useTestApp({
    env: () => ({
      MONGO_URL: ferret.url,
      REQUEST_TIMEOUT_MS: '300',
      DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
    }),
  });
  /** Runs at most 2 requests at once, with the default 10 s deadline. */
  const bounded = useTestApp({
    env: () => ({ MONGO_URL: ferret.url, MAX_INFLIGHT_REQUESTS: '2' }),
  });

  afterAll(async () => {
    await ferret?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pause = () => process.kill(ferret.child.pid!, 'SIGSTOP');
  const resume = () => {
    if (ferret?.child.exitCode === null) process.kill(ferret.child.pid!, 'SIGCONT');
  };

  /** A read that misses every cache, so it goes to the database. */
  /** A service never read before (none has its id): a read of the store, answered 404. */
  const uncachedRead = (testApp: TestApp) =>
    testApp.http().get(`/api/services/${new Types.ObjectId().toHexString()}`);
  const write = (testApp: TestApp) =>
    testApp
      .http()
      .post('/api/register')
      .send({
        name: 'Time Limit',
        email: uniqueEmail('limits'),
        password: 'correct horse battery',
      });

  async function timed(request: PromiseLike<Response>): Promise<[Response, number]> {
    const started = Date.now();
    const response = await request;
    return [response, Date.now() - started];
  }

  function expectUnavailable(response: Response, code: string): void {
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(response.body).toEqual({
      statusCode: 503,
      code,
      error: expect.stringMatching(/^[A-Z].*\.$/),
    });
  }

  it('sends maxTimeMS with every query', async () => {
    const connection = quick.app.get<Connection>(getConnectionToken());
    const sent: { method: string; maxTimeMS?: number }[] = [];
    connection.set('debug', (_collection: string, method: string, ...args: unknown[]) => {
      const options = args.find(
        (arg): arg is { maxTimeMS?: number } =>
          typeof arg === 'object' && arg !== null && 'maxTimeMS' in arg,
      );
      sent.push({ method, maxTimeMS: options?.maxTimeMS });
    });
    try {
      await uncachedRead(quick).expect(404);
      await quick.http().get('/api/categories').expect(200);
    } finally {
      connection.set('debug', false);
    }
    const queries = sent.filter(({ method }) => ['find', 'findOne', 'aggregate'].includes(method));
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const query of queries) expect(query).toEqual({ ...query, maxTimeMS: DB_TIMEOUT_MS });
  });

  it('answers a read 503 at the deadline, and a write once its stored change gives up, while the database does not answer', async () => {
    pause();
    try {
      const [[read, readMs], [written, writeMs]] = await Promise.all([
        timed(uncachedRead(quick)),
        timed(write(quick)),
      ]);
      expectUnavailable(read, 'REQUEST_TIMED_OUT');
      expectUnavailable(written, 'REQUEST_TIMED_OUT');
      expect(readMs).toBeLessThan(1500);
      // An insert under way at the deadline might be stored, so the answer waits for the driver
      // to give up on it (its socket timeout), never longer.
      expect(writeMs).toBeLessThan(2 * DB_TIMEOUT_MS + 1500);
    } finally {
      resume();
    }
    // The held queries finish once it answers again; their late answers go nowhere.
    await uncachedRead(quick).expect(404);
  });

  it('sheds a request past MAX_INFLIGHT_REQUESTS at once, and serves the held ones after', async () => {
    pause();
    let held: Promise<Response>[] = [];
    try {
      held = [uncachedRead(bounded), uncachedRead(bounded)].map((request) =>
        Promise.resolve(request),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [shed, shedMs] = await timed(uncachedRead(bounded));
      expectUnavailable(shed, 'OVERLOADED');
      expect(shedMs).toBeLessThan(500);
    } finally {
      resume();
    }
    for (const response of await Promise.all(held)) expect(response.status).toBe(404);
  });

  it('answers a read and a write 503 within seconds once the database is gone', async () => {
    await ferret.stop();
    const [[read, readMs], [written, writeMs]] = await Promise.all([
      timed(uncachedRead(bounded)),
      timed(write(bounded)),
    ]);
    expectUnavailable(read, 'STORAGE_UNAVAILABLE');
    expectUnavailable(written, 'STORAGE_UNAVAILABLE');
    expect(readMs).toBeLessThan(8000);
    expect(writeMs).toBeLessThan(8000);
  }, 20_000);
});
