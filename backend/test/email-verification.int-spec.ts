import { registerUser, postWithCookie, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { linkToken } from './support/mail';
import { useTestApp } from './support/test-app';

const VERIFY_SUBJECT = 'Confirm your e-mail address';

describe('e-mail verification', () => {
  const testApp = useTestApp({ mail: true });

  const me = (user: { accessToken: string }) =>
    testApp.http().get('/api/auth/me').set('Authorization', `Bearer ${user.accessToken}`);

  const verify = (token: string) => testApp.http().post('/api/auth/verify-email').send({ token });

  async function registerAndReadLink(): Promise<{ user: RegisteredUser; token: string }> {
    const since = testApp.mail.lastId();
    const user = await registerUser(testApp);
    const sent = await testApp.mail.waitFor(user.email, { since, subject: VERIFY_SUBJECT });
    expect(sent.text).toContain(`${testApp.config.publicUrl}/verify-email?token=`);
    expect(sent.html).toContain('<a href=');
    return { user, token: linkToken(sent, '/verify-email') };
  }

  it('registering mails a link; opening it verifies the address, once', async () => {
    const { user, token } = await registerAndReadLink();
    expect((await me(user).expect(200)).body.emailVerified).toBe(false);

    const opened = await verify(token).expect(200);
    expect(opened.body).toEqual({
      success: true,
      message: 'Thank you: your e-mail address is verified.',
    });
    expect((await me(user).expect(200)).body.emailVerified).toBe(true);

    const again = await verify(token).expect(400);
    expect(again.body).toMatchObject({ code: 'VERIFICATION_LINK_INVALID' });
    await verify('no-such-token').expect(400);
  });

  it('"send again" mails a new link until the address is verified', async () => {
    const { user } = await registerAndReadLink();
    const since = testApp.mail.lastId();
    const resent = await testApp
      .http()
      .post('/api/account/verification')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    expect(resent.body.message).toBe(`We have sent a new link to ${user.email}.`);
    const sent = await testApp.mail.waitFor(user.email, { since, subject: VERIFY_SUBJECT });
    await verify(linkToken(sent, '/verify-email')).expect(200);

    const refused = await testApp
      .http()
      .post('/api/account/verification')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(409);
    expect(refused.body.error).toBe('Your e-mail address is already verified.');
    await testApp.http().post('/api/account/verification').expect(401);
  });

  it('reviews written once verified carry the "Verified e-mail" mark, and name their author', async () => {
    const { user, token } = await registerAndReadLink();
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    await addReview(testApp, user.accessToken, service, { details: 'Before verifying.' });

    await verify(token).expect(200);
    // The session's next access token carries the verified address.
    const renewed = await postWithCookie(testApp, '/api/auth/refresh', user.cookie).expect(200);
    expect(renewed.body.user.emailVerified).toBe(true);
    const other = await addService(testApp, owner.accessToken);
    await addReview(testApp, renewed.body.accessToken, other, { details: 'After verifying.' });

    const before = await testApp.http().get('/api/reviews').query({ service }).expect(200);
    const after = await testApp.http().get('/api/reviews').query({ service: other }).expect(200);
    expect(before.body[0]).toMatchObject({ authorId: user.uid, authorVerified: false });
    expect(after.body[0]).toMatchObject({ authorId: user.uid, authorVerified: true });
    expect(after.body[0].email).toBeUndefined();
  });
});
