import type Redis from 'ioredis';
import { countInWindow } from '../src/common/rate-limit/window-counter';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { connectRedis } from '../src/infrastructure/redis.module';
import { postWithCookie, registerUser, type RegisteredUser } from './support/auth-helpers';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { useTestApp, type TestApp } from './support/test-app';

let addresses = 0;
/** A new client address every call, as a client forging X-Forwarded-For would send. */
function nextAddress(): string {
  addresses += 1;
  return `203.0.113.${addresses % 250}`;
}

/** A wrong login, for an address of its own: five for one address would lock its logins. */
function login(testApp: TestApp, forwardedFor: string) {
  return testApp
    .http()
    .post('/api/auth/login')
    .set('X-Forwarded-For', forwardedFor)
    .send({ email: `nobody.${uniqueTag()}@example.com`, password: 'wrong-password' });
}

describe('per-address limits without TRUST_PROXY', () => {
  const testApp = useTestApp({
    full: true,
    env: {
      RATE_LIMIT_AUTH: '10',
      REDIS_PREFIX: `rl-ip-${Date.now()}`,
    },
  });

  it('twelve logins, each with a new X-Forwarded-For, end in 429s', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      answers.push(await login(testApp, nextAddress()));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(10).fill(401),
      429,
      429,
    ]);
    // The RateLimit header fields (IETF httpapi draft) on every counted answer, 429s too.
    expect(answers[0].headers['ratelimit-policy']).toBe('"auth";q=10;w=60');
    expect(answers[0].headers['ratelimit']).toMatch(/^"auth";r=9;t=\d+$/);
    expect(answers[10].headers['ratelimit']).toMatch(/^"auth";r=0;t=\d+$/);
    expect(Number(answers[10].headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the window counter', () => {
  const testApp = useTestApp({ env: { REDIS_PREFIX: `rl-window-${Date.now()}` } });

  it('still counts the calls just before a window boundary just after it', async () => {
    const redis = testApp.app.get<Redis>(REDIS_CLIENT);
    const key = `window-test-${Date.now()}`;
    const boundary = Math.ceil(Date.now() / 60_000) * 60_000;
    const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
    try {
      at(boundary - 500);
      expect((await countInWindow(redis, key, 60)).count).toBe(1);
      expect((await countInWindow(redis, key, 60)).count).toBe(2);
      at(boundary + 500);
      expect(await countInWindow(redis, key, 60)).toEqual({ count: 3, retryAfter: 60 });
      // Two windows on, the earlier calls have slid out.
      at(boundary + 120_500);
      expect((await countInWindow(redis, key, 60)).count).toBe(1);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("counts on the app's client in the same turn as other commands (one automatic pipeline)", async () => {
    const redis = await connectRedis(testApp.config);
    const uncaught = jest.fn();
    process.on('uncaughtException', uncaught);
    try {
      const key = `window-pipelined-${Date.now()}`;
      const [, counted] = await Promise.all([
        redis.get(`${key}:other`),
        countInWindow(redis, key, 60),
      ]);
      expect(counted.count).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', uncaught);
      redis.disconnect();
    }
  });

  it("keeps a window's count only as long as the next window needs it", async () => {
    const redis = testApp.app.get<Redis>(REDIS_CLIENT);
    const key = `window-expiry-${Date.now()}`;
    // Both in the middle of one window, as the clock may reach its end between them.
    jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    try {
      await countInWindow(redis, key, 60);
      await countInWindow(redis, key, 60);
    } finally {
      jest.restoreAllMocks();
    }
    const [stored] = await redis.keys(`${key}:*`);
    expect(await redis.get(stored!)).toBe('2');
    expect(await redis.ttl(stored!)).toBeGreaterThan(115);
    expect(await redis.ttl(stored!)).toBeLessThanOrEqual(121);
  });
});

describe('per-address limits behind a trusted proxy (TRUST_PROXY)', () => {
  const testApp = useTestApp({
    full: true,
    env: {
      RATE_LIMIT_AUTH: '2',
      TRUST_PROXY: 'loopback',
      REDIS_PREFIX: `rl-proxy-${Date.now()}`,
    },
  });

  it('counts the client address the trusted proxy reports', async () => {
    const [first, second] = [nextAddress(), nextAddress()];
    expect((await login(testApp, first)).status).toBe(401);
    expect((await login(testApp, first)).status).toBe(401);
    expect((await login(testApp, first)).status).toBe(429);
    expect((await login(testApp, second)).status).toBe(401);
  });
});

describe('the write limit counts per user', () => {
  const LIMIT = 3;
  const testApp = useTestApp({
    full: true,
    env: {
      RATE_LIMIT_WRITES: String(LIMIT),
      TRUST_PROXY: 'loopback',
      REDIS_PREFIX: `rl-user-${Date.now()}`,
    },
  });

  function addService(user: RegisteredUser, forwardedFor: string) {
    return testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .set('X-Forwarded-For', forwardedFor)
      .send({
        title: `Limited Courier ${uniqueTag()}`,
        price: 10,
        image: '/images/services/test.svg',
        details: 'Counted against its author.',
      });
  }

  async function statusesOf(user: RegisteredUser, addressOf: () => string): Promise<number[]> {
    const statuses: number[] = [];
    for (let write = 0; write <= LIMIT; write += 1) {
      statuses.push((await addService(user, addressOf())).status);
    }
    return statuses;
  }

  it('two users from one address have a budget each', async () => {
    const address = nextAddress();
    const [alice, bob] = [await registerUser(testApp), await registerUser(testApp)];
    const expected = [...Array<number>(LIMIT).fill(201), 429];
    expect(await statusesOf(alice, () => address)).toEqual(expected);
    expect(await statusesOf(bob, () => address)).toEqual(expected);
  });

  it('a write of an ended login is refused and not counted against its user', async () => {
    const dave = await registerUser(testApp);
    const { accessToken } = (
      await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: dave.email, password: dave.password })
        .expect(200)
    ).body;
    await postWithCookie(testApp, '/api/auth/logout', dave.cookie).expect(200);
    for (let write = 0; write <= LIMIT; write += 1) {
      expect((await addService(dave, nextAddress())).status).toBe(401);
    }
    // The user's other login still has the whole budget.
    const stillIn = { ...dave, accessToken };
    expect(await statusesOf(stillIn, nextAddress)).toEqual([
      ...Array<number>(LIMIT).fill(201),
      429,
    ]);
  });

  it('profile changes (PATCH /api/auth/me) are limited per user too', async () => {
    const erin = await registerUser(testApp);
    const statuses: number[] = [];
    for (let write = 0; write <= LIMIT; write += 1) {
      const response = await testApp
        .http()
        .patch('/api/auth/me')
        .set('Authorization', `Bearer ${erin.accessToken}`)
        .set('X-Forwarded-For', nextAddress())
        .send({ displayName: `Erin ${write}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
  });

  it('one user across addresses shares one budget', async () => {
    const carol = await registerUser(testApp);
    expect(await statusesOf(carol, nextAddress)).toEqual([...Array<number>(LIMIT).fill(201), 429]);
  });
});
