import { createHash } from 'node:crypto';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AccountToken } from '../src/auth/account-token.schema';
import { AccountTokensRepository } from '../src/auth/account-tokens.repository';
import { RESET_REQUESTED, RESETS_PER_ADDRESS_PER_HOUR } from '../src/accounts/password-reset';
import { postWithCookie, registerUser, uniqueEmail } from './support/auth-helpers';
import { linkToken } from './support/mail';
import { startTestApp, useTestApp } from './support/test-app';

const PUBLIC_URL = 'http://reviews.example.test';
const RESET_SUBJECT = 'Choose a new password';

describe('password reset', () => {
  const testApp = useTestApp({ mail: true, env: { PUBLIC_URL } });

  const requestReset = (email: string) =>
    testApp.http().post('/api/auth/password-reset').send({ email });

  async function resetLinkFor(email: string): Promise<string> {
    const since = testApp.mail.lastId();
    await requestReset(email).expect(200);
    const sent = await testApp.mail.waitFor(email, { since, subject: RESET_SUBJECT });
    return linkToken(sent, '/reset-password');
  }

  const confirm = (token: string, password: string) =>
    testApp.http().post('/api/auth/password-reset/confirm').send({ token, password });

  const login = (email: string, password: string) =>
    testApp.http().post('/api/auth/login').send({ email, password });

  it('answers the same for an address with an account and one without, and mails only the first', async () => {
    const user = await registerUser(testApp);
    const unknown = uniqueEmail('nobody');
    const since = testApp.mail.lastId();
    const forUnknown = await requestReset(unknown).expect(200);
    const forKnown = await requestReset(user.email.toUpperCase()).expect(200);
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(forKnown.body).toEqual({ success: true, message: RESET_REQUESTED });

    const sent = await testApp.mail.waitFor(user.email, { since, subject: RESET_SUBJECT });
    expect(sent.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(sent.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    expect(testApp.mail.messages().filter((message) => message.to.includes(unknown))).toEqual([]);
    expect(
      testApp.mail
        .messages()
        .filter((m) => m.to.includes(user.email) && m.subject === RESET_SUBJECT),
    ).toHaveLength(1);
  });

  it('sets the new password with the link, once', async () => {
    const user = await registerUser(testApp);
    const token = await resetLinkFor(user.email);

    await confirm(token, 'a brand new password').expect(200);
    await login(user.email, 'a brand new password').expect(200);
    await login(user.email, user.password).expect(401);

    const again = await confirm(token, 'yet another password').expect(400);
    expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect(again.body.error).toMatch(/invalid, used or expired/);
    await login(user.email, 'yet another password').expect(401);
  });

  it('refuses a link past its 30 minutes', async () => {
    const user = await registerUser(testApp);
    const token = await resetLinkFor(user.email);
    const tokens = testApp.app.get<Model<AccountToken>>(getModelToken(AccountToken.name));
    const _id = createHash('sha256').update(token).digest('hex');
    const stored = await tokens.findById(_id).lean().exec();
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    // Only the hash is stored: the token itself is nowhere in the database.
    expect(await tokens.findById(token).lean().exec()).toBeNull();

    await tokens.updateOne({ _id }, { $set: { expiresAt: new Date(Date.now() - 1000) } }).exec();
    const expired = await confirm(token, 'a brand new password').expect(400);
    expect(expired.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    await login(user.email, user.password).expect(200);
  });

  it('the clean-up job removes unused links once their day has passed', async () => {
    const user = await registerUser(testApp);
    const token = await resetLinkFor(user.email);
    const tokens = testApp.app.get<Model<AccountToken>>(getModelToken(AccountToken.name));
    const _id = createHash('sha256').update(token).digest('hex');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await tokens.updateOne({ _id }, { $set: { expiresOn: yesterday } }).exec();

    expect(await testApp.app.get(AccountTokensRepository).deleteExpired()).toBeGreaterThanOrEqual(
      1,
    );
    expect(await tokens.findById(_id).lean().exec()).toBeNull();
  });

  it('signs the account out everywhere', async () => {
    const user = await registerUser(testApp);
    const second = await login(user.email, user.password).expect(200);
    const secondToken: string = second.body.accessToken;
    await testApp
      .http()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${secondToken}`)
      .expect(200);

    await confirm(await resetLinkFor(user.email), 'a brand new password').expect(200);

    for (const accessToken of [user.accessToken, secondToken]) {
      await testApp
        .http()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(401);
    }
    await postWithCookie(testApp, '/api/auth/refresh', user.cookie).expect(401);
    const fresh = await login(user.email, 'a brand new password').expect(200);
    await testApp
      .http()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${fresh.body.accessToken}`)
      .expect(200);
  });

  it('limits requests per address, known or not', async () => {
    const address = uniqueEmail('limited');
    for (let attempt = 0; attempt < RESETS_PER_ADDRESS_PER_HOUR; attempt += 1) {
      await requestReset(address).expect(200);
    }
    const refused = await requestReset(address).expect(429);
    expect(refused.body.error).toMatch(/^Too many attempts for this address/);
    await requestReset(uniqueEmail('other')).expect(200);
  });

  it('limits requests per client address', async () => {
    // A Redis prefix of its own: the other tests' logins count in the shared per-minute bucket.
    const limited = await startTestApp({
      SMTP_URL: testApp.mail.smtpUrl,
      RATE_LIMIT_AUTH: '2',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}-ip`,
    });
    try {
      const ask = () =>
        limited
          .http()
          .post('/api/auth/password-reset')
          .send({ email: uniqueEmail('ip') });
      await ask().expect(200);
      await ask().expect(200);
      const refused = await ask().expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('refuses a bad address or a short password with a sentence', async () => {
    const bad = await requestReset('not an address').expect(400);
    expect(bad.body.error).toEqual(expect.any(String));
    const short = await confirm('whatever', 'short').expect(400);
    expect(JSON.stringify(short.body)).toContain('password must be 8 to 128 characters long');
  });
});
