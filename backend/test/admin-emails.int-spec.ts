import { registerAdmin, registerUser, uniqueEmail } from './support/auth-helpers';
import { linkToken } from './support/mail';
import { useTestApp } from './support/test-app';

describe('ADMIN_EMAILS on the full app', () => {
  const listedEmail = uniqueEmail('boss');
  const grantedEmail = uniqueEmail('ops');
  const claimedEmail = uniqueEmail('chief');
  const testApp = useTestApp({
    full: true,
    mail: true,
    env: { ADMIN_EMAILS: `${listedEmail},${grantedEmail},${claimedEmail}` },
  });

  const login = (email: string, password: string) =>
    testApp.http().post('/api/auth/login').send({ email, password });

  async function mailedToken(email: string, since: number, subject: string, path: string) {
    return linkToken(await testApp.mail.waitFor(email, { since, subject }), path);
  }

  it('a password registration of a listed address is a plain user', async () => {
    const response = await testApp
      .http()
      .post('/api/register')
      .send({ name: 'Not The Boss', email: listedEmail, password: 'correct horse battery' })
      .expect(201);
    expect(response.body.user).toMatchObject({ isAdmin: false, emailVerified: false });
    const token = response.body.accessToken as string;
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${token}`)
      .expect(403);
    const login = await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: listedEmail, password: 'correct horse battery' })
      .expect(200);
    expect(login.body.user.isAdmin).toBe(false);
  });

  it('the CLI still makes an admin', async () => {
    const admin = await registerAdmin(testApp, { email: grantedEmail });
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .expect(200);
  });

  it('an unlisted registration stays a user', async () => {
    const user = await registerUser(testApp);
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(403);
  });

  it("the owner opening a verification link someone else asked for makes no admin of that someone's password; a reset by the owner does", async () => {
    // Someone registers the listed address with a password of their own; the link goes to it.
    const since = testApp.mail.lastId();
    const squatter = await registerUser(testApp, {
      email: claimedEmail,
      password: 'squatter knows this',
    });
    const verification = await mailedToken(
      claimedEmail,
      since,
      'Confirm your e-mail address',
      '/verify-email',
    );
    // The owner of the address opens it.
    await testApp.http().post('/api/auth/verify-email').send({ token: verification }).expect(200);

    const squatted = await login(squatter.email, 'squatter knows this').expect(200);
    expect(squatted.body.user).toMatchObject({ emailVerified: true, isAdmin: false });
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${squatted.body.accessToken}`)
      .expect(403);

    // The owner takes the account over with a reset: now only they know the password.
    const resetSince = testApp.mail.lastId();
    await testApp.http().post('/api/auth/password-reset').send({ email: claimedEmail }).expect(200);
    const reset = await mailedToken(
      claimedEmail,
      resetSince,
      'Choose a new password',
      '/reset-password',
    );
    await testApp
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: reset, password: 'only the owner knows' })
      .expect(200);
    await login(claimedEmail, 'squatter knows this').expect(401);
    const owner = await login(claimedEmail, 'only the owner knows').expect(200);
    expect(owner.body.user.isAdmin).toBe(true);
    await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${owner.body.accessToken}`)
      .expect(200);
  });
});
