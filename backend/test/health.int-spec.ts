import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { startRedisServer } from '../../infra/storage/redis';
import { freePort } from '../../infra/storage/processes';
import { startOwnStorage, timed, type OwnStorage } from './support/own-storage';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** The readiness checks give up after 2 s; the answer may take a little longer. */
const ANSWER_WITHIN_MS = 3000;

describe('GET /api/health', () => {
  const testApp = useTestApp();

  it('answers 200 naming MongoDB and Redis up', async () => {
    const response = await testApp.http().get('/api/health').expect(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.info).toEqual({ mongodb: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers the same on /api/health/ready', async () => {
    const response = await testApp.http().get('/api/health/ready').expect(200);
    expect(response.body.info).toEqual({ mongodb: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers liveness on /api/health/live without asking storage', async () => {
    const response = await testApp.http().get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
  });
});

describe('GET /api/health with Redis down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'health-redis-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 naming Redis as the component that is down', async () => {
    const redis = await startRedisServer({
      port: await freePort(),
      dataDir: dir,
      persistent: false,
    });
    const testApp = await startTestApp({ REDIS_URL: redis.url });
    try {
      await testApp.http().get('/api/health').expect(200);
      await redis.stop();
      const response = await testApp.http().get('/api/health/ready').expect(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        info: { mongodb: { status: 'up' } },
        error: expect.stringMatching(/^Redis is down/),
      });
      expect(response.body.details.redis.status).toBe('down');
      await testApp.http().get('/api/health/live').expect(200);
    } finally {
      await redis.stop();
      await testApp.close();
    }
  });
});

describe('GET /api/health/ready with MongoDB wedged, then killed', () => {
  let storage: OwnStorage;
  let testApp: TestApp;

  beforeAll(async () => {
    storage = await startOwnStorage();
    testApp = await startTestApp(storage.env);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await storage?.stop();
  }, 60_000);

  const ready = () => timed(() => testApp.http().get('/api/health/ready'));

  function expectMongoDown(answer: Awaited<ReturnType<typeof ready>>): void {
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(answer.value.status).toBe(503);
    expect(answer.value.body).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      error: expect.stringMatching(/^Mongodb is down/),
      info: { redis: { status: 'up' } },
      details: { mongodb: { status: 'down' } },
    });
  }

  it('answers 503 naming MongoDB within 3 s while FerretDB is stopped, however many ask; liveness stays 200', async () => {
    await testApp.http().get('/api/health/ready').expect(200);
    storage.ferretdb.child.kill('SIGSTOP');
    try {
      // Ten at once, then ten more while the first read may still hang: none waits past 3 s.
      for (let round = 0; round < 2; round += 1) {
        const answers = await Promise.all(Array.from({ length: 10 }, ready));
        for (const answer of answers) expectMongoDown(answer);
      }
      const live = await timed(() => testApp.http().get('/api/health/live'));
      expect(live.value.status).toBe(200);
      expect(live.ms).toBeLessThan(1000);
    } finally {
      storage.ferretdb.child.kill('SIGCONT');
    }
    await eventually(
      'readiness once FerretDB goes on',
      async () => ((await ready()).value.status === 200 ? true : undefined),
      15_000,
    );
  }, 60_000);

  it('answers 503 naming MongoDB within 3 s once FerretDB is killed; liveness stays 200', async () => {
    storage.ferretdb.child.kill('SIGKILL');
    await new Promise((resolve) => storage.ferretdb.child.once('exit', resolve));
    expectMongoDown(await ready());
    await testApp.http().get('/api/health/live').expect(200);
  }, 30_000);
});
