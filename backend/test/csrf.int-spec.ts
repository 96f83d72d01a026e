import {
  postWithCookie,
  refreshCookieOf,
  registerAdmin,
  registerUser,
  cookieOf,
} from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { BOARD_COOKIE } from '../src/admin/queues-board';

/** Pages of the same site but another origin: another port, a sibling subdomain. */
const SAME_SITE_ORIGINS = ['http://127.0.0.1:3001', 'http://evil.127.0.0.1.nip.io:3000'];

describe('CSRF: cookie-authenticated writes come from our own pages only', () => {
  const testApp = useTestApp({ full: true });

  const expectCrossOrigin = (response: { status: number; body: unknown }) => {
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: 'CROSS_ORIGIN' });
  };

  it.each(['/api/auth/refresh', '/api/auth/logout'])(
    '%s from another origin is a 403 and leaves the session alone',
    async (path) => {
      const user = await registerUser(testApp);
      for (const origin of SAME_SITE_ORIGINS) {
        expectCrossOrigin(
          await testApp.http().post(path).set('Origin', origin).set('Cookie', user.cookie),
        );
      }
      expectCrossOrigin(
        await testApp
          .http()
          .post(path)
          .set('Sec-Fetch-Site', 'same-site')
          .set('Cookie', user.cookie),
      );
      await postWithCookie(testApp, '/api/auth/refresh', user.cookie).expect(200);
    },
  );

  it('a cookie write without Origin or Sec-Fetch-Site is a 403', async () => {
    const user = await registerUser(testApp);
    expectCrossOrigin(await testApp.http().post('/api/auth/logout').set('Cookie', user.cookie));
  });

  it('Sec-Fetch-Site: same-origin passes (the SPA behind a dev proxy)', async () => {
    const user = await registerUser(testApp);
    const refreshed = await testApp
      .http()
      .post('/api/auth/refresh')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Origin', 'http://localhost:5173')
      .set('Cookie', user.cookie)
      .expect(200);
    await postWithCookie(testApp, '/api/auth/logout', refreshCookieOf(refreshed)).expect(200);
  });

  it("the queue dashboard's writes need our origin; its pages do not", async () => {
    const admin = await registerAdmin(testApp);
    const opened = await testApp
      .http()
      .post('/api/admin/queues-session')
      .set('Authorization', `Bearer ${admin.accessToken}`)
      .expect(200);
    const board = cookieOf(opened, BOARD_COOKIE);
    await testApp.http().get('/api/admin/queues').set('Cookie', board).expect(200);
    const resume = '/api/admin/queues/api/queues/resume';
    for (const origin of SAME_SITE_ORIGINS) {
      expectCrossOrigin(
        await testApp.http().put(resume).set('Origin', origin).set('Cookie', board),
      );
    }
    expectCrossOrigin(await testApp.http().put(resume).set('Cookie', board));
    await testApp
      .http()
      .put(resume)
      .set('Origin', testApp.config.publicUrl)
      .set('Cookie', board)
      .expect(200);
  });
});
