import jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';
import {
  postWithCookie,
  refreshCookieOf,
  registerAdmin,
  registerUser,
  uniqueEmail,
  setCookieLine,
} from './support/auth-helpers';
import { startGoogleMock, type GoogleMock } from '../../infra/google-mock';
import { REFRESH_COOKIE } from '../src/auth/refresh-cookie';
import { SESSION_HINT_COOKIE } from '../src/spa/page-contract';
import { OAUTH_STATE_COOKIE } from '../src/auth/oauth-state-store';

describe('auth', () => {
  const adminEmail = uniqueEmail('boss');
  const testApp = useTestApp({ env: { ADMIN_EMAILS: adminEmail } });

  describe('POST /api/register', () => {
    it('creates the account, answers the contract fields and sets the refresh cookie', async () => {
      const email = uniqueEmail('Dana');
      const response = await testApp
        .http()
        .post('/api/register')
        .send({
          name: 'Dana Courier',
          email: `  ${email.toUpperCase()} `,
          password: 'parcel-tracking-42',
        })
        .expect(201);
      expect(response.body).toMatchObject({
        acknowledged: true,
        insertedId: expect.stringMatching(/^[a-f\d]{24}$/),
        accessToken: expect.any(String),
        user: {
          email: email.toLowerCase(),
          displayName: 'Dana Courier',
          photoURL: '',
          emailVerified: false,
          isAdmin: false,
        },
      });
      expect(response.body.user.uid).toBe(response.body.insertedId);
      const [cookie, hint] = ([] as string[]).concat(response.headers['set-cookie']);
      expect(cookie).toMatch(
        new RegExp(
          `^${REFRESH_COOKIE}=[\\w-]+; Path=/api/auth; Expires=.+; HttpOnly; SameSite=Lax$`,
        ),
      );
      // the SPA's hint that a session may exist: readable by scripts, no secret in it
      expect(hint).toMatch(
        new RegExp(`^${SESSION_HINT_COOKIE}=1; Path=/; Expires=.+; SameSite=Lax$`),
      );
    });

    it('refuses a second account with the same e-mail (409)', async () => {
      const { email } = await registerUser(testApp);
      const response = await testApp
        .http()
        .post('/api/register')
        .send({ name: 'Again', email: email.toUpperCase(), password: 'another-password' })
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
        error: 'An account with this e-mail already exists.',
      });
    });

    it.each([
      [
        { name: 'A', email: 'a@example.com', password: 'short' },
        'password must be 8 to 128 characters long',
      ],
      [
        { name: 'A', email: 'not-an-email', password: 'long enough pw' },
        'email must be an e-mail address',
      ],
      [{ email: 'a@example.com', password: 'long enough pw' }, 'name must be text'],
      [
        { name: 'A', email: 'a@example.com', password: 'long enough pw', role: 'admin' },
        'property role should not exist',
      ],
    ])('rejects %j with a sentence', async (body, message) => {
      const response = await testApp.http().post('/api/register').send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.error).toContain(message);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password', async () => {
      const user = await registerUser(testApp);
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: user.email.toUpperCase(), password: user.password })
        .expect(200);
      expect(response.body.user.email).toBe(user.email);
      expect(refreshCookieOf(response)).toMatch(new RegExp(`^${REFRESH_COOKIE}=`));
    });

    it('answers the same sentence for an unknown e-mail and a wrong password', async () => {
      const user = await registerUser(testApp);
      const wrong = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: user.email, password: 'not the password' })
        .expect(401);
      const unknown = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: uniqueEmail('nobody'), password: 'whatever-it-is' })
        .expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error).toBe('Invalid e-mail or password');
    });

    it('rejects operator injection in the e-mail with 400', async () => {
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: { $ne: null }, password: 'x' })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: expect.stringContaining('email must be text'),
      });
    });
  });

  describe('access tokens', () => {
    it('GET /api/auth/me answers the user for a valid token', async () => {
      const user = await registerUser(testApp);
      const response = await testApp
        .http()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .expect(200);
      expect(response.body).toMatchObject({ uid: user.uid, email: user.email });
    });

    it('an expired token is a 401 saying so', async () => {
      const expired = jwt.sign(
        { sub: 'x', email: 'x@example.com', role: 'user', name: 'X', picture: '' },
        testApp.config.auth.jwtSecret,
        { expiresIn: -10 },
      );
      const response = await testApp
        .http()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${expired}`)
        .expect(401);
      expect(response.body.code).toBe('TOKEN_EXPIRED');
    });

    it('a tampered token is a 401', async () => {
      const user = await registerUser(testApp);
      const [header, payload, signature] = user.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString(
        'base64url',
      );
      const response = await testApp
        .http()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${header}.${forged}.${signature}`)
        .expect(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });

    it('PATCH /api/auth/me changes name and photo and answers a fresh token', async () => {
      const user = await registerUser(testApp);
      const response = await testApp
        .http()
        .patch('/api/auth/me')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .send({ displayName: 'New Name', photoURL: 'https://example.com/me.png' })
        .expect(200);
      expect(response.body.user).toMatchObject({
        displayName: 'New Name',
        photoURL: 'https://example.com/me.png',
      });
      const claims = jwt.decode(response.body.accessToken) as { name: string };
      expect(claims.name).toBe('New Name');
      await testApp
        .http()
        .patch('/api/auth/me')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .send({ photoURL: 'javascript:alert(1)' })
        .expect(400);
    });
  });

  describe('GET /api/users/admin/:email', () => {
    it('answers isAdmin for your own e-mail', async () => {
      const user = await registerUser(testApp);
      await testApp
        .http()
        .get(`/api/users/admin/${user.email}`)
        .set('Authorization', `Bearer ${user.accessToken}`)
        .expect(200, { isAdmin: false });
    });

    it('an admin (made with the CLI) may look up anyone', async () => {
      const admin = await registerAdmin(testApp, { email: adminEmail });
      const other = await registerUser(testApp);
      await testApp
        .http()
        .get(`/api/users/admin/${adminEmail}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200, { isAdmin: true });
      await testApp
        .http()
        .get(`/api/users/admin/${other.email}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200, { isAdmin: false });
    });

    it("a user may not look up someone else's status (403) and anonymous callers get 401", async () => {
      const user = await registerUser(testApp);
      await testApp
        .http()
        .get(`/api/users/admin/${adminEmail}`)
        .set('Authorization', `Bearer ${user.accessToken}`)
        .expect(403);
      await testApp.http().get(`/api/users/admin/${adminEmail}`).expect(401);
    });
  });

  it('GET /api/auth/providers says Google is off when not configured', async () => {
    await testApp.http().get('/api/auth/providers').expect(200, { google: false });
    const response = await testApp.http().get('/api/auth/google').expect(404);
    expect(response.body.code).toBe('GOOGLE_NOT_CONFIGURED');
  });
});

describe('rate limits', () => {
  it('login and register allow RATE_LIMIT_AUTH calls a minute per address, then 429', async () => {
    const testApp = await startTestApp({ RATE_LIMIT_AUTH: '3', REDIS_PREFIX: `rl-${Date.now()}` });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await testApp
          .http()
          .post('/api/auth/login')
          .send({ email: 'x@example.com', password: 'wrong-password' })
          .expect(401);
      }
      const limited = await testApp
        .http()
        .post('/api/auth/login')
        .send({ email: 'x@example.com', password: 'wrong-password' })
        .expect(429);
      expect(limited.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await testApp.close();
    }
  });
});

/** Follows Google's consent redirect and the callback with the state cookie `start` set. */
async function finishGoogleFlow(testApp: TestApp, start: Response) {
  const stateCookie = setCookieLine(start, OAUTH_STATE_COOKIE);
  expect(stateCookie).toBeDefined();
  const authorize = new URL(start.headers.location);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location') as string);
  expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
  return testApp
    .http()
    .get(`/api/auth/google/callback${callback.search}`)
    .set('Cookie', (stateCookie as string).split(';')[0])
    .expect(302);
}

/** A local OAuth2 server answering as Google with `profile`, for the block it is called in. */
function useGoogleMock(profile: Record<string, unknown>): { readonly current: GoogleMock } {
  let google: GoogleMock | undefined;
  beforeAll(async () => {
    google = await startGoogleMock({ sub: `google-${Date.now()}`, ...profile });
  });
  afterAll(() => google?.stop());
  return {
    get current() {
      if (!google) throw new Error('The Google mock is used before it started.');
      return google;
    },
  };
}

describe('Google sign-in against a local OAuth2 server', () => {
  const email = uniqueEmail('gina');
  const mock = useGoogleMock({
    name: 'Gina Google',
    email,
    email_verified: true,
    picture: 'https://example.com/gina.png',
  });
  // Google verified the address, so ADMIN_EMAILS makes this account an admin.
  const testApp = useTestApp({ env: () => ({ ...mock.current.env, ADMIN_EMAILS: email }) });

  it('redirects, calls back, creates the user and sets the session cookie', async () => {
    await testApp.http().get('/api/auth/providers').expect(200, { google: true });

    const start = await testApp.http().get('/api/auth/google').expect(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.origin + authorize.pathname).toBe(`${mock.current.url}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${testApp.config.publicUrl}/api/auth/google/callback`,
    );
    const finish = await finishGoogleFlow(testApp, start);
    expect(finish.headers.location).toBe('/?login=google');
    const session = refreshCookieOf(finish);

    const signedIn = await postWithCookie(testApp, '/api/auth/refresh', session).expect(200);
    expect(signedIn.body.user).toMatchObject({
      email,
      displayName: 'Gina Google',
      photoURL: 'https://example.com/gina.png',
      emailVerified: true,
      isAdmin: true,
    });
  });

  it('a callback whose state does not match is sent back to the login page', async () => {
    const start = await testApp.http().get('/api/auth/google').expect(302);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') as string);
    const finish = await testApp
      .http()
      .get(`/api/auth/google/callback${callback.search}`)
      .set('Cookie', `${OAUTH_STATE_COOKIE}=forged`)
      .expect(302);
    expect(finish.headers.location).toBe('/login?error=google');
    expect(finish.headers['set-cookie']?.toString() ?? '').not.toContain(`${REFRESH_COOKIE}=`);
  });
});

describe('Google sign-in with an empty state', () => {
  const mock = useGoogleMock({
    name: 'Stan State',
    email: uniqueEmail('stan'),
    email_verified: true,
  });
  const testApp = useTestApp({ env: () => mock.current.env });

  it('a callback with an empty state and an empty state cookie is sent back to the login page', async () => {
    const start = await testApp.http().get('/api/auth/google').expect(302);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') as string);
    callback.searchParams.set('state', '');
    const finish = await testApp
      .http()
      .get(`/api/auth/google/callback${callback.search}`)
      .set('Cookie', `${OAUTH_STATE_COOKIE}=`)
      .expect(302);
    expect(finish.headers.location).toBe('/login?error=google');
    expect(finish.headers['set-cookie']?.toString() ?? '').not.toContain(`${REFRESH_COOKIE}=`);
  });
});

describe('Google sign-in with an unverified e-mail that already has a password account', () => {
  const email = uniqueEmail('pat');
  const mock = useGoogleMock({ name: 'Pat Pretender', email, email_verified: false });
  const testApp = useTestApp({ env: () => mock.current.env });

  beforeAll(async () => {
    await registerUser(testApp, { email });
  });

  it('sends the browser back to the login page with a code, not a sentence, and no session', async () => {
    const start = await testApp.http().get('/api/auth/google').expect(302);
    const finish = await finishGoogleFlow(testApp, start);
    expect(finish.headers.location).toBe('/login?error=EMAIL_NEEDS_PASSWORD');
    expect(finish.headers['set-cookie']?.toString() ?? '').not.toContain(`${REFRESH_COOKIE}=`);
  });
});

describe('Google sign-in with a verified e-mail that someone registered with a password first', () => {
  const email = uniqueEmail('vic');
  const mock = useGoogleMock({ name: 'Vic Victim', email, email_verified: true });
  // Listed: the owner proving the address through Google makes the admin, the squatter never.
  const testApp = useTestApp({ env: () => ({ ...mock.current.env, ADMIN_EMAILS: email }) });

  it("ends the squatter's password and every session of theirs, and signs the owner in", async () => {
    const squatter = await registerUser(testApp, { email, password: 'squatter knows this' });

    const finish = await finishGoogleFlow(testApp, await testApp.http().get('/api/auth/google'));
    expect(finish.headers.location).toBe('/?login=google');
    const owner = await postWithCookie(testApp, '/api/auth/refresh', refreshCookieOf(finish));
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({
      uid: squatter.uid,
      emailVerified: true,
      isAdmin: true,
    });

    await testApp
      .http()
      .post('/api/auth/login')
      .send({ email, password: 'squatter knows this' })
      .expect(401);
    await postWithCookie(testApp, '/api/auth/refresh', squatter.cookie).expect(401);
    await testApp
      .http()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${squatter.accessToken}`)
      .expect(401);
  });
});
