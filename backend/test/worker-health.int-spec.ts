import { startWorkerProcess } from '../../infra/app-processes';
import type { Service } from '../../infra/storage';
import { startOwnStorage, timed, type OwnStorage } from './support/own-storage';
import { samplesOf, valueOf } from './support/scrape';

const METRICS_TOKEN = 'worker-metrics-token-for-tests';

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
      {
        ...process.env,
        ...storage.env,
        NODE_ENV: 'test',
        WORKER_HEALTH_PORT: '0',
        METRICS_TOKEN,
      },
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

  const scrape = async (authorization?: string) => {
    const response = await fetch(`${worker!.healthUrl}/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    return { status: response.status, text: await response.text() };
  };

  it('serves its metrics at /metrics to the bearer of METRICS_TOKEN only', async () => {
    const refused = await scrape();
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect((await scrape('Bearer another-token-of-some-length')).status).toBe(401);
    const served = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(served.status).toBe(200);
    const samples = samplesOf(served.text);
    for (const queue of ['review-events', 'maintenance']) {
      expect(valueOf(samples, 'queue_jobs', { queue, state: 'waiting' })).toEqual(
        expect.any(Number),
      );
    }
    expect(valueOf(samples, 'health_ready')).toBe(1);
    expect(valueOf(samples, 'store_pool_connections')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
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

  it('still serves its metrics with the store down: readiness 0, what it could read', async () => {
    const served = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(served.status).toBe(200);
    const samples = samplesOf(served.text);
    expect(valueOf(samples, 'health_ready')).toBe(0);
    expect(valueOf(samples, 'outbox_pending_events')).toBeNaN();
    expect(valueOf(samples, 'queue_jobs', { queue: 'review-events', state: 'waiting' })).toEqual(
      expect.any(Number),
    );
    // Counted as the scrape ends, so shown by the next.
    const next = samplesOf((await scrape(`Bearer ${METRICS_TOKEN}`)).text);
    expect(
      valueOf(next, 'metrics_scrape_failures_total', { metric: 'outbox_pending_events' }),
    ).toBeGreaterThanOrEqual(1);
  });
});
