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

/** `html` with the page's own `<title>` and meta description instead of the site's. */
export function withPageMeta(
  html: string,
  { title, description }: { title: string; description: string },
): string {
  return html
    .replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}" />`);
}
