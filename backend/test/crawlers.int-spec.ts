import { BlogsRepository } from '../src/blogs/blogs.repository';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ContentSeeder } from '../src/seed/content-seeder';
import { ServicesRepository } from '../src/services/services.repository';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';

const PUBLIC_URL = 'https://critic.example.test';

/** robots.txt and sitemap.xml, answered by the app in front of the SPA, on PUBLIC_URL. */
describe('files for search engines', () => {
  const testApp = useTestApp({ full: true, env: { PUBLIC_URL } });
  let owner: RegisteredUser;

  beforeAll(async () => {
    await new ContentSeeder(
      testApp.app.get(ServicesRepository, { strict: false }),
      testApp.app.get(BlogsRepository, { strict: false }),
      testApp.app.get(ReadCache),
    ).seed();
    owner = await registerUser(testApp);
  });

  const sitemap = async () => {
    const response = await testApp.http().get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    return response.text;
  };

  it('lists every listed service, a new one at once, and no service waiting for an admin', async () => {
    const before = await sitemap();
    const listed = await addService(testApp, owner.accessToken);
    // Contact details hold the service for an admin: it is not listed. (Its title is the
    // helper's own: titles are unique, and the suites share one database.)
    const held = await addService(testApp, owner.accessToken, {
      details: 'Call +1 555 987 6543 to book a pickup.',
    });

    const xml = await sitemap();
    expect(before).not.toContain(listed);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/services/${listed}</loc></url>`);
    expect(xml).not.toContain(held);
    const list = await testApp.http().get('/api/services?limit=100').expect(200);
    for (const service of list.body as { _id: string }[]) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}/services/${service._id}</loc>`);
    }
  });

  it('lists the blog list with its newest post, and the site pages', async () => {
    const xml = await sitemap();
    const [newest] = (await testApp.http().get('/api/blogs?limit=1').expect(200)).body as {
      createdAt: string;
    }[];
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blogs</loc><lastmod>${newest.createdAt}</lastmod></url>`,
    );
    for (const path of ['/', '/services', '/about', '/guidelines', '/privacy', '/terms']) {
      expect(xml).toContain(`<url><loc>${PUBLIC_URL}${path}</loc></url>`);
    }
  });

  it('tells crawlers to keep out of the API and private pages, and where the sitemap is', async () => {
    const response = await testApp.http().get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin/',
        'Disallow: /account',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });
});
