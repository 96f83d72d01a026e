import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';
import {
  COLOR_MODE_COOKIE,
  SERVER_STATE_ELEMENT_ID,
  SESSION_HINT_COOKIE,
} from '../src/spa/page-contract';
import { RENDER_BUDGET_MS } from '../src/spa/server-rendering';

/** What the stand-in renderer was asked for, in order (it runs in this process). */
interface RendererCalls {
  calls: { url: string; apiOrigin: string; colorMode: string; publicOrigin: string }[];
  /** The addresses whose shells it was asked for. */
  shells: string[];
}
const renderer = globalThis as typeof globalThis & {
  serverRenderingTest?: RendererCalls;
  /** How many renders are running, this test's or an earlier one's (a `/hang` lasts 4 s). */
  serverRenderingInFlight?: number;
};
const rendersInFlight = (count: number) => async () =>
  (renderer.serverRenderingInFlight ?? 0) === count ? true : undefined;

/**
 * A stand-in for the frontend's server build: `/slow` takes longer than a visitor waits
 * (RENDER_BUDGET_MS) but finishes, `/hang` longer than any render may take, `/broken` throws,
 * `/private` is not a page it renders (nor its shell), and every page carries the API's health
 * answer, fetched from the origin it was given. A shell says it is one.
 */
const RENDERER = `
exports.renderPage = async (request) => {
  globalThis.serverRenderingTest.calls.push(request);
  globalThis.serverRenderingInFlight = (globalThis.serverRenderingInFlight || 0) + 1;
  try {
    return await render(request);
  } finally {
    globalThis.serverRenderingInFlight -= 1;
  }
};

exports.renderShell = async (request) => {
  globalThis.serverRenderingTest.shells.push(request.url);
  if (request.url === '/private') return null;
  return {
    status: 200,
    title: 'Service Critic',
    description: 'The site.',
    url: request.publicOrigin + request.url.split('?')[0],
    image: request.publicOrigin + '/picture.svg',
    structuredData: null,
    head: '',
    html: '<header>' + request.colorMode + ' shell ' + request.url + '</header>',
    state: '{"shell":true}',
  };
};

const render = async (request) => {
  if (request.url === '/broken') throw new Error('render failed');
  if (request.url === '/private') return null;
  // Asked first: supertest closes the server's port once the request that opened it is answered.
  const health = await (await fetch(request.apiOrigin + '/api/health')).json();
  if (request.url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 1500));
  if (request.url === '/hang') await new Promise((resolve) => setTimeout(resolve, 4000));
  return {
    status: request.url === '/missing' ? 404 : 200,
    title: 'Page ' + request.url + ' & more | Service Critic',
    description: 'About "' + request.url + '"',
    url: request.publicOrigin + request.url.split('?')[0],
    image: request.publicOrigin + '/picture.svg',
    structuredData: request.url.startsWith('/services/') ? '{"@type":"Service"}' : null,
    head: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    html: '<main>' + request.colorMode + ' page ' + request.url + ' ' + health.status + '</main>',
    state: JSON.stringify({ page: request.url }),
  };
};
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The site."
    />
    <title>Service Critic</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-3c4d.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server-rendered pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssr-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'renderer.cjs'), RENDERER);
  const testApp = useTestApp({
    env: {
      SPA_DIR: dir,
      PAGE_RENDERER: join(dir, 'renderer.cjs'),
      PUBLIC_URL: 'https://critic.example.test',
    },
  });
  beforeEach(() => {
    renderer.serverRenderingTest = { calls: [], shells: [] };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the page, its styles and its state into index.html, with data from the API's own origin", async () => {
    const response = await testApp.http().get('/services/abc?page=2').expect(200);

    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.text).toContain(
      '<style data-emotion="css abc">.css-abc{color:red}</style></head>',
    );
    expect(response.text).toContain(
      '<div id="root"><main>light page /services/abc?page=2 ok</main></div>' +
        `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">{"page":"/services/abc?page=2"}</script>`,
    );
    // The page's text and images come first: the app's code is fetched once they are painted.
    expect(response.text).not.toContain('modulepreload');
    expect(response.text).toContain(
      '<script type="module" crossorigin src="/assets/index-1a2b.js">',
    );
    // The page's own title and description, instead of the site's.
    expect(response.text).toContain(
      '<title>Page /services/abc?page=2 &amp; more | Service Critic</title>',
    );
    expect(response.text).toContain(
      '<meta name="description" content="About &quot;/services/abc?page=2&quot;" />',
    );
    expect(response.text).not.toContain('The site.');
    // What search engines and link previews read, on the public address (PUBLIC_URL).
    expect(response.text).toContain(
      '<link rel="canonical" href="https://critic.example.test/services/abc" />',
    );
    expect(response.text).toContain(
      '<meta property="og:image" content="https://critic.example.test/picture.svg" />',
    );
    expect(response.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(response.text).toContain(
      '<script type="application/ld+json">{"@type":"Service"}</script>',
    );
    const [call] = renderer.serverRenderingTest!.calls;
    expect(call.publicOrigin).toBe('https://critic.example.test');
    expect(call.apiOrigin).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]|\[::ffff:127\.0\.0\.1\]):\d+$/);
  });

  it("renders in the theme the visitor picked, else their system's when the browser says", async () => {
    const picked = await testApp
      .http()
      .get('/contacts')
      .set('Cookie', `${COLOR_MODE_COOKIE}=light`)
      .set('Sec-CH-Prefers-Color-Scheme', 'dark')
      .expect(200);
    expect(picked.text).toContain('<main>light page /contacts ok</main>');
    expect(picked.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(picked.headers['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(picked.headers.vary).toMatch(/Sec-CH-Prefers-Color-Scheme/);

    const system = await testApp
      .http()
      .get('/contacts')
      .set('Sec-CH-Prefers-Color-Scheme', 'dark')
      .expect(200);
    expect(system.text).toContain('<main>dark page /contacts ok</main>');
  });

  it("answers the renderer's status", async () => {
    const response = await testApp.http().get('/missing').expect(404);
    expect(response.text).toContain('<main>light page /missing ok</main>');
    expect(response.text).not.toContain('rel="canonical"');
  });

  it('renders a page once for the requests of the next few seconds', async () => {
    const [first, second] = await Promise.all([
      testApp.http().get('/blogs').expect(200),
      testApp.http().get('/blogs').expect(200),
    ]);
    const third = await testApp.http().get('/blogs').expect(200);
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(renderer.serverRenderingTest!.calls.map(({ url }) => url)).toEqual(['/blogs']);
  });

  it('sends index.html as built to a visitor with a session, without rendering', async () => {
    const response = await testApp
      .http()
      .get('/services/abc')
      .set('Cookie', `${SESSION_HINT_COOKIE}=1`)
      .expect(200);
    expect(response.text).toBe(INDEX_HTML);
    expect(renderer.serverRenderingTest!.calls).toEqual([]);
    expect(renderer.serverRenderingTest!.shells).toEqual([]);
  });

  it('sends index.html as built when the renderer declines the page', async () => {
    const response = await testApp.http().get('/private').expect(200);
    expect(response.text).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['rendering fails', '/broken'],
    ['rendering takes too long', '/hang'],
  ])("sends the page's shell when %s", async (_case, path) => {
    const response = await testApp.http().get(path).expect(200);
    expect(response.text).toContain(`<div id="root"><header>light shell ${path}</header></div>`);
    expect(response.text).toContain('{"shell":true}</script>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the shell within the budget when the page takes longer, and the rendered page to the visitors after', async () => {
    const started = Date.now();
    const first = await testApp.http().get('/slow?first').expect(200);
    expect(first.text).toContain('<header>light shell /slow?first</header>');
    expect(Date.now() - started).toBeLessThan(RENDER_BUDGET_MS + 600);

    await sleep(1000);
    const after = await testApp.http().get('/slow?first').expect(200);
    expect(after.text).toContain('<main>light page /slow?first ok</main>');
    expect(renderer.serverRenderingTest!.calls.map(({ url }) => url)).toEqual(['/slow?first']);
    expect(renderer.serverRenderingTest!.shells).toEqual(['/slow?first']);
  });

  it('sends index.html as built while four pages are being rendered', async () => {
    await eventually("the earlier tests' renders to end", rendersInFlight(0), 6000);
    const slow = [1, 2, 3, 4].map((n) => testApp.http().get(`/slow?${n}`).then());
    // All four in the renderer (a busy machine may take longer than a fixed wait to get there).
    await eventually('four slow pages being rendered', rendersInFlight(4));
    const meanwhile = await testApp.http().get('/blogs?meanwhile').expect(200);
    expect(meanwhile.text).toBe(INDEX_HTML);
    await Promise.all(slow);
    await sleep(1000); // till their renders are done
    const after = await testApp.http().get('/blogs?after').expect(200);
    expect(after.text).toContain('<main>light page /blogs?after ok</main>');
  });

  it('leaves the API, files and non-HTML requests alone', async () => {
    await testApp.http().get('/api/health').expect(200).expect('Content-Type', /json/);
    await testApp.http().get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    const json = await testApp.http().get('/blogs').set('Accept', 'application/json');
    expect(json.text).not.toContain('<main>');
    await testApp.http().post('/contacts').expect(404);
    expect(renderer.serverRenderingTest!.calls).toEqual([]);
  });
});
