import { postWithCookie, refreshCookieOf, registerUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('the account page: password and sessions', () => {
  const testApp = useTestApp();

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function loginFrom(email: string, password: string, device: string) {
    const response = await testApp
      .http()
      .post('/api/auth/login')
      .set('User-Agent', device)
      .send({ email, password })
      .expect(200);
    return { accessToken: response.body.accessToken as string, cookie: refreshCookieOf(response) };
  }

  it('lists where the account is signed in, and signs out everywhere else', async () => {
    const user = await registerUser(testApp);
    const phone = await loginFrom(user.email, user.password, 'Phone Browser/1.0');
    const laptop = await loginFrom(user.email, user.password, 'Laptop Browser/2.0');

    const listed = await testApp
      .http()
      .get('/api/account/sessions')
      .set(bearer(laptop.accessToken))
      .expect(200);
    expect(listed.body).toHaveLength(3);
    expect(listed.body[0]).toMatchObject({ device: 'Laptop Browser/2.0', current: true });
    expect(listed.body[1]).toMatchObject({ device: 'Phone Browser/1.0', current: false });
    expect(listed.body[0].ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.now() - Date.parse(listed.body[0].signedInAt)).toBeLessThan(60_000);

    const ended = await testApp
      .http()
      .post('/api/account/sessions/sign-out-others')
      .set(bearer(laptop.accessToken))
      .expect(200);
    expect(ended.body).toEqual({
      success: true,
      ended: 2,
      message: '2 other sessions were signed out.',
    });

    for (const other of [phone, user]) {
      await testApp.http().get('/api/auth/me').set(bearer(other.accessToken)).expect(401);
      await postWithCookie(testApp, '/api/auth/refresh', other.cookie).expect(401);
    }
    await testApp.http().get('/api/auth/me').set(bearer(laptop.accessToken)).expect(200);
    const after = await testApp
      .http()
      .get('/api/account/sessions')
      .set(bearer(laptop.accessToken))
      .expect(200);
    expect(after.body.map((session: { current: boolean }) => session.current)).toEqual([true]);
  });

  it('a logout leaves the list', async () => {
    const user = await registerUser(testApp);
    const other = await loginFrom(user.email, user.password, 'Other/1');
    await postWithCookie(testApp, '/api/auth/logout', other.cookie).expect(200);
    const listed = await testApp
      .http()
      .get('/api/account/sessions')
      .set(bearer(user.accessToken))
      .expect(200);
    expect(listed.body).toHaveLength(1);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await registerUser(testApp);
    const other = await loginFrom(user.email, user.password, 'Other/1');
    const change = (currentPassword: string, newPassword: string) =>
      testApp
        .http()
        .post('/api/account/password')
        .set(bearer(user.accessToken))
        .send({ currentPassword, newPassword });

    const wrong = await change('not my password', 'a brand new password').expect(400);
    expect(wrong.body).toMatchObject({
      code: 'WRONG_PASSWORD',
      error: 'Your current password is not correct.',
    });
    const short = await change(user.password, 'short').expect(400);
    expect(JSON.stringify(short.body)).toContain('newPassword must be 8 to 128 characters long');

    const changed = await change(user.password, 'a brand new password').expect(200);
    expect(changed.body.message).toBe(
      'Your password was changed. One other session was signed out.',
    );
    await testApp.http().get('/api/auth/me').set(bearer(other.accessToken)).expect(401);
    await testApp.http().get('/api/auth/me').set(bearer(user.accessToken)).expect(200);
    await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(401);
    await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: user.email, password: 'a brand new password' })
      .expect(200);
  });

  it('needs a login', async () => {
    await testApp.http().get('/api/account/sessions').expect(401);
    await testApp.http().post('/api/account/password').send({}).expect(401);
  });
});
