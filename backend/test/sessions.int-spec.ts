import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SessionsService } from '../src/auth/sessions.service';
import { RefreshToken, RevokedFamily } from '../src/auth/session.schema';
import {
  postWithCookie,
  refreshCookieOf,
  registerAdmin,
  registerUser,
  type RegisteredUser,
  cookieOf,
} from './support/auth-helpers';
import { useTestApp, type TestApp } from './support/test-app';
import { BOARD_COOKIE } from '../src/admin/queues-board';
import { SESSION_HINT_COOKIE } from '../src/spa/page-contract';

function refresh(testApp: TestApp, cookie: string) {
  return postWithCookie(testApp, '/api/auth/refresh', cookie);
}

function logout(testApp: TestApp, cookie: string) {
  return postWithCookie(testApp, '/api/auth/logout', cookie);
}

function getMe(testApp: TestApp, accessToken: string) {
  return testApp.http().get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`);
}

describe('refresh sessions and the access tokens tied to them', () => {
  const testApp = useTestApp({ full: true });

  it('rotates the refresh token on every use', async () => {
    const user = await registerUser(testApp);
    const first = await refresh(testApp, user.cookie).expect(200);
    expect(first.body.user.uid).toBe(user.uid);
    const next = refreshCookieOf(first);
    expect(next).not.toBe(user.cookie);
    await refresh(testApp, next).expect(200);
  });

  it('a token reused within the grace (two tabs, a fast reload) gets a session of its family', async () => {
    const user = await registerUser(testApp);
    const rotated = refreshCookieOf(await refresh(testApp, user.cookie).expect(200));
    const again = await refresh(testApp, user.cookie).expect(200);
    expect(again.body.user.uid).toBe(user.uid);
    await refresh(testApp, refreshCookieOf(again)).expect(200);
    await refresh(testApp, rotated).expect(200);
  });

  it('logout ends the login: its refresh token and every access token of it', async () => {
    const user = await registerUser(testApp);
    const refreshed = await refresh(testApp, user.cookie).expect(200);
    await getMe(testApp, user.accessToken).expect(200);
    const answer = await logout(testApp, refreshCookieOf(refreshed)).expect(200, {
      success: true,
    });
    expect(answer.headers['set-cookie']?.toString()).toMatch(
      new RegExp(`${SESSION_HINT_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970`),
    );
    await refresh(testApp, user.cookie).expect(401);
    for (const accessToken of [user.accessToken, refreshed.body.accessToken as string]) {
      const response = await getMe(testApp, accessToken).expect(401);
      expect(response.body).toMatchObject({ code: 'SESSION_ENDED' });
    }
  });

  it('PATCH /api/auth/me after logout is a 401, not a fresh token', async () => {
    const user = await registerUser(testApp);
    await logout(testApp, user.cookie).expect(200);
    const response = await testApp
      .http()
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ displayName: 'Still Here' })
      .expect(401);
    expect(response.body.accessToken).toBeUndefined();
  });

  it('the token PATCH /api/auth/me hands out belongs to the same login', async () => {
    const user = await registerUser(testApp);
    const patched = await testApp
      .http()
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ displayName: 'Renamed' })
      .expect(200);
    await logout(testApp, user.cookie).expect(200);
    await getMe(testApp, patched.body.accessToken as string).expect(401);
  });

  it('logging out one login leaves the user’s other logins alone', async () => {
    const user = await registerUser(testApp);
    const other = await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    await logout(testApp, user.cookie).expect(200);
    await getMe(testApp, other.body.accessToken as string).expect(200);
    await refresh(testApp, refreshCookieOf(other)).expect(200);
  });

  it('a refresh racing a logout leaves no working token, round after round', async () => {
    for (let round = 0; round < 15; round += 1) {
      const user: RegisteredUser = await registerUser(testApp);
      const [refreshed] = await Promise.all([
        refresh(testApp, user.cookie),
        logout(testApp, user.cookie).expect(200),
      ]);
      const accessTokens = [user.accessToken];
      if (refreshed.status === 200) {
        accessTokens.push(refreshed.body.accessToken as string);
        await refresh(testApp, refreshCookieOf(refreshed)).expect(401);
      } else {
        expect(refreshed.status).toBe(401);
      }
      await refresh(testApp, user.cookie).expect(401);
      for (const accessToken of accessTokens) await getMe(testApp, accessToken).expect(401);
    }
  });

  it('concurrent refreshes of one token all get tokens of one family (the grace)', async () => {
    const user = await registerUser(testApp);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refresh(testApp, user.cookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200));
    await logout(testApp, refreshCookieOf(answers[0])).expect(200);
    for (const answer of answers) await refresh(testApp, refreshCookieOf(answer)).expect(401);
  });

  it('the clean-up job removes tokens and revocations past their day', async () => {
    const tokens = testApp.app.get<Model<RefreshToken>>(getModelToken(RefreshToken.name));
    const revoked = testApp.app.get<Model<RevokedFamily>>(getModelToken(RevokedFamily.name));
    const yesterday = new Date(Date.now() - 86_400_000);
    const expiresOn = yesterday.toISOString().slice(0, 10);
    const id = `expired-${Date.now()}`;
    await tokens.create({ _id: id, family: id, userId: id, expiresAt: yesterday, expiresOn });
    await revoked.create({ _id: id, revokedAt: yesterday, expiresOn });
    expect(await testApp.app.get(SessionsService).deleteExpired()).toBeGreaterThanOrEqual(2);
    expect(await tokens.findById(id).lean()).toBeNull();
    expect(await revoked.findById(id).lean()).toBeNull();
  });
});

describe('reuse of a refresh token after the grace', () => {
  const testApp = useTestApp({ full: true, env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });

  it('revokes the whole family, refresh and access tokens', async () => {
    const user = await registerUser(testApp);
    const rotated = await refresh(testApp, user.cookie).expect(200);
    const reuse = await refresh(testApp, user.cookie).expect(401);
    expect(reuse.body.code).toBe('SESSION_ENDED');
    await refresh(testApp, refreshCookieOf(rotated)).expect(401);
    await getMe(testApp, rotated.body.accessToken as string).expect(401);
    await getMe(testApp, user.accessToken).expect(401);
  });
});

describe('the queue dashboard token and API tokens are apart', () => {
  const testApp = useTestApp({ full: true });
  let admin: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
  });

  it('the dashboard token is no API token', async () => {
    const opened = await testApp
      .http()
      .post('/api/admin/queues-session')
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .expect(200);
    const boardToken = cookieOf(opened, BOARD_COOKIE).slice(`${BOARD_COOKIE}=`.length);
    await testApp
      .http()
      .get('/api/admin/queues')
      .set('Cookie', `${BOARD_COOKIE}=${boardToken}`)
      .expect(200);
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${boardToken}`)
      .expect(401);
  });

  it('an API token is no dashboard token', async () => {
    await testApp
      .http()
      .get('/api/admin/queues')
      .set('Cookie', `${BOARD_COOKIE}=${admin.accessToken}`)
      .expect(401);
  });
});
