import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const FAILURES_THAT_DISABLE = 3;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1: keeps what it gets, answers each path's next status. */
class Receiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, number[]>();
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body });
        const queued = this.answers.get(path) ?? [];
        response.statusCode = queued.length > 1 ? queued.shift()! : (queued[0] ?? 200);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  /** Answers these statuses at `path`, one per request; the last one stays. */
  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, statuses);
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

/** The headers `Webhook.verify` reads. */
function signed(received: Received): Record<string, string> {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}

describe('webhooks', () => {
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const testApp = useTestApp({
    worker: true,
    env: {
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOKS_RETRY_BASE_MS: '50',
      WEBHOOKS_DISABLE_AFTER_FAILURES: String(FAILURES_THAT_DISABLE),
    },
  });

  let owner: RegisteredUser;
  let customer: RegisteredUser;
  let path = 0;
  beforeAll(async () => {
    owner = await registerUser(testApp, { name: 'Owner' });
    customer = await registerUser(testApp, { name: 'Customer' });
  });

  const as = (user: RegisteredUser) => ({
    post: (url: string) =>
      testApp.http().post(url).set('Authorization', `Bearer ${user.accessToken}`),
    get: (url: string) =>
      testApp.http().get(url).set('Authorization', `Bearer ${user.accessToken}`),
    patch: (url: string) =>
      testApp.http().patch(url).set('Authorization', `Bearer ${user.accessToken}`),
    delete: (url: string) =>
      testApp.http().delete(url).set('Authorization', `Bearer ${user.accessToken}`),
  });

  /** A new service of the owner with a webhook to a path of its own on the receiver. */
  async function serviceWithWebhook(events = ['review.created']) {
    const service = await addService(testApp, owner.accessToken);
    const hookPath = `/hook-${(path += 1)}`;
    const created = await as(owner)
      .post(`/api/services/${service}/webhooks`)
      .send({ url: receiver.url(hookPath), events })
      .expect(201);
    const webhook = created.body as { _id: string; secret: string };
    return { service, hookPath, webhook, base: `/api/services/${service}/webhooks/${webhook._id}` };
  }

  const deliveries = async (base: string) =>
    (await as(owner).get(`${base}/deliveries`).expect(200)).body as {
      _id: string;
      type: string;
      state: string;
      tries: { statusCode: number | null; durationMs: number; at: string }[];
    }[];

  it('delivers a new review, signed so that the standardwebhooks package verifies it, and logs it', async () => {
    const { service, hookPath, webhook, base } = await serviceWithWebhook();
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const reviewId = await addReview(testApp, customer.accessToken, service, { title: 'Fast' });

    const [message] = await eventually('the webhook', async () =>
      receiver.at(hookPath).length > 0 ? receiver.at(hookPath) : undefined,
    );
    const payload = new Webhook(webhook.secret).verify(message.body, signed(message)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({
      type: 'review.created',
      data: { reviewId, serviceId: service, title: 'Fast', rating: 4 },
    });
    expect(payload.data).not.toHaveProperty('email');
    expect(() =>
      new Webhook(`whsec_${'A'.repeat(43)}=`).verify(message.body, signed(message)),
    ).toThrow();

    const log = await eventually('the delivery log', async () => {
      const entries = await deliveries(base);
      return entries[0]?.state === 'delivered' ? entries : undefined;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ _id: message.headers['webhook-id'], type: 'review.created' });
    expect(log[0].tries).toHaveLength(1);
    expect(log[0].tries[0].statusCode).toBe(200);
    expect(log[0].tries[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(log[0].tries[0].at))).toBe(false);
    const [listed] = (await as(owner).get(`/api/services/${service}/webhooks`).expect(200)).body;
    expect(listed).toMatchObject({
      enabled: true,
      failuresInARow: 0,
      lastTry: { statusCode: 200, ok: true },
    });
    expect(listed).not.toHaveProperty('secret');
  });

  it("tries again after a receiver's 500, with the same message id, until it succeeds", async () => {
    const { service, hookPath, base } = await serviceWithWebhook();
    receiver.answer(hookPath, 500, 200);
    await addReview(testApp, customer.accessToken, service);

    const log = await eventually('the second try', async () => {
      const entries = await deliveries(base);
      return entries[0]?.state === 'delivered' ? entries : undefined;
    });
    expect(log[0].tries.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    const ids = receiver.at(hookPath).map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([log[0]._id, log[0]._id]);
  });

  it('turns the webhook off after repeated failures, and notifies the owner', async () => {
    const { service, hookPath, webhook, base } = await serviceWithWebhook();
    receiver.answer(hookPath, 503);
    await addReview(testApp, customer.accessToken, service);

    const turnedOff = await eventually('the webhook turned off', async () => {
      const [listed] = (await as(owner).get(`/api/services/${service}/webhooks`).expect(200)).body;
      return listed.enabled === false ? listed : undefined;
    });
    expect(turnedOff).toMatchObject({
      disabledBecause: 'failures',
      failuresInARow: FAILURES_THAT_DISABLE,
    });
    expect(receiver.at(hookPath)).toHaveLength(FAILURES_THAT_DISABLE);
    const notice = await eventually('the notification', async () => {
      const inbox = (await as(owner).get('/api/notifications').expect(200)).body as {
        kind: string;
        text: string;
      }[];
      return inbox.find((item) => item.kind === 'webhook.disabled' && item.text.includes(hookPath));
    });
    expect(notice.text).toContain(`after ${FAILURES_THAT_DISABLE} failed deliveries in a row`);
    const [entry] = await deliveries(base);
    expect(entry.state).toBe('failed');

    const refused = await as(owner).post(`${base}/test`).expect(409);
    expect(refused.body.code).toBe('WEBHOOK_DISABLED');
    receiver.answer(hookPath, 200);
    const on = await as(owner).patch(base).send({ enabled: true }).expect(200);
    expect(on.body).toMatchObject({ enabled: true, failuresInARow: 0 });
    expect(on.body).not.toHaveProperty('disabledBecause');
    await as(owner).post(`${base}/deliveries/${entry._id}/resend`).expect(200);
    const resent = await eventually('the resent delivery', async () => {
      const [again] = await deliveries(base);
      return again.state === 'delivered' ? again : undefined;
    });
    expect(resent._id).toBe(entry._id);
    expect(resent.tries.at(-1)?.statusCode).toBe(200);
    expect(receiver.at(hookPath).at(-1)?.headers['webhook-id']).toBe(entry._id);
    expect(webhook._id).toBeDefined();
  });

  it('sends a test event, and both signatures while a rotated secret overlaps', async () => {
    const { hookPath, webhook, base } = await serviceWithWebhook(['review.updated']);
    const rotated = await as(owner).post(`${base}/rotate-secret`).expect(200);
    expect(rotated.body.secret).not.toBe(webhook.secret);
    expect(Date.parse(rotated.body.previousSecretUntil)).toBeGreaterThan(Date.now());
    const revealed = await as(owner).get(`${base}/secret`).expect(200);
    expect(revealed.body.secret).toBe(rotated.body.secret);

    const sent = await as(owner).post(`${base}/test`).expect(200);
    expect(sent.body).toMatchObject({ type: 'webhook.test', state: 'pending' });
    const [message] = await eventually('the test event', async () =>
      receiver.at(hookPath).length > 0 ? receiver.at(hookPath) : undefined,
    );
    expect(String(message.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [webhook.secret, rotated.body.secret]) {
      expect(new Webhook(secret).verify(message.body, signed(message))).toMatchObject({
        type: 'webhook.test',
      });
    }
    expect(message.headers['webhook-id']).toBe(sent.body._id);
  });

  it('lets only the owner and admins manage webhooks, and refuses bad input with a sentence', async () => {
    const { service, base } = await serviceWithWebhook();
    const stranger = await registerUser(testApp);
    await as(stranger).get(`/api/services/${service}/webhooks`).expect(403);
    await as(stranger).post(`${base}/rotate-secret`).expect(403);
    const admin = await registerAdmin(testApp);
    await as(admin).get(`${base}/secret`).expect(200);

    const bad = await as(owner)
      .post(`/api/services/${service}/webhooks`)
      .send({ url: receiver.url('/x'), events: ['review.exploded'] })
      .expect(400);
    expect(bad.body.error).toContain('events must be a list of');
    await as(owner).get(`/api/services/${service}/webhooks/nope/deliveries`).expect(400);
    await as(owner).post(`${base}/deliveries/msg_unknown/resend`).expect(404);
    await as(owner).delete(base).expect(200);
    await as(owner).get(`${base}/deliveries`).expect(404);
  });

  it("sends every service's events to an admins' webhook, which only admins manage", async () => {
    const admin = await registerAdmin(testApp);
    const created = await as(admin)
      .post('/api/admin/webhooks')
      .send({ url: receiver.url('/all-services'), events: ['review.created'] })
      .expect(201);
    await as(owner).get('/api/admin/webhooks').expect(403);
    const listed = await as(admin).get('/api/admin/webhooks').expect(200);
    expect(listed.body.map((webhook: { _id: string }) => webhook._id)).toContain(created.body._id);

    const service = await addService(testApp, owner.accessToken);
    const reviewId = await addReview(testApp, customer.accessToken, service);
    const message = await eventually('the webhook', async () =>
      receiver
        .at('/all-services')
        .find((request) => JSON.parse(request.body).data.reviewId === reviewId),
    );
    expect(new Webhook(created.body.secret).verify(message.body, signed(message))).toMatchObject({
      type: 'review.created',
      data: { serviceId: service },
    });
    await as(admin).delete(`/api/admin/webhooks/${created.body._id}`).expect(200);
  });

  it.each([
    ['https://10.0.0.1/hook', '10.0.0.1, a private address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254, a link-local address'],
    ['https://[::ffff:192.168.0.1]/hook', 'a private address'],
  ])('refuses a receiver at %s', async (url, why) => {
    const service = await addService(testApp, owner.accessToken);
    const refused = await as(owner)
      .post(`/api/services/${service}/webhooks`)
      .send({ url, events: ['review.created'] })
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    expect(refused.body.error).toContain(why);
  });
});

describe('webhooks without the loopback switch', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'false' });
  });
  afterAll(() => app.close());

  it('refuses a host name that resolves to 127.0.0.1, and plain http', async () => {
    const owner = await registerUser(app);
    const service = await addService(app, owner.accessToken);
    const add = (url: string) =>
      app
        .http()
        .post(`/api/services/${service}/webhooks`)
        .set('Authorization', `Bearer ${owner.accessToken}`)
        .send({ url, events: ['review.created'] })
        .expect(400);
    expect((await add('https://localhost/hook')).body.error).toMatch(
      /^Webhooks may not be sent to localhost: it resolves to (127\.0\.0\.1|::1), a loopback address\.$/,
    );
    expect((await add('http://127.0.0.1:9/hook')).body.error).toBe(
      'The webhook URL must start with https://.',
    );
  });
});
