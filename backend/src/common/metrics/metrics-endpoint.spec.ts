import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsEndpoint, type MetricsAccessConfig } from './metrics-endpoint';

const TOKEN = 'a-token-of-sixteen-or-more';

/** The endpoint on a real node:http server, as the worker serves it. */
async function serve(config: MetricsAccessConfig): Promise<{ url: string; server: Server }> {
  const server = createServer(metricsEndpoint(config, '/metrics'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, server };
}

describe('metricsEndpoint', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });
  const get = async (config: MetricsAccessConfig, authorization?: string) => {
    const { url, server } = await serve(config);
    servers.push(server);
    const response = await fetch(url, { headers: authorization ? { authorization } : {} });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  it('serves the Prometheus text to the bearer of METRICS_TOKEN only', async () => {
    const config = { env: 'production', metricsToken: TOKEN } as const;
    const served = await get(config, `Bearer ${TOKEN}`);
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(served.text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(served.text).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    for (const wrong of [undefined, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const refused = await get(config, wrong);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('without METRICS_TOKEN: 404 in production, open in development and tests', async () => {
    const off = await get({ env: 'production' });
    expect(off.status).toBe(404);
    expect(JSON.parse(off.text)).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'Metrics are not served: set METRICS_TOKEN to turn them on.',
    });
    expect((await get({ env: 'production' }, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await get({ env: 'development' })).status).toBe(200);
    expect((await get({ env: 'test' })).status).toBe(200);
  });
});
