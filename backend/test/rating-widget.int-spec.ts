import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Response } from 'supertest';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { listQueriesOf } from './support/list-queries';
import { useTestApp } from './support/test-app';

/** The rating widget other sites frame: its page, its headers, and what it costs. */
describe('GET /widget/services/:id', () => {
  const testApp = useTestApp({ full: true });
  let owner: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    owner = await registerUser(testApp);
    const reviewer = await registerUser(testApp);
    service = await addService(testApp, owner.accessToken);
    await addReview(testApp, reviewer.accessToken, service, { rating: 4 });
  });

  const expectFramable = (response: Response) => {
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors \*(;|$)/);
    expect(response.headers['x-frame-options']).toBeUndefined();
  };

  it('shows the stars, the score and the count of the service page, with a link back', async () => {
    const api = await testApp.http().get(`/api/services/${service}`).expect(200);
    const widget = await testApp.http().get(`/widget/services/${service}`).expect(200);
    expect(widget.headers['content-type']).toMatch(/^text\/html/);
    expect(widget.text).toContain(api.body.title);
    expect(widget.text).toContain('aria-label="Rated 4.0 out of 5 from 1 review"');
    expect(widget.text).toContain(`Score: ${api.body.score.value.toFixed(2)} / 5`);
    expect(widget.text).toContain(
      `<a href="${testApp.config.publicUrl}/services/${service}" target="_blank" rel="noopener">`,
    );
  });

  it('may be framed by any site, and is cached like a public read', async () => {
    const widget = await testApp.http().get(`/widget/services/${service}`).expect(200);
    expectFramable(widget);
    expect(widget.headers['content-security-policy']).toContain("default-src 'none'");
    expect(widget.headers['cache-control']).toBe('public, max-age=10');
    expect(widget.headers.etag).toBeDefined();
  });

  it('leaves the rest of the site unframable', async () => {
    for (const path of [`/api/services/${service}`, `/services/${service}`, '/']) {
      const response = await testApp.http().get(path).expect(200);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it('follows the visitor’s colour scheme, or the theme asked for', async () => {
    const auto = await testApp.http().get(`/widget/services/${service}`).expect(200);
    expect(auto.text).toContain('@media (prefers-color-scheme:dark)');
    const dark = await testApp.http().get(`/widget/services/${service}?theme=dark`).expect(200);
    expect(dark.text).toContain('color-scheme:dark}');
    expect(dark.text).not.toContain('prefers-color-scheme');
    const light = await testApp.http().get(`/widget/services/${service}?theme=light`).expect(200);
    expect(light.text).toContain('color-scheme:light}');
    const odd = await testApp.http().get(`/widget/services/${service}?theme=blue`).expect(400);
    expect(odd.text).toContain('The theme is light or dark.');
  });

  it('answers a second request from the read cache, without asking the store', async () => {
    const connection = testApp.app.get<Connection>(getConnectionToken());
    const first = await testApp.http().get(`/widget/services/${service}?theme=light`).expect(200);
    const queries = await listQueriesOf(connection, async () => {
      const again = await testApp.http().get(`/widget/services/${service}?theme=light`);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expectFramable(again);
    });
    expect(queries).toEqual([]);
  });

  it('is a 404 page for an unknown or unlisted service and a 400 for a malformed id', async () => {
    // A junk title (one letter) holds it for an admin; the digits keep it apart from other files'.
    const held = await addService(testApp, owner.accessToken, { title: `X ${Date.now()}` });
    const unknown = await testApp
      .http()
      .get(`/widget/services/${'0'.repeat(24)}`)
      .expect(404);
    expect(unknown.text).toContain('No service has this id.');
    expectFramable(unknown);
    const unlisted = await testApp.http().get(`/widget/services/${held}`).expect(404);
    expect(unlisted.text).toContain('No service has this id.');
    const malformed = await testApp.http().get('/widget/services/nope').expect(400);
    expect(malformed.text).toContain('This widget address has no valid service id.');
    expectFramable(malformed);
  });
});
