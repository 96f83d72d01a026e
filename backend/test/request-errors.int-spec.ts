import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { SERVER_STATE_ELEMENT_ID } from '../src/spa/page-contract';

/** Body-parser and URI errors on real routes, with the SPA and server rendering in front. */
describe('error answers on real routes of the full app', () => {
  const testApp = useTestApp({ full: true });
  let user: RegisteredUser;

  beforeAll(async () => {
    user = await registerUser(testApp);
  });

  const post = (path: string, body: string, contentType = 'application/json') =>
    testApp
      .http()
      .post(path)
      .set('Authorization', `Bearer ${user.accessToken}`)
      .set('Content-Type', contentType)
      .send(body);

  it('serves the SPA and a server-rendered page (the module is on)', async () => {
    const page = await testApp.http().get('/services').set('Accept', 'text/html').expect(200);
    expect(page.text).toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
  });

  it.each(['/api/auth/login', '/api/register', '/api/addreviews'])(
    'a body over 100 KB to %s is a 413 with a sentence',
    async (path) => {
      const response = await post(path, JSON.stringify({ email: 'x'.repeat(150 * 1024) }));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        error: 'The request body is larger than 100 KB.',
      });
    },
  );

  it.each(['/api/auth/login', '/api/register', '/api/addreviews'])(
    'malformed JSON to %s is a 400',
    async (path) => {
      const response = await post(path, '{"email": ');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
    },
  );

  it('a NUL character in any text (a name, a service, a review, a query) is a 400 with a sentence', async () => {
    const nul = {
      statusCode: 400,
      code: 'NUL_CHARACTER',
      error: 'Text may not contain a NUL character (\\u0000).',
    };
    const bearer = `Bearer ${user.accessToken}`;
    const named = await testApp
      .http()
      .patch('/api/auth/me')
      .set('Authorization', bearer)
      .send({ displayName: 'Ann\u0000' });
    expect([named.status, named.body]).toEqual([400, nul]);

    const service = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', bearer)
      .send({
        title: 'Nul Couriers',
        price: 20,
        image: '/images/services/test.svg',
        details: 'Parcels across\u0000 town before the evening.',
      });
    expect([service.status, service.body]).toEqual([400, nul]);

    const listed = await testApp.http().get('/api/services?limit=1').expect(200);
    const review = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', bearer)
      .send({
        title: 'Nul',
        details: 'Arrived\u0000 on time.',
        serviceID: 1,
        rating: 4,
        service: listed.body.items?.[0]?._id ?? listed.body[0]?._id,
      });
    expect([review.status, review.body]).toEqual([400, nul]);

    const searched = await testApp.http().get('/api/services?search=a%00b');
    expect([searched.status, searched.body]).toEqual([400, nul]);
  });

  it('an unsupported body charset is a 415', async () => {
    const response = await post('/api/auth/login', '{}', 'application/json; charset=klingon');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each(['/api/auth/login', '/api/register', '/api/addreviews'])(
    'JSON nested 12 000 levels deep to %s is a 400 with a sentence, never a 500',
    async (path) => {
      const deep = `${'{"a":'.repeat(12_000)}1${'}'.repeat(12_000)}`;
      const response = await testApp
        .http()
        .post(path)
        .set('Content-Type', 'application/json')
        .send(`{"email": ${deep}, "password": "x"}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        code: 'TOO_DEEP',
        error: 'The request body is nested too deeply (more than 32 levels).',
      });
    },
  );

  it('a bad percent-encoding in an API path is a 400 with a sentence', async () => {
    const response = await testApp.http().get('/api/services/%E0%A4%A').expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    expect(response.body.error).toMatch(/\.$/);
  });

  it('an unknown API route is still a JSON 404', async () => {
    const response = await testApp.http().post('/api/no-such-route').send({}).expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
