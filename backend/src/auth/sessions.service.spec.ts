import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { RefreshToken, RevokedFamily } from './session.schema';
import type { SessionsRepository } from './sessions.repository';
import type { ReadCache } from '../common/read-cache/read-cache';
import { SessionsService } from './sessions.service';

/** The repository's contract in memory: inserts refuse a taken `_id`, reads are by `_id`. */
class FakeSessionsRepository implements Pick<SessionsRepository, keyof SessionsRepository> {
  readonly tokens = new Map<string, RefreshToken>();
  readonly revocations = new Map<string, RevokedFamily>();

  async findToken(id: string) {
    return this.tokens.get(id) ?? null;
  }
  async insertToken(token: RefreshToken) {
    if (this.tokens.has(token._id)) return false;
    this.tokens.set(token._id, { ...token });
    return true;
  }
  async isRevoked(family: string) {
    return this.revocations.has(family);
  }
  async insertRevocation(revocation: RevokedFamily) {
    if (this.revocations.has(revocation._id)) return false;
    this.revocations.set(revocation._id, revocation);
    return true;
  }
  async deleteExpiringOn(expiresOn: string) {
    let removed = 0;
    for (const store of [this.tokens, this.revocations] as Map<string, { expiresOn: string }>[]) {
      for (const [id, item] of store) {
        if (item.expiresOn === expiresOn && store.delete(id)) removed += 1;
      }
    }
    return removed;
  }
}

/** The two Redis commands the service uses, in memory. */
function fakeRedis(down = false) {
  const keys = new Set<string>();
  const fail = () => Promise.reject(new Error('Connection is closed.'));
  return {
    keys,
    client: {
      set: (key: string) => (down ? fail() : (keys.add(key), Promise.resolve('OK'))),
      exists: (key: string) => (down ? fail() : Promise.resolve(keys.has(key) ? 1 : 0)),
    } as unknown as Redis,
  };
}

const GRACE_SECONDS = 10;
const config = {
  redis: { prefix: 'test' },
  auth: {
    refreshTokenTtlDays: 30,
    refreshReuseGraceSeconds: GRACE_SECONDS,
    accessTokenTtlSeconds: 900,
  },
} as AppConfig;

function sessionsWith(repository = new FakeSessionsRepository(), redis = fakeRedis()) {
  return {
    repository,
    redis,
    sessions: new SessionsService(
      repository as unknown as SessionsRepository,
      config,
      redis.client,
      // Revocation bumps the login's scope; the response cache's side is tested on the real app.
      { invalidate: async () => undefined } as unknown as ReadCache,
    ),
  };
}

async function sessionEnded(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toBeInstanceOf(ApiError);
  await attempt.catch((error: ApiError) =>
    expect(error.getResponse()).toMatchObject({ statusCode: 401, code: 'SESSION_ENDED' }),
  );
}

describe('SessionsService (refresh rotation)', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) }));
  afterEach(() => jest.useRealTimers());

  it('exchanges a token for the next one of the same login, for the same user', async () => {
    const { sessions } = sessionsWith();
    const first = await sessions.issue('user-1');
    const { userId, next } = await sessions.rotate(first.token);
    expect(userId).toBe('user-1');
    expect(next.family).toBe(first.family);
    expect(next.token).not.toBe(first.token);
    await expect(sessions.rotate(next.token)).resolves.toMatchObject({ userId: 'user-1' });
  });

  it('stores tokens hashed, never as given', async () => {
    const { sessions, repository } = sessionsWith();
    const { token } = await sessions.issue('user-1');
    expect([...repository.tokens.keys()]).not.toContain(token);
    expect([...repository.tokens.keys()][0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a token used again within the grace (two tabs) another token of its login', async () => {
    const { sessions } = sessionsWith();
    const first = await sessions.issue('user-1');
    const a = await sessions.rotate(first.token);
    jest.advanceTimersByTime((GRACE_SECONDS - 1) * 1000);
    const b = await sessions.rotate(first.token);
    expect(b.next.family).toBe(first.family);
    await expect(sessions.rotate(a.next.token)).resolves.toBeDefined();
    await expect(sessions.rotate(b.next.token)).resolves.toBeDefined();
  });

  it('treats a token used again after the grace as leaked: the whole login ends', async () => {
    const { sessions, redis } = sessionsWith();
    const first = await sessions.issue('user-1');
    const { next } = await sessions.rotate(first.token);
    jest.advanceTimersByTime((GRACE_SECONDS + 1) * 1000);
    await sessionEnded(sessions.rotate(first.token));
    await sessionEnded(sessions.rotate(next.token));
    await expect(sessions.isAccessRevoked(first.family)).resolves.toBe(true);
    expect([...redis.keys]).toEqual([`test:revoked-login:${first.family}`]);
  });

  it('refuses an unknown or expired token', async () => {
    const { sessions } = sessionsWith();
    await sessionEnded(sessions.rotate('not-a-token'));
    const { token } = await sessions.issue('user-1');
    jest.advanceTimersByTime(30 * 86_400_000);
    await sessionEnded(sessions.rotate(token));
  });

  it('logout ends every token of the login, and only that login', async () => {
    const { sessions } = sessionsWith();
    const login = await sessions.issue('user-1');
    const other = await sessions.issue('user-1');
    const { next } = await sessions.rotate(login.token);
    await sessions.revoke(login.token);
    await sessionEnded(sessions.rotate(next.token));
    await expect(sessions.isAccessRevoked(login.family)).resolves.toBe(true);
    await expect(sessions.isAccessRevoked(other.family)).resolves.toBe(false);
    await expect(sessions.rotate(other.token)).resolves.toBeDefined();
  });

  it('asks the database whether a login ended when Redis does not answer', async () => {
    const repository = new FakeSessionsRepository();
    const login = await sessionsWith(repository).sessions.issue('user-1');
    await repository.insertRevocation({ _id: login.family, revokedAt: new Date(), expiresOn: 'x' });
    const { sessions } = sessionsWith(repository, fakeRedis(true));
    await expect(sessions.isAccessRevoked(login.family)).resolves.toBe(true);
    await expect(sessions.isAccessRevoked('another-login')).resolves.toBe(false);
  });

  it('removes what expired in the past week, by expiry day', async () => {
    const { sessions, repository } = sessionsWith();
    await sessions.issue('user-1');
    jest.advanceTimersByTime(32 * 86_400_000);
    await expect(sessions.deleteExpired()).resolves.toBe(1);
    expect(repository.tokens.size).toBe(0);
  });
});
