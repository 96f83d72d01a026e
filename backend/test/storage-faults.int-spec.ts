import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess, startWorkerProcess } from '../../infra/app-processes';
import { startFerretDB } from '../../infra/storage/ferretdb';
import { crashPostgres, startPostgres, type Postgres } from '../../infra/storage/postgres';
import { freePort, sleep, type Managed } from '../../infra/storage/processes';
import { uniqueEmail } from './support/auth-helpers';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { eventually } from './support/test-worker';

/** No request may be held longer than the API's 10 s deadline, plus the way here and back. */
const ANSWER_WITHIN_MS = 11_000;
/**
 * Each user reviews every service once, with a text of its own: at most 4 reviews each, under the
 * moderation rules' 5 per 10 minutes, so every review stays published and counts in the rating.
 */
const USERS = 18;
const SERVICES = 4;

type Api = Managed & { baseUrl: string };

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

interface User {
  email: string;
  token: string;
}

interface Attempt {
  user: number;
  service: number;
  status: number;
  /** Milliseconds since the stream began. */
  at: number;
  id?: string;
}

/**
 * PostgreSQL is killed with SIGKILL (the postmaster and every backend, as a crash would) while
 * reviews are being written through the API, then started again on the same data directory and
 * port. Meanwhile the API answers 503 quickly; afterwards it recovers by itself, without
 * restarting it or FerretDB; and no write it acknowledged is lost.
 *
 * The cluster runs with fsync on (`durable`), as `make run`'s does. Strictly, a SIGKILL of the
 * server processes loses no committed transaction even with fsync off: the commit's WAL is already
 * in the operating system's page cache, and only an OS crash or power loss would drop it. So this
 * test proves PostgreSQL's crash recovery plus our acknowledging only after the commit; it does
 * not prove durability against a machine crash, which no test here can.
 */
describe('PostgreSQL killed during writes', () => {
  let dataDir: string;
  let postgresPort: number;
  let postgres: Postgres | undefined;
  let ferret: (Managed & { url: string }) | undefined;
  let api: Api | undefined;
  let worker: Managed | undefined;
  const log: string[] = [];

  const startOwnPostgres = async (): Promise<Postgres> => {
    const started = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: postgresPort,
      durable: true,
      log: (line) => log.push(line),
    });
    if (typeof started === 'string') throw new Error(`no PostgreSQL: ${started}`);
    return started;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'service-critic-pgfault-'));
    // The cluster may run as the postgres user, who must be able to pass through.
    chmodSync(dataDir, 0o711);
    postgresPort = await freePort();
    postgres = await startOwnPostgres();
    ferret = await startFerretDB({
      port: await freePort(),
      backend: { postgresqlUrl: postgres.ferretdbUrl },
      database: 'pgfault',
      quiet: true,
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MONGO_URL: ferret.url,
      NODE_ENV: 'test',
      // PGFAULT_LOG=warn shows the API's log, with every storage failure it answered 503.
      LOG_LEVEL: process.env.PGFAULT_LOG ?? 'fatal',
      RATE_LIMIT_AUTH: '10000',
      RATE_LIMIT_WRITES: '10000',
    };
    // The full app: SPA_DIR is left unset, so the SPA and server rendering are on.
    delete env.SPA_DIR;
    worker = await startWorkerProcess(env, { quiet: true });
    api = await startApiProcess(env, { port: await freePort(), quiet: !process.env.PGFAULT_LOG });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await ferret?.stop();
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const started = Date.now();
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${api!.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 4000),
    });
    const text = await response.text();
    const ms = Date.now() - started;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    return { status: response.status, headers: response.headers, body, ms };
  }

  function describeAnswer(what: string, answer: Answer): string {
    return `${what}: ${answer.status} in ${answer.ms} ms ${JSON.stringify(answer.body)}`;
  }

  /** A 503 as every route gives it: Retry-After and `{statusCode, code, error}`. */
  function expectUnavailable(what: string, answer: Answer): void {
    expect({ what, status: answer.status }).toEqual({ what, status: 503 });
    expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(answer.body).toEqual({
      statusCode: 503,
      code: expect.stringMatching(/^[A-Z_]+$/),
      error: expect.stringMatching(/^[A-Z].*\.$/),
    });
  }

  async function register(): Promise<User> {
    const email = uniqueEmail('pgfault');
    const answer = await call('POST', '/api/register', {
      body: { name: 'Fault Tester', email, password: 'correct horse battery' },
    });
    if (answer.status !== 201) throw new Error(describeAnswer('register', answer));
    return { email, token: (answer.body as { accessToken: string }).accessToken };
  }

  async function addService(token: string, index: number): Promise<string> {
    const answer = await call('POST', '/api/addservices', {
      token,
      body: {
        title: `Fault Courier ${uniqueTag()}`,
        price: 20,
        image: '/images/services/test.svg',
        details: `Parcels across town before the evening, route ${index}.`,
      },
    });
    if (answer.status !== 201) throw new Error(describeAnswer('add service', answer));
    return (answer.body as { insertedId: string }).insertedId;
  }

  const createReview = (user: User, service: string, label: string) =>
    call('POST', '/api/addreviews', {
      token: user.token,
      body: {
        title: 'Fault Courier',
        details: `Arrived on time and intact, parcel ${label}.`,
        serviceID: 4821,
        rating: 4,
        service,
      },
    });

  let searches = 0;
  /** A read no cache can answer, so it reaches the database. */
  const uncachedRead = () => {
    searches += 1;
    return call('GET', `/api/services?q=pgfault-${Date.now().toString(36)}-${searches}`);
  };

  it('answers 503 while it is down, recovers by itself, and loses no acknowledged write', async () => {
    const users: User[] = [];
    for (let index = 0; index < USERS; index += 1) users.push(await register());
    // Their owner reviews none of them.
    const owner = await register();
    const services: string[] = [];
    for (let index = 0; index < SERVICES; index += 1) {
      services.push(await addService(owner.token, index));
    }

    // Every (user, service) pair once, so that each create is a distinct user's first review of
    // that service; a create refused with 503 is not retried (it may or may not have landed).
    const pairs: [number, number][] = [];
    for (let service = 0; service < SERVICES; service += 1) {
      for (let user = 0; user < USERS; user += 1) pairs.push([user, service]);
    }
    const attempts: Attempt[] = [];
    const unexpected: string[] = [];
    const streamStart = Date.now();
    let next = 0;
    let stopStream = false;
    const writer = async () => {
      while (!stopStream && next < pairs.length) {
        const [user, service] = pairs[next];
        next += 1;
        const answer = await createReview(
          users[user],
          services[service],
          `${user}-${service}`,
        ).catch((error: Error) => ({ status: 0, ms: Date.now() - streamStart, error }) as const);
        const at = Date.now() - streamStart;
        if ('error' in answer) {
          unexpected.push(`create ${user}/${service}: no answer (${answer.error.message})`);
          continue;
        }
        const attempt: Attempt = { user, service, status: answer.status, at };
        if (answer.status === 201) {
          attempt.id = (answer.body as { insertedId: string }).insertedId;
        } else if (answer.status === 503) {
          try {
            expectUnavailable('create', answer);
          } catch {
            unexpected.push(describeAnswer(`create ${user}/${service}`, answer));
          }
        } else {
          unexpected.push(describeAnswer(`create ${user}/${service}`, answer));
        }
        if (answer.ms > ANSWER_WITHIN_MS) {
          unexpected.push(describeAnswer(`create ${user}/${service} (too slow)`, answer));
        }
        attempts.push(attempt);
        // A steady stream, not a flood: the outage, not the load, is under test. After a 503 the
        // writer waits a second, less than Retry-After asks, so that writes keep arriving
        // throughout the outage without using up every pair in it.
        await sleep(answer.status === 503 ? 1000 : 100);
      }
    };
    const writers = Promise.all([writer(), writer(), writer()]);

    // Writes are going through; then PostgreSQL crashes.
    await eventually(
      'some acknowledged creates',
      async () => (attempts.filter((a) => a.status === 201).length >= 8 ? true : undefined),
      30_000,
    );
    const killedAt = Date.now() - streamStart;
    await crashPostgres(postgres!);
    postgres = undefined;

    // While it is down: a read that reaches the database, a signed-in read and a write all answer
    // 503 within seconds.
    await sleep(1000);
    const down = await Promise.all([
      uncachedRead(),
      call('GET', `/api/myreviews?limit=50&sort=newest&q=${Date.now().toString(36)}`, {
        token: users[1].token,
      }),
      call('POST', '/api/addservices', {
        token: users[0].token,
        body: {
          title: `Fault Courier down ${uniqueTag()}`,
          price: 20,
          image: '/images/services/test.svg',
          details: 'Parcels across town while the storage is down.',
        },
      }),
    ]);
    expectUnavailable('uncached read while down', down[0]);
    expectUnavailable('signed-in read while down', down[1]);
    expectUnavailable('write while down', down[2]);
    for (const answer of down) expect(answer.ms).toBeLessThan(8000);
    await sleep(2000);

    // Crash recovery on the same data directory and port; FerretDB and the API keep running.
    const restartStart = Date.now();
    postgres = await startOwnPostgres();
    const restartedAt = Date.now() - streamStart;
    const restartBegan = restartStart - streamStart;
    const restartMs = Date.now() - restartStart;

    const health = await eventually(
      '/api/health to answer 200',
      async () => {
        const answer = await call('GET', '/api/health').catch(() => undefined);
        return answer?.status === 200 ? answer : undefined;
      },
      30_000,
    );
    expect(health.status).toBe(200);
    const healthyAfterMs = Date.now() - streamStart - restartedAt;

    // The stream continues until every pair was tried or a few seconds past the recovery.
    await eventually(
      'a create acknowledged after the restart',
      async () =>
        attempts.some((a) => a.status === 201 && a.at > restartedAt) || next >= pairs.length
          ? true
          : undefined,
      30_000,
    );
    await sleep(2000);
    stopStream = true;
    await writers;

    // A new write after recovery succeeds.
    const lateUser = await register();
    const lateReview = await createReview(lateUser, services[0], 'late');
    expect(lateReview.status).toBe(201);

    const acknowledged = attempts.filter((a) => a.status === 201);
    const refused = attempts.filter((a) => a.status === 503);
    const firstRefused = refused.length ? Math.min(...refused.map((a) => a.at)) : undefined;
    const lastRefused = refused.length ? Math.max(...refused.map((a) => a.at)) : undefined;
    console.log(
      [
        `PostgreSQL killed at ${killedAt} ms into the stream, started again at ${restartBegan} ms, ready (recovered, set up) at ${restartedAt} ms (${restartMs} ms);`,
        `/api/health 200 again ${healthyAfterMs} ms after the restart.`,
        `${attempts.length} creates: ${acknowledged.length} acknowledged, ${refused.length} refused with 503` +
          (refused.length ? ` (from ${firstRefused} ms to ${lastRefused} ms).` : '.'),
        `While down: ${down.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}.`,
      ].join('\n'),
    );
    expect(unexpected).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(acknowledged.some((a) => a.at < killedAt)).toBe(true);
    expect(acknowledged.some((a) => a.at > restartedAt)).toBe(true);

    // Every acknowledged create is there, read through the API as its author.
    const stored = new Map<string, { user: number; service: string; status: string }>();
    for (let user = 0; user < USERS; user += 1) {
      const answer = await call('GET', '/api/myreviews?limit=50', { token: users[user].token });
      expect(answer.status).toBe(200);
      for (const review of answer.body as { _id: string; service: string; status: string }[]) {
        stored.set(review._id, { user, service: review.service, status: review.status });
      }
    }
    const lost = acknowledged.filter((a) => !stored.has(a.id!));
    expect(lost).toEqual([]);
    // Nothing appears that was not asked for; a create refused with 503 may have landed.
    const tried = new Set(attempts.map((a) => `${a.user}/${services[a.service]}`));
    for (const { user, service } of stored.values()) expect(tried).toContain(`${user}/${service}`);
    expect([...stored.values()].filter((review) => review.status !== 'published')).toEqual([]);
    const refusedButStored = stored.size - acknowledged.length;
    console.log(`${refusedButStored} of the refused creates had landed nevertheless.`);

    // Once the pending events have settled, each service's rating counts exactly its reviews.
    const expected = services.map(
      (service, index) =>
        [...stored.values()].filter((review) => review.service === service).length +
        (index === 0 ? 1 : 0),
    );
    const acknowledgedPerService = services.map(
      (_, index) => acknowledged.filter((a) => a.service === index).length + (index === 0 ? 1 : 0),
    );
    let counts: number[] = [];
    await eventually(
      'the rating counts to settle',
      async () => {
        counts = [];
        for (const service of services) {
          const answer = await call('GET', `/api/services/${service}`);
          counts.push((answer.body as { rating: { count: number } }).rating?.count);
        }
        return JSON.stringify(counts) === JSON.stringify(expected) ? true : undefined;
      },
      20_000,
    ).catch(() => undefined);
    expect(counts).toEqual(expected);
    if (refusedButStored === 0) expect(counts).toEqual(acknowledgedPerService);
  }, 180_000);
});
