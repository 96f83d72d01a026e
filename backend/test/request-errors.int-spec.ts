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
