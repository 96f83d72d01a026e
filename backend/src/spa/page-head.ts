import type { RenderedPage } from './page-contract';

/** Text made safe to put in HTML, as an element's content or a quoted attribute's value. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/** Whether index.html has the `<title>` and meta description a rendered page replaces. */
export function hasPageMeta(html: string): boolean {
  return TITLE.test(html) && DESCRIPTION.test(html);
}

type PageHead = Pick<
  RenderedPage,
  'status' | 'title' | 'description' | 'url' | 'image' | 'structuredData'
>;

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/**
 * What search engines and link previews read besides the title and description: the canonical
 * URL (not on an error page), Open Graph and Twitter tags, and the page's JSON-LD. JSON-LD is a
 * data block, not a script the browser runs: the page's CSP (script-src 'self') does not apply.
 */
function previewTags({ status, title, description, url, image, structuredData }: PageHead) {
  return [
    ...(status < 400 ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    ...(structuredData === null
      ? []
      : [`<script type="application/ld+json">${structuredData}</script>`]),
  ].join('\n    ');
}

/**
 * `html` with the page's own `<title>` and meta description instead of the site's, followed by
 * its canonical URL, link preview tags and JSON-LD.
 */
export function withPageMeta(html: string, page: PageHead): string {
  return html
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      DESCRIPTION,
      () =>
        `<meta name="description" content="${escapeHtml(page.description)}" />\n    ${previewTags(page)}`,
    );
}
