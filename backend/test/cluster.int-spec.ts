import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { appEnv, seedDatabase } from '../../infra/app-processes';
import { startCluster, visibilityOfWrite, type Cluster } from '../../infra/cluster';
import { startTestStorage, type Storage } from '../../infra/storage';
import { describeBuilt } from './support/make-run';
import { eventually } from './support/test-worker';

const ADMIN_PASSWORD = 'cluster-admin-password';
/** Writes per user per minute: low, so that one user reaches it through the three replicas. */
const WRITE_LIMIT = 8;
/**
 * A write is seen by the other replicas once its generation bump reaches them over Redis
 * pub/sub, a few milliseconds on one machine. Five seconds is far beyond that on a loaded
 * machine, and far below the read cache's 60 s expiry: a read that shows the write in time was
 * invalidated, not expired.
 */
const VISIBLE_WITHIN_MS = 5000;
/** Connections of load through HAProxy while each replica is restarted in turn. */
const LOAD_CONNECTIONS = 10;
/** Review creates per load connection: within its user's write limit. */
const CREATES_PER_CONNECTION = 4;

interface Answer {
  status: number;
  body: unknown;
}

async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

let users = 0;
/** Registers a user through `baseUrl`; answers its id and access token. */
async function newUser(baseUrl: string): Promise<{ uid: string; token: string }> {
  users += 1;
  const answer = await call(`${baseUrl}/api/register`, {
    method: 'POST',
    body: {
      name: `Cluster User ${users}`,
      email: `cluster.${users}.${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery',
    },
  });
  expect(answer.status).toBe(201);
  const body = answer.body as { accessToken: string; user: { uid: string } };
  return { uid: body.user.uid, token: body.accessToken };
}

function reviewOf(service: string, rating: number) {
  return {
    title: 'Cluster Courier',
    details: 'Collected in the morning and delivered before noon.',
    serviceID: 4821,
    service,
    rating,
  };
}

describeBuilt('three API processes and two workers on one store, behind HAProxy', () => {
  let storage: Storage;
  let cluster: Cluster;
  let mongo: MongoClient;
  let services: string[];

  beforeAll(async () => {
    // A store of its own: the run's holds other files' data, and its admin another password.
    storage = await startTestStorage(process.env, () => undefined);
    const env = appEnv(storage, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD,
      // Every registration comes from this machine's address.
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_WRITES: String(WRITE_LIMIT),
    });
    await seedDatabase(env);
    cluster = await startCluster(env, { apis: 3, workers: 2, log: () => undefined });
    mongo = await new MongoClient(storage.mongoUrl).connect();
    const listed = await call(`${cluster.url}/api/services?limit=20`);
    services = (listed.body as { _id: string }[]).map((service) => service._id);
    expect(services.length).toBeGreaterThanOrEqual(CREATES_PER_CONNECTION);
  }, 180_000);

  afterAll(async () => {
    await mongo?.close();
    await cluster?.stop();
    await storage?.stop();
  }, 60_000);

  /**
   * Waits until the event path has audited the creation of `reviews` and is idle; answers how
   * many entries each (review, event type) has: a review's creation, and the moderation of a new
   * user's review, are audited once each.
   */
  async function auditedReviews(reviews: string[]): Promise<Map<string, number>> {
    const audit = mongo.db().collection('audit_log');
    const filter = { reviewId: { $in: reviews } };
    await eventually(
      `the audit entries of ${reviews.length} reviews`,
      async () => {
        const created = await audit.countDocuments({ ...filter, type: 'review.created' });
        const outbox = await mongo.db().collection('outbox').countDocuments({});
        return created >= reviews.length && outbox === 0 ? true : undefined;
      },
      60_000,
    );
    // Late duplicates from the second worker would come within its next polls.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const counts = new Map<string, number>();
    for (const entry of await audit.find(filter).toArray()) {
      const key = `${entry.reviewId} ${entry.type}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  function expectAuditedOnce(counts: Map<string, number>, reviews: string[]): void {
    expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
    const created = [...counts.keys()].filter((key) => key.endsWith(' review.created'));
    expect(created.sort()).toEqual(reviews.map((review) => `${review} review.created`).sort());
  }

  it('shows a write through one replica on each of the others, through their read caches', async () => {
    const login = await call(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      body: { email: 'admin@servicecritic.local', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { accessToken: token } = login.body as { accessToken: string };
    const service = services[0];
    const phoneOn = async (baseUrl: string) =>
      ((await call(`${baseUrl}/api/services/${service}`)).body as { contactPhone?: string })
        .contactPhone;

    for (const [writer] of cluster.apiUrls.entries()) {
      // Each replica has the service's answer in its read cache before the write.
      for (const baseUrl of cluster.apiUrls) await phoneOn(baseUrl);
      const phone = `+44 20 7946 00${writer}${Date.now() % 10}`;
      const seen = await visibilityOfWrite(
        cluster.apiUrls,
        writer,
        async (baseUrl) => {
          const answer = await call(`${baseUrl}/api/services/${service}/contact`, {
            method: 'PUT',
            token,
            body: { contactPhone: phone },
          });
          expect(answer.status).toBe(200);
        },
        async (baseUrl) => (await phoneOn(baseUrl)) === phone,
        VISIBLE_WITHIN_MS,
      );
      expect(seen.map((each) => each.reader).sort()).toEqual(
        [0, 1, 2].filter((index) => index !== writer),
      );
    }
  }, 60_000);

  it('counts a user’s writes through every replica against one limit', async () => {
    const { token } = await newUser(cluster.url);
    const answers: { api: number; status: number }[] = [];
    for (let write = 0; write < WRITE_LIMIT + 4; write += 1) {
      const api = write % cluster.apiUrls.length;
      // Out of range: refused (400) after the limit is counted, with no storage work.
      const answer = await call(`${cluster.apiUrls[api]}/api/addreviews`, {
        method: 'POST',
        token,
        body: reviewOf(services[0], 0),
      });
      answers.push({ api, status: answer.status });
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(WRITE_LIMIT).fill(400),
      ...Array<number>(4).fill(429),
    ]);
    const refusedBy = new Set(answers.filter((a) => a.status === 429).map((a) => a.api));
    expect([...refusedBy].sort()).toEqual([0, 1, 2]);
  }, 30_000);

  it('audits each of the reviews created through the replicas exactly once', async () => {
    const created: string[] = [];
    for (let user = 0; user < 3; user += 1) {
      const { token } = await newUser(cluster.url);
      for (const service of services.slice(0, 2)) {
        const answer = await call(`${cluster.url}/api/addreviews`, {
          method: 'POST',
          token,
          body: reviewOf(service, 4),
        });
        expect(answer.status).toBe(201);
        created.push((answer.body as { insertedId: string }).insertedId);
      }
    }
    expectAuditedOnce(await auditedReviews(created), created);
  }, 90_000);

  it('sends no request to a replica taken out of HAProxy, and sends to it again once put back', async () => {
    const { balancer } = cluster;
    const sentTo = () => Promise.all(cluster.apiUrls.map((_, index) => balancer.sent(index)));
    const read = async () => {
      for (let request = 0; request < 12; request += 1) {
        expect((await call(`${cluster.url}/api/services/${services[0]}`)).status).toBe(200);
      }
    };
    await balancer.takeOut(1);
    const before = await sentTo();
    await read();
    const during = await sentTo();
    expect(during[1]).toBe(before[1]);
    expect(during[0] + during[2] - before[0] - before[2]).toBe(12);
    await balancer.putBack(1);
    await read();
    expect((await sentTo())[1]).toBeGreaterThan(during[1]);
  }, 60_000);

  it('restarts every replica in turn under load without failing a request', async () => {
    const loaders = await Promise.all(
      Array.from({ length: LOAD_CONNECTIONS }, () => newUser(cluster.url)),
    );
    const pidsBefore = cluster.apis().map((api) => api.child.pid);
    const statuses: Record<string, number> = {};
    const created: string[] = [];
    let restarting = true;
    const load = loaders.map(async ({ token }) => {
      for (let request = 0; restarting; request += 1) {
        const write = request % 4 === 3 && request / 4 < CREATES_PER_CONNECTION;
        const service = services[Math.floor(request / 4) % services.length];
        const answer = write
          ? await call(`${cluster.url}/api/addreviews`, {
              method: 'POST',
              token,
              body: reviewOf(service, 5),
            }).catch(() => ({ status: 0, body: undefined }))
          : await call(
              `${cluster.url}${request % 2 ? `/api/services/${service}` : `/api/reviews?service=${service}&limit=20`}`,
            ).catch(() => ({ status: 0, body: undefined }));
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (write && answer.status === 201) {
          created.push((answer.body as { insertedId: string }).insertedId);
        }
      }
    });
    const restarts = await cluster.rollingRestart().finally(() => (restarting = false));
    await Promise.all(load);

    expect(restarts.map((restart) => restart.index)).toEqual([0, 1, 2]);
    const pidsAfter = cluster.apis().map((api) => api.child.pid);
    pidsAfter.forEach((pid, index) => expect(pid).not.toBe(pidsBefore[index]));
    const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    expect(answered).toBeGreaterThan(LOAD_CONNECTIONS);
    // Every request answered with a success: no connection error (0), no 5xx, no 429.
    expect(Object.keys(statuses).filter((status) => !/^2\d\d$/.test(status))).toEqual([]);
    expect(created.length).toBeGreaterThan(0);
    expectAuditedOnce(await auditedReviews(created), created);
  }, 180_000);
});
