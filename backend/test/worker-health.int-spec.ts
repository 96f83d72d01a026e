import { startWorkerProcess } from '../../infra/app-processes';
import type { Service } from '../../infra/storage';
import { startOwnStorage, timed, type OwnStorage } from './support/own-storage';

/**
 * The worker process's health port (WORKER_HEALTH_PORT; 0 here: any free port, which it prints).
 * On a storage of its own, whose FerretDB the last test kills.
 */
describe('the worker health port', () => {
  let storage: OwnStorage;
  let worker: (Service & { healthUrl: string }) | undefined;

  beforeAll(async () => {
    storage = await startOwnStorage();
    worker = await startWorkerProcess(
      { ...process.env, ...storage.env, NODE_ENV: 'test', WORKER_HEALTH_PORT: '0' },
      { quiet: true },
    );
  }, 90_000);
  afterAll(async () => {
    await worker?.stop();
    await storage?.stop();
  }, 60_000);

  const get = async (path: string) => {
    const response = await fetch(`${worker!.healthUrl}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers liveness and readiness, naming MongoDB and Redis up', async () => {
    expect(await get('/health/live')).toEqual({
      status: 200,
      body: { status: 'ok', info: {}, error: {}, details: {} },
    });
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toEqual({ mongodb: { status: 'up' }, redis: { status: 'up' } });
    expect((await get('/health')).status).toBe(200);
  });

  it('answers 404 with a JSON sentence elsewhere', async () => {
    expect(await get('/api/health')).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        code: 'NOT_FOUND',
        error: 'The worker answers GET /health/live, GET /health/ready and GET /metrics only.',
      },
    });
  });

  it('answers 503 naming MongoDB within 3 s once its store is killed; liveness stays 200', async () => {
    storage.ferretdb.child.kill('SIGKILL');
    await new Promise((resolve) => storage.ferretdb.child.once('exit', resolve));
    const ready = await timed(() => get('/health/ready'));
    expect(ready.ms).toBeLessThan(3000);
    expect(ready.value).toEqual({
      status: 503,
      body: expect.objectContaining({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        error: expect.stringMatching(/^Mongodb is down/),
        info: { redis: { status: 'up' } },
      }),
    });
    expect((await get('/health/live')).status).toBe(200);
  });
});
