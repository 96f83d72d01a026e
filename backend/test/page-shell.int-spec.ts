import { RENDER_BUDGET_MS } from '../src/spa/server-rendering';
import { STALLED_READS_PATH } from '../src/common/test-hooks/stalled-reads';
import { useTestApp } from './support/test-app';

/** What the API answers while its store is wedged (a request past its deadline). */
const TIMED_OUT = 'This request took too long and was stopped; please try again in a few seconds.';
/** Longer than the render budget; short enough that the render it holds is over soon after. */
const STALL_MS = 2500;
/** Room for the shell's own render on a busy machine. */
const MARGIN_MS = 1000;

describe('a public page whose data is slow (the real frontend build)', () => {
  const testApp = useTestApp({ full: true, env: { TEST_HOOKS: 'on' } });
  // Listening: supertest would otherwise open the port per request and answer only once every
  // connection closed, the render's stalled read included.
  beforeAll(() => testApp.app.listen(0, '127.0.0.1'));
  afterEach(() => testApp.http().delete(STALLED_READS_PATH).expect(204));

  const stall = (path: string, ms = STALL_MS) =>
    testApp.http().put(STALLED_READS_PATH).query({ path, ms }).expect(204);

  it('is answered within the render budget with its shell: header, navigation, footer and a loading state', async () => {
    // The renderer's first page loads its code: not this test's subject.
    await testApp.http().get('/blogs?warm-up').set('Accept', 'text/html').expect(200);
    await stall('/api/blogs');

    const started = Date.now();
    const response = await testApp.http().get('/blogs').set('Accept', 'text/html').expect(200);
    expect(Date.now() - started).toBeLessThan(RENDER_BUDGET_MS + MARGIN_MS);

    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(
      response.text,
    )?.[1];
    expect(root).toMatch(/<header[^>]*>/);
    expect(root).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(root).toContain('data-page-pending');
    expect(root).toContain('aria-label="Loading page"');
    expect(root).toContain('All Rights Rreserved');
    // Not the page: the browser app loads its data.
    expect(root).not.toContain('>Blogs</h1>');
    expect(response.text).toContain('<title>Blogs | Service Critic</title>');
  });

  it('answers an armed read 503 with the deadline sentence after its time, and heals when lifted', async () => {
    await stall('/api/blogs', 300);
    const stalled = await testApp.http().get('/api/blogs').expect(503);
    expect(stalled.body).toEqual({ statusCode: 503, code: 'REQUEST_TIMED_OUT', error: TIMED_OUT });
    expect(stalled.headers['retry-after']).toBe('5');

    await testApp.http().delete(STALLED_READS_PATH).expect(204);
    await testApp.http().get('/api/blogs').expect(200);
  });

  it.each([
    ['path=/blogs&ms=100', 'path must be an API path, such as /api/blogs.'],
    ['path=/api/blogs&ms=-1', 'ms must be a whole number from 0 to 60000.'],
    ['path=/api/blogs&ms=soon', 'ms must be a whole number from 0 to 60000.'],
  ])('refuses %s with a sentence', async (query, error) => {
    const response = await testApp.http().put(`${STALLED_READS_PATH}?${query}`).expect(400);
    expect(response.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', error });
  });
});

describe('the stalled-reads hook without TEST_HOOKS', () => {
  const testApp = useTestApp();

  it('does not exist', async () => {
    await testApp.http().put(STALLED_READS_PATH).query({ path: '/api/blogs', ms: 100 }).expect(404);
    await testApp.http().get('/api/blogs').expect(200);
  });
});
