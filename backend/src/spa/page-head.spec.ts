import { hasPageMeta, withPageMeta } from './page-head';

const TEMPLATE = `<head>
    <meta
      name="description"
      content="The site."
    />
    <title>Service Critic</title>
  </head>`;

const PAGE = {
  status: 200,
  title: 'Blogs | Service Critic',
  description: 'Posts.',
  url: 'https://critic.example/blogs',
  image: 'https://critic.example/images/slides/slide-1.svg',
  structuredData: null,
};

describe('withPageMeta', () => {
  it("replaces the site's title and description with the page's", () => {
    const html = withPageMeta(TEMPLATE, PAGE);
    expect(html).toContain('<title>Blogs | Service Critic</title>');
    expect(html).toContain('<meta name="description" content="Posts." />');
    expect(html).not.toContain('The site.');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('adds the canonical URL, Open Graph and Twitter tags', () => {
    const html = withPageMeta(TEMPLATE, PAGE);
    expect(html).toContain('<link rel="canonical" href="https://critic.example/blogs" />');
    for (const [key, value] of [
      ['og:type', 'website'],
      ['og:title', PAGE.title],
      ['og:description', PAGE.description],
      ['og:url', PAGE.url],
      ['og:image', PAGE.image],
    ]) {
      expect(html).toContain(`<meta property="${key}" content="${value}" />`);
    }
    for (const [key, value] of [
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', PAGE.title],
      ['twitter:description', PAGE.description],
      ['twitter:image', PAGE.image],
    ]) {
      expect(html).toContain(`<meta name="${key}" content="${value}" />`);
    }
    expect(html).not.toContain('application/ld+json');
  });

  it('gives an error page no canonical URL', () => {
    const html = withPageMeta(TEMPLATE, { ...PAGE, status: 404 });
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta property="og:title"');
  });

  it("puts the page's JSON-LD in a data block as the renderer made it", () => {
    const json = '{"@type":"Service","name":"\\u003c/script>"}';
    const html = withPageMeta(TEMPLATE, { ...PAGE, structuredData: json });
    expect(html).toContain(`<script type="application/ld+json">${json}</script>`);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('<title>'));
  });

  it('escapes what a service owner wrote', () => {
    const html = withPageMeta(TEMPLATE, {
      ...PAGE,
      title: '</title><script>x()</script>',
      description: '"><script>y()</script> & $& more',
      image: 'https://x.example/a.png"><script>z()</script>',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>');
    expect(html).toContain(
      'content="&quot;&gt;&lt;script&gt;y()&lt;/script&gt; &amp; $&amp; more"',
    );
  });

  it('tells a template without a title or description', () => {
    expect(hasPageMeta(TEMPLATE)).toBe(true);
    expect(hasPageMeta('<head><title>x</title></head>')).toBe(false);
  });
});
