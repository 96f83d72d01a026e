import type { RootState } from '../lib/store';

/** A page's `<title>` and meta description, as a route's `handle.meta` gives them. */
export interface PageMeta {
  title: string;
  description: string;
  /** The picture link previews show (a path on the site or an absolute URL): the site's if none. */
  image?: string;
}

/** A route's meta: fixed, or made from its loader's data (undefined when the loader failed). */
export type PageMetaSource = PageMeta | ((data: unknown) => PageMeta);

export const SITE_NAME = 'Service Critic';

/** The site's own meta (the spec: "The product title reads 'Service Critic'"): home's. */
export const SITE_META: PageMeta = {
  title: SITE_NAME,
  description:
    'Service Critic: browse delivery and logistics services, read honest reviews and write your own.',
};

/** A page's title, followed by the site's name. */
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;

/**
 * A route's schema.org JSON-LD, made from its loader's data and the store (the answers the page
 * was rendered with); `pageUrl` is the page's absolute address. Null when there is none.
 */
export type StructuredDataSource = (
  data: unknown,
  state: RootState,
  pageUrl: string,
) => Record<string, unknown> | null;

interface MatchWithMeta {
  handle?: unknown;
  data?: unknown;
}

/**
 * A route whose page its query defines (a comparison's `ids`) gives its canonical address from
 * the requested one; other pages' canonical address is their path alone.
 */
export type CanonicalPathSource = (requested: URL) => string;

/** The canonical path (and query) of the page a match list ends in, requested at `requested`. */
export function canonicalPathOf(matches: readonly MatchWithMeta[], requested: URL): string {
  const source = (matches.at(-1)?.handle as { canonicalPath?: CanonicalPathSource } | undefined)
    ?.canonicalPath;
  return source ? source(requested) : requested.pathname;
}

/** The JSON-LD of the page a match list ends in, or null when its route has none. */
export function structuredDataOf(
  matches: readonly MatchWithMeta[],
  state: RootState,
  pageUrl: string,
): Record<string, unknown> | null {
  const page = matches.at(-1);
  const source = (page?.handle as { structuredData?: StructuredDataSource } | undefined)
    ?.structuredData;
  return source ? source(page?.data, state, pageUrl) : null;
}

/** The deepest matched route's meta, and its loader's data. */
function deepestMeta(
  matches: readonly MatchWithMeta[],
): { meta: PageMetaSource; data: unknown } | undefined {
  for (const match of [...matches].reverse()) {
    const meta = (match.handle as { meta?: PageMetaSource } | undefined)?.meta;
    if (meta) return { meta, data: match.data };
  }
  return undefined;
}

/** The meta of the deepest matched route that has some (`useMatches()` or the server's matches). */
export function pageMetaOf(matches: readonly MatchWithMeta[]): PageMeta {
  const found = deepestMeta(matches);
  if (!found) return SITE_META;
  return typeof found.meta === 'function' ? found.meta(found.data) : found.meta;
}

/**
 * The meta of a page whose data has not come yet (its shell): a route's fixed meta, the site's
 * while it is made from data.
 */
export function pendingPageMetaOf(matches: readonly MatchWithMeta[]): PageMeta {
  const meta = deepestMeta(matches)?.meta;
  return !meta || typeof meta === 'function' ? SITE_META : meta;
}
