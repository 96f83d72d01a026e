import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Lru } from '../common/read-cache/lru';
import { withTimeout } from '../common/with-timeout';
import { hasPageMeta, withPageMeta } from './page-head';
import { withThemeGuard } from './theme-guard';
import {
  COLOR_MODE_COOKIE,
  SERVER_STATE_ELEMENT_ID,
  SESSION_HINT_COOKIE,
  type ColorMode,
  type PageRenderer,
  type RenderedPage,
} from './page-contract';
import { isRead } from '../common/http-methods';

/** The system's light or dark preference, which Chromium browsers send once asked to. */
const COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';
/** Where index.html holds the app, and the JSON block the app hydrates from. */
const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * How long a visitor waits for a page's data (not cached yet, say, or the store slow) before
 * getting the page's shell: the layout with a loading state, which the browser app fills once
 * it has fetched the data itself. The render goes on meanwhile, and the visitors after get the
 * rendered page.
 */
export const RENDER_BUDGET_MS = 1000;
/** A render still unfinished past this is given up. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Pages are kept this long, as visitors' API answers may be cached (public, max-age=10): under
 * load a page is rendered a few times a second at most, whatever the number of visitors.
 */
const PAGE_MAX_AGE_MS = 5000;
const MAX_PAGES = 500;
/**
 * Renders (pages and shells) at once, at most (a render takes some 10 to 40 ms of CPU): beyond,
 * visitors get index.html, so a flood of distinct addresses cannot starve the API.
 */
const MAX_RENDERS_IN_FLIGHT = 4;

interface PageAnswer {
  status: number;
  body: string;
}

/** The page renderer of the frontend's server build, or null when there is none (not built). */
function loadPageRenderer(path: string | null): PageRenderer | null {
  if (!path || !existsSync(path)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build output
  return require(path) as PageRenderer;
}

/** index.html without the app's preloads, or null when it has no place for a rendered page. */
function pageTemplate(spaDir: string, warn: (message: string) => void): string | null {
  const file = join(spaDir, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  if (!html.includes(ROOT_ELEMENT) || !html.includes('</head>') || !hasPageMeta(html)) {
    warn(
      `${file} has no ${ROOT_ELEMENT}, </head>, <title> or meta description: pages are rendered in the browser only`,
    );
    return null;
  }
  // A rendered page's text and images get the network first; the app fetches its code once
  // they are on screen (frontend main.tsx).
  return html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** Pages the server renders: app routes (no file extension) for visitors without a session. */
function wantsServerRendering(req: Request): boolean {
  return (
    isRead(req.method) &&
    !req.path.startsWith('/api/') &&
    !/\.[^/]*$/.test(req.path) &&
    !(req.cookies as Record<string, string> | undefined)?.[SESSION_HINT_COOKIE] &&
    req.accepts('html') === 'html'
  );
}

/** The theme the visitor picked (the cookie), else their system's when the browser says so. */
function colorModeOf(req: Request): ColorMode {
  const picked = (req.cookies as Record<string, string> | undefined)?.[COLOR_MODE_COOKIE];
  if (picked === 'dark' || picked === 'light') return picked;
  return req.get(COLOR_SCHEME_HINT) === 'dark' ? 'dark' : 'light';
}

/** The server's own address, as this request reached it: the page's data comes from there. */
function ownOrigin(req: Request): string {
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}`;
}

/**
 * Answers the public pages with their HTML already rendered (text, images, styles), so that a
 * visitor's browser shows them before the app's scripts have run; the app then hydrates them.
 * A page whose data does not come within RENDER_BUDGET_MS, or failed, is sent as its shell
 * (header, navigation, footer, a loading state) and the browser app loads the data. Signed-in
 * users (the session hint cookie) get index.html, as does anyone when not even the shell can be
 * rendered: the browser app renders every page on its own too.
 */
export function serverRenderedPages(
  {
    spaDir,
    pageRenderer,
    publicUrl,
  }: { spaDir: string; pageRenderer: string | null; publicUrl: string },
  warn: (message: string) => void,
): RequestHandler | null {
  const renderer = loadPageRenderer(pageRenderer);
  const template = renderer && pageTemplate(spaDir, warn);
  if (!renderer || !template) return null;
  // Shared by concurrent requests for a page too, so a burst of visitors costs one render.
  const pages = new Lru<Promise<PageAnswer | null>>(MAX_PAGES, PAGE_MAX_AGE_MS);
  const shells = new Lru<Promise<PageAnswer | null>>(MAX_PAGES, PAGE_MAX_AGE_MS);
  let rendersInFlight = 0;

  const toAnswer = (page: RenderedPage | null, colorMode: ColorMode): PageAnswer | null => {
    if (!page) return null;
    const body = withThemeGuard(withPageMeta(template, page), colorMode)
      .replace('</head>', () => `${page.head}</head>`)
      .replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>`,
      );
    return { status: page.status, body };
  };

  /**
   * The answer kept under `key`, else one rendered now (null past MAX_RENDERS_IN_FLIGHT). A
   * failure is kept as the answer too: not retried on every request meanwhile.
   */
  const rendered = (
    kept: Lru<Promise<PageAnswer | null>>,
    key: string,
    url: string,
    render: () => Promise<RenderedPage | null>,
    colorMode: ColorMode,
  ): Promise<PageAnswer | null> => {
    const known = kept.get(key);
    if (known) return known;
    if (rendersInFlight >= MAX_RENDERS_IN_FLIGHT) return Promise.resolve(null);
    rendersInFlight += 1;
    const answer = withTimeout(render(), RENDER_TIMEOUT_MS)
      .then((page) => toAnswer(page, colorMode))
      .catch((error: unknown) => {
        warn(`Page ${url} not rendered on the server: ${String(error)}`);
        return null;
      })
      .finally(() => {
        rendersInFlight -= 1;
      });
    kept.set(key, answer);
    return answer;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (!wantsServerRendering(req)) return next();
    const colorMode = colorModeOf(req);
    const key = `${colorMode} ${req.originalUrl}`;
    const request = {
      url: req.originalUrl,
      apiOrigin: ownOrigin(req),
      colorMode,
      publicOrigin: publicUrl,
    };
    const page = rendered(
      pages,
      key,
      req.originalUrl,
      () => renderer.renderPage(request),
      colorMode,
    );
    const shell = () =>
      rendered(shells, key, req.originalUrl, () => renderer.renderShell(request), colorMode);
    void withTimeout(page, RENDER_BUDGET_MS)
      .catch(() => null)
      .then((answer) => answer ?? shell())
      .then(
        (answer) => {
          if (!answer) return next();
          // The same address answers a signed-in user (the cookie) an unrendered page.
          res.status(answer.status).vary('Cookie').vary(COLOR_SCHEME_HINT);
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Accept-CH', COLOR_SCHEME_HINT);
          // Chromium, told the page depends on the hint it did not send, asks again at once
          // with it: a dark-system visitor's first page comes dark rather than light, then
          // switching.
          res.setHeader('Critical-CH', COLOR_SCHEME_HINT);
          res.type('html').send(answer.body);
        },
        () => next(),
      );
  };
}
