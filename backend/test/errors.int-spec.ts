import { useTestApp } from './support/test-app';

describe('error answers', () => {
  const testApp = useTestApp();

  it('an unknown API path is a JSON 404, not the SPA', async () => {
    const response = await testApp.http().get('/api/no-such-route').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(typeof response.body.error).toBe('string');
  });

  it('a body over 100 KB is a 413 with a sentence', async () => {
    const response = await testApp
      .http()
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(101 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The request body is larger than 100 KB.',
    });
  });

  it('malformed JSON is a 400, never a 500', async () => {
    const response = await testApp
      .http()
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"title": ')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await testApp.http().get('/api/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.paths['/api/health'].get.operationId).toBe('getHealth');
  });
});
