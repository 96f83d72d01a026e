import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { registerUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { metricNamesIn, samplesOf, seriesNamesOf, valueOf } from './support/scrape';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const TOKEN = 'metrics-token-for-the-tests';
const GRAFANA = join(__dirname, '..', '..', 'infra', 'grafana');

/**
 * /api/metrics on the real app, with the worker in this process (one registry per process, so
 * the scrape holds the worker's figures too; the worker's own port has its test in
 * worker-health.int-spec.ts).
 */
describe('the metrics endpoint', () => {
  const testApp = useTestApp({
    worker: true,
    // A Redis prefix of its own: the other files' sign-ups from this address count in the
    // shared one, which would spend this file's small auth limit before it starts.
    env: () => ({
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_AUTH: '3',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'sc'}-metrics`,
    }),
  });

  const scrape = async () => {
    const response = await testApp
      .http()
      .get('/api/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  };
  const samples = async () => samplesOf(await scrape());

  let service: string;
  let reviewer: string;
  beforeAll(async () => {
    const { accessToken } = await registerUser(testApp);
    service = await addService(testApp, accessToken);
    // Now: the rate-limit test spends the auth limit.
    reviewer = (await registerUser(testApp)).accessToken;
  });

  it('answers 401 without the bearer token or with another one', async () => {
    const none = await testApp.http().get('/api/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      error: 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>.',
    });
    await testApp.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await testApp.http().get('/api/metrics').set('Authorization', TOKEN).expect(401);
  });

  it("counts requests under the route's pattern, method and status, never the raw URL", async () => {
    await testApp.http().get(`/api/services/${service}`).expect(200);
    await testApp.http().get('/api/services/ffffffffffffffffffffffff').expect(404);
    await testApp.http().get('/api/services/not-an-id').expect(400);
    const after = await samples();
    const route = '/api/services/:id';
    for (const status of ['200', '404', '400']) {
      expect(
        valueOf(after, 'http_request_duration_seconds_count', { method: 'GET', route, status }),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(after.some((sample) => sample.labels.route?.includes(service))).toBe(false);
    expect(valueOf(after, 'http_requests_in_flight')).toBeGreaterThanOrEqual(0);
  });

  it('counts a repeated visitor read as a cache hit, in the route histogram too', async () => {
    const url = `/api/services/${service}?metrics=repeat`;
    await testApp.http().get(url).expect(200);
    const before = await samples();
    await testApp.http().get(url).expect(200);
    await testApp.http().get(url).expect(200);
    const after = await samples();
    const hits = (list: typeof before) =>
      valueOf(list, 'read_cache_lookups_total', { cache: 'answer', result: 'hit' }) ?? 0;
    expect(hits(after) - hits(before)).toBe(2);
    const counted = (list: typeof before) =>
      valueOf(list, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/services/:id',
        status: '200',
      }) ?? 0;
    expect(counted(after) - counted(before)).toBe(2);
    expect(
      valueOf(after, 'read_cache_lookups_total', { cache: 'data', result: 'miss' }),
    ).toBeGreaterThan(0);
  });

  it('counts a rate-limit refusal under its rule', async () => {
    const refusals = (list: Awaited<ReturnType<typeof samples>>) =>
      valueOf(list, 'rate_limit_refusals_total', { rule: 'auth' }) ?? 0;
    const before = await samples();
    let refused = false;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: 'nobody@example.com', password: 'not the password' });
      refused = response.status === 429;
    }
    expect(refused).toBe(true);
    expect(refusals(await samples()) - refusals(before)).toBe(1);
  });

  it('reports the queues, the outbox, the pending batches, readiness and the store', async () => {
    const after = await samples();
    for (const queue of ['review-events', 'maintenance']) {
      expect(valueOf(after, 'queue_jobs', { queue, state: 'waiting' })).toEqual(expect.any(Number));
      expect(valueOf(after, 'queue_oldest_waiting_age_seconds', { queue })).toEqual(
        expect.any(Number),
      );
    }
    expect(valueOf(after, 'outbox_pending_events')).toEqual(expect.any(Number));
    expect(valueOf(after, 'review_create_batches_pending', { stored_in: 'redis' })).toEqual(
      expect.any(Number),
    );
    expect(valueOf(after, 'review_create_batches_pending', { stored_in: 'store' })).toEqual(
      expect.any(Number),
    );
    expect(valueOf(after, 'health_ready')).toBe(1);
    expect(
      valueOf(after, 'store_command_duration_seconds_count', { command: 'find' }),
    ).toBeGreaterThan(0);
    expect(valueOf(after, 'store_pool_connections')).toBeGreaterThan(0);
    expect(valueOf(after, 'store_pool_waiters')).toEqual(expect.any(Number));
    expect(valueOf(after, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(valueOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("measures the worker's jobs and the write-to-audit lag once a review is handled", async () => {
    const count = (list: Awaited<ReturnType<typeof samples>>, name: string, labels = {}) =>
      valueOf(list, name, labels) ?? 0;
    const before = await samples();
    await addReview(testApp, reviewer, service);
    const grew = (now: typeof before, name: string, labels = {}) =>
      count(now, name, labels) > count(before, name, labels);
    // The audit entry is written inside the job, which is measured once it ends.
    const after = await eventually(
      'the review event audited and its job ended',
      async () => {
        const now = await samples();
        const done =
          grew(now, 'event_audit_lag_seconds_count') &&
          grew(now, 'queue_job_duration_seconds_count', { queue: 'review-events' });
        return done ? now : undefined;
      },
      15_000,
    );
    expect(valueOf(after, 'event_audit_lag_seconds_sum')).toBeGreaterThan(0);
    expect(count(after, 'queue_job_failures_total', { queue: 'review-events' })).toBe(
      count(before, 'queue_job_failures_total', { queue: 'review-events' }),
    );
  });

  it('exports every metric the Grafana dashboard and the alert rules use', async () => {
    const exported = seriesNamesOf(await scrape());
    const dashboard = JSON.parse(
      readFileSync(join(GRAFANA, 'service-critic.dashboard.json'), 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    const rules = parse(readFileSync(join(GRAFANA, 'alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; for: string }[] }[];
    };
    expect(rules.groups.map((group) => group.name)).toEqual([
      'service-critic-availability',
      'service-critic-latency',
      'service-critic-events',
    ]);
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'ServiceCriticNotReady',
        'ServiceCriticQueueAge',
        'ServiceCritic5xxRate',
        'ServiceCriticP95OverBudget',
      ]),
    );
    const used = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...alerts.map((rule) => rule.expr),
    ].flatMap(metricNamesIn);
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((name) => !exported.has(name))).toEqual([]);
  });
});
