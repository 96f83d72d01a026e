import { registerAdmin, registerUser, uniqueEmail } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('ADMIN_EMAILS on the full app', () => {
  const listedEmail = uniqueEmail('boss');
  const grantedEmail = uniqueEmail('ops');
  const testApp = useTestApp({
    full: true,
    env: { ADMIN_EMAILS: `${listedEmail},${grantedEmail}` },
  });

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
});
