import { LOGIN_LOCKOUT } from '../src/auth/login-lockout';
import { registerUser, uniqueEmail } from './support/auth-helpers';
import { linkToken } from './support/mail';
import { useTestApp } from './support/test-app';

/** Per-account login backoff: many addresses guessing one account's password. */
describe('login lockout', () => {
  // Behind a trusted proxy, so each guess comes from an address of its own, as in a botnet's
  // guessing: the per-address route limit never stops it.
  const testApp = useTestApp({ mail: true, env: { TRUST_PROXY: 'loopback' } });

  const login = (email: string, password: string, from: number) =>
    testApp
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', `198.51.100.${from}`)
      .send({ email, password });

  async function guessWrong(email: string) {
    for (let i = 0; i < LOGIN_LOCKOUT.failuresBeforeLock; i += 1) {
      await login(email, 'not the password', i).expect(401);
    }
  }

  it('locks an account after five wrong passwords, from any address, with a sentence and Retry-After', async () => {
    const user = await registerUser(testApp);
    await guessWrong(user.email.toUpperCase());

    const locked = await login(user.email, user.password, 99).expect(429);
    expect(locked.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      error:
        'Too many failed logins for this account; please try again in 5 minutes, or reset your password.',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it('answers an unknown address the same way (no account enumeration)', async () => {
    const known = await registerUser(testApp);
    const unknown = uniqueEmail('nobody');
    await guessWrong(known.email);
    await guessWrong(unknown);
    const forKnown = await login(known.email, 'another guess', 50).expect(429);
    const forUnknown = await login(unknown, 'another guess', 51).expect(429);
    expect(forUnknown.body).toEqual(forKnown.body);
    // The second lock started a few seconds later: the same wait, give or take them.
    const waits = [forKnown, forUnknown].map((answer) => Number(answer.headers['retry-after']));
    expect(Math.abs(waits[0] - waits[1])).toBeLessThanOrEqual(10);
  });

  it('a completed password reset ends the lock', async () => {
    const user = await registerUser(testApp);
    await guessWrong(user.email);
    await login(user.email, user.password, 60).expect(429);

    const since = testApp.mail.lastId();
    await testApp.http().post('/api/auth/password-reset').send({ email: user.email }).expect(200);
    const sent = await testApp.mail.waitFor(user.email, {
      since,
      subject: 'Choose a new password',
    });
    await testApp
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: linkToken(sent, '/reset-password'), password: 'a brand new password' })
      .expect(200);
    await login(user.email, 'a brand new password', 61).expect(200);
  });
});
