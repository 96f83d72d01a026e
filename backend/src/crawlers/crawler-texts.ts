/**
 * robots.txt and sitemap.xml as text, for the site at `origin` (PUBLIC_URL). The page paths are
 * the frontend's (frontend/src/config/paths.ts).
 */

/** Public pages that are not a service's: the home, the lists and the site's own pages. */
const SITE_PAGES = ['/', '/services', '/about', '/guidelines', '/privacy', '/terms'] as const;

/** The blog list: the posts have no page of their own, so it stands for all of them. */
const BLOGS_PAGE = '/blogs';

/**
 * Pages for one signed-in user or for admins, and pages a link in an e-mail opens with a token:
 * nothing there for a search engine.
 */
const PRIVATE_PATHS = [
  '/api/',
  '/admin/',
  '/account',
  '/myservices',
  '/myallreviews',
  '/notifications',
  '/allreviews',
  '/addservices',
  '/update/',
  '/reset-password',
  '/verify-email',
] as const;

/** What a sitemap lists. */
export interface SitemapContent {
  /** Listed services' ids. */
  serviceIds: readonly string[];
  /** When the newest blog post was written; undefined when there is none. */
  newestBlogAt?: Date;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function urlEntry(origin: string, path: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
  return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}</url>\n`;
}

/** The sitemap (sitemaps.org 0.9): the site's pages, the blog list and every listed service. */
export function sitemapXml(origin: string, { serviceIds, newestBlogAt }: SitemapContent): string {
  const entries = [
    ...SITE_PAGES.map((path) => urlEntry(origin, path)),
    urlEntry(origin, BLOGS_PAGE, newestBlogAt),
    ...serviceIds.map((id) => urlEntry(origin, `/services/${encodeURIComponent(id)}`)),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</urlset>\n'
  );
}

/** Every crawler may read the public pages, none the API nor private pages; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
