/**
 * What the server and the frontend's server-rendering build agree on, defined once here (the
 * server hosts the renderer and sets the session cookies) and imported by the frontend
 * (`frontend/src/lib/pageContract.ts`). Plain types and strings only: both builds compile it.
 */

export type ColorMode = 'light' | 'dark';

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  /** Where the API answers, for the page's data (the server itself). */
  apiOrigin: string;
  colorMode: ColorMode;
  /** The site's public address (PUBLIC_URL, no trailing slash), for the page's absolute links. */
  publicOrigin: string;
}

export interface RenderedPage {
  status: number;
  /** The page's `<title>` and meta description, as plain text. */
  title: string;
  description: string;
  /** The page's absolute address on the public site: its canonical URL and og:url. */
  url: string;
  /** The absolute address of the picture link previews show (og:image, twitter:image). */
  image: string;
  /**
   * schema.org JSON-LD about the page, as JSON safe inside an HTML `<script>` element (no `<`),
   * for a `<script type="application/ld+json">`; null when the page has none.
   */
  structuredData: string | null;
  /** `<style>` elements for the page's styles, for the document's head. */
  head: string;
  /** The markup inside `#root`. */
  html: string;
  /** JSON for the `<script type="application/json">` block with SERVER_STATE_ELEMENT_ID. */
  state: string;
}

/** The frontend's src/entry-server.tsx, as its server build exports it. */
export interface PageRenderer {
  /** The page, or null when the browser app should render it alone. */
  renderPage(request: PageRequest): Promise<RenderedPage | null>;
  /**
   * The page without its data, fetched by nothing: the layout (header, navigation, footer) with
   * a loading state where the page goes, which the browser app hydrates and then loads the data
   * into. Null for pages the server does not render.
   */
  renderShell(request: PageRequest): Promise<RenderedPage | null>;
}

/** The id of the JSON block in which a server-rendered page hands its state to the browser. */
export const SERVER_STATE_ELEMENT_ID = 'sc-server-state';

/**
 * Readable by the SPA and holding no secret: it tells the SPA a refresh cookie may exist, so a
 * visitor who never signed in is not sent to /auth/refresh for a 401 on every page load; the
 * server renders pages only for visitors without it.
 */
export const SESSION_HINT_COOKIE = 'sc_session';

/** Set by the SPA when a visitor picks a theme; the server renders pages in it. */
export const COLOR_MODE_COOKIE = 'sc_color_mode';

/** Where the browser app saves the visitor's theme choice (beside the cookie). */
export const COLOR_MODE_STORAGE_KEY = 'service-critic.color-mode';

/**
 * Set on `<html>` while a server-rendered page waits for the app to switch it to the theme the
 * browser knows of (backend/src/spa/theme-guard.ts); the app removes it once switched.
 */
export const THEME_PENDING_ATTRIBUTE = 'data-theme-pending';
