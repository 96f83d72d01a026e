import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

/** Paths a browser would load from another origin, sent where the API takes an image location. */
const OTHER_ORIGINS = ['/\\evil.example/x.png', '\\\\evil.example/x.png', '/\t/evil.example/x.png'];

describe('image locations on real routes', () => {
  const testApp = useTestApp({ full: true });
  let user: RegisteredUser;

  beforeAll(async () => {
    user = await registerUser(testApp);
  });

  it.each(OTHER_ORIGINS)('PATCH /api/auth/me refuses the photoURL %j', async (photoURL) => {
    const response = await testApp
      .http()
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ photoURL })
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Invalid request: photoURL must be an http(s) URL or a path on this site.',
    });
  });

  it.each(OTHER_ORIGINS)('POST /api/addservices refuses the image %j', async (image) => {
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ title: 'Evil Courier', price: 10, image, details: 'Loads from elsewhere.' })
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('a path on this site is still taken', async () => {
    await testApp
      .http()
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .send({ photoURL: '/images/avatars/dana.png' })
      .expect(200);
  });
});
