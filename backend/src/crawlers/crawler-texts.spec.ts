import { robotsTxt, sitemapXml } from './crawler-texts';

describe('crawler texts', () => {
  it('lists the site pages, the blog list with its newest post and every service given', () => {
    const xml = sitemapXml('https://critic.example', {
      serviceIds: ['a1', 'b2'],
      newestBlogAt: new Date('2026-03-01T10:00:00.000Z'),
    });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://critic.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://critic.example/services</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://critic.example/blogs</loc><lastmod>2026-03-01T10:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://critic.example/services/a1</loc></url>');
    expect(xml).toContain('<url><loc>https://critic.example/services/b2</loc></url>');
    expect(xml.match(/<url>/g)).toHaveLength(9);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
  });

  it('escapes the addresses for XML', () => {
    const xml = sitemapXml('https://critic.example/?a=1&b=<2>', { serviceIds: [] });
    expect(xml).toContain('<loc>https://critic.example/?a=1&amp;b=&lt;2&gt;/about</loc>');
    expect(xml).not.toContain('<lastmod>');
  });

  it('lets crawlers read the public pages, not the API or private pages, and names the sitemap', () => {
    const lines = robotsTxt('https://critic.example').split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/api/', '/admin/', '/account', '/myallreviews', '/update/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /services');
    expect(lines).toContain('Sitemap: https://critic.example/sitemap.xml');
  });
});
