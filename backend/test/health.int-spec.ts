import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { startRedisServer } from '../../infra/storage/redis';
import { freePort } from '../../infra/storage/processes';
import { startTestApp, useTestApp } from './support/test-app';

describe('GET /api/health', () => {
  const testApp = useTestApp();

  it('answers 200 naming MongoDB and Redis up', async () => {
    const response = await testApp.http().get('/api/health').expect(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.info).toEqual({ mongodb: { status: 'up' }, redis: { status: 'up' } });
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
      const response = await testApp.http().get('/api/health').expect(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        info: { mongodb: { status: 'up' } },
        error: expect.stringMatching(/^Redis is down/),
      });
      expect(response.body.details.redis.status).toBe('down');
    } finally {
      await redis.stop();
      await testApp.close();
    }
  });
});
