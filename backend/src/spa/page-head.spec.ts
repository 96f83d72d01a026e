import { hasPageMeta, withPageMeta } from './page-head';

const TEMPLATE = `<head>
    <meta
      name="description"
      content="The site."
    />
    <title>Service Critic</title>
  </head>`;

describe('withPageMeta', () => {
  it("replaces the site's title and description with the page's", () => {
    const html = withPageMeta(TEMPLATE, { title: 'Blogs | Service Critic', description: 'Posts.' });
    expect(html).toContain('<title>Blogs | Service Critic</title>');
    expect(html).toContain('<meta name="description" content="Posts." />');
    expect(html).not.toContain('The site.');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('escapes what a service owner wrote', () => {
    const html = withPageMeta(TEMPLATE, {
      title: '</title><script>x()</script>',
      description: '"><script>y()</script> & $& more',
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
