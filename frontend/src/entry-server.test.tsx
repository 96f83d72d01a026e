// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage, renderShell } from './entry-server';
import type { ServerState } from './lib/serverState';
import { pageOf, stubApi } from './test/stubApi';
import { aReview } from './test/reviewFixtures';
import { serviceFixture } from './test/serviceFixture';

const services = [
  serviceFixture({ _id: 'a1', title: 'Same-Day City Courier' }),
  serviceFixture({ _id: 'b2', title: 'Pallet Freight' }),
  serviceFixture({ _id: 'c3', title: 'Returns' }),
];
const transparency = {
  published: 12,
  flagged: 1,
  removed: 0,
  reportsReceived: 2,
  reportsUpheld: 1,
};
/** Twelve months, the last three rated: enough for the page's trend chart. */
const trend = Array.from({ length: 12 }, (_, index) => {
  const month = `2026-${String(index + 1).padStart(2, '0')}`;
  return index < 9
    ? { month, count: 0, average: null }
    : { month, count: 4, average: 4 + index / 20 };
});
const review = aReview({
  title: 'Fast and careful',
  details: 'The parcel came the same afternoon.',
});

function stubPublicApi() {
  return stubApi({
    'GET /api/servicelimit': () => Response.json(services),
    'GET /api/services/a1': () => Response.json(services[0]),
    'GET /api/services/a1/transparency': () => Response.json(transparency),
    'GET /api/services/a1/trend': () => Response.json(trend),
    'GET /api/reviews': pageOf([review]),
  });
}

const render = (url: string, colorMode: 'light' | 'dark' = 'light') =>
  renderPage({ url, apiOrigin: 'http://api.test', colorMode, publicOrigin: 'https://critic.test' });

describe('renderPage (the server rendering a public page)', () => {
  it('renders the home page with its services, from the API at the origin it is given', async () => {
    const fetchMock = stubPublicApi();
    const page = await render('/');

    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Available Service&#x27;s Review');
    for (const { title } of services) expect(page?.html).toContain(title.slice(0, 11));
    expect(fetchMock.mock.calls[0][0].url).toBe('http://api.test/api/servicelimit');
    // The server cannot know the screen: both forms of the navigation, CSS shows one.
    expect(page?.html).toContain('aria-label="Open navigation menu"');
    expect(page?.html).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(page?.head).toMatch(/^<style data-emotion="css-global [^"]+">/);
    expect(page?.head).toContain('<style data-emotion="css ');
  });

  it('renders a service with its first reviews, and hands over the answers it used', async () => {
    stubPublicApi();
    const page = await render('/services/a1', 'dark');

    expect(page?.html).toContain('Same-Day City Courier');
    expect(page?.html).toContain('The parcel came the same afternoon.');
    expect(page?.html).not.toContain('Switched to client rendering');
    expect(page?.html).toContain('Please log in to Add Your Review');
    expect(page?.html).toContain('Moderation of these reviews');
    // The rating's trend, drawn as SVG in the page itself.
    expect(page?.html).toMatch(/Rating trend<\/h2>.*<svg role="img"/s);
    expect(page?.html).toContain('Average stars by month over the last 12 months (12 reviews)');
    const state = JSON.parse(page?.state ?? '{}') as ServerState;
    expect(state.colorMode).toBe('dark');
    expect(JSON.stringify(state.api)).toContain('The parcel came the same afternoon.');
    expect(Object.values(state.router.loaderData ?? {})).toContainEqual(services[0]);
  });

  it("renders a service's burst notice with the page, as a status", async () => {
    stubApi({
      'GET /api/services/a1': () =>
        Response.json({ ...services[0], burstAlertOpenedAt: '2026-11-30T01:00:00.000Z' }),
      'GET /api/services/a1/transparency': () => Response.json(transparency),
      'GET /api/services/a1/trend': () => Response.json(trend),
      'GET /api/reviews': pageOf([review]),
    });
    const page = await render('/services/a1');
    expect(page?.html).toMatch(
      /role="status"[^>]*>.*We&#x27;ve seen an unusual number of reviews for this service recently/,
    );
    stubPublicApi();
    expect((await render('/services/a1'))?.html).not.toContain('an unusual number of reviews');
  });

  it("renders a service's reviews filtered as its address says, asking the API for them", async () => {
    const fetchMock = stubPublicApi();
    const page = await render('/services/a1?stars=2,1&replied=1&verified=1&q=late');

    const asked = fetchMock.mock.calls
      .map(([request]) => new URL(request.url))
      .find((url) => url.pathname === '/api/reviews');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({
      rating: '1,2',
      replied: 'true',
      verified: 'true',
      q: 'late',
    });
    expect(page?.html).toContain('The parcel came the same afternoon.');
    // Each toggle as the address set it: the nearest aria-pressed before its words.
    const pressed = (words: string) =>
      new RegExp(`aria-pressed="(\\w+)"(?:(?!aria-pressed).)*>${words}<`).exec(
        page?.html ?? '',
      )?.[1];
    expect([
      pressed('With replies'),
      pressed('1 star \\(\\d+\\)'),
      pressed('4 stars \\(\\d+\\)'),
    ]).toEqual(['true', 'true', 'false']);
  });

  it('gives a service page its canonical address, preview picture and JSON-LD', async () => {
    const rated = serviceFixture({
      _id: 'd4',
      title: 'Rated Courier',
      rating: { ...serviceFixture().rating, average: 4.5, count: 2 },
    });
    const sneaky = aReview({ service: 'd4', rating: 4, details: 'Fine </script><b>x</b>' });
    stubApi({
      'GET /api/services/d4': () => Response.json(rated),
      'GET /api/services/d4/transparency': () => Response.json(transparency),
      'GET /api/services/d4/trend': () => Response.json(trend),
      'GET /api/reviews': pageOf([sneaky]),
    });
    const page = await render('/services/d4?page=2');

    expect(page?.url).toBe('https://critic.test/services/d4');
    expect(page?.image).toBe(`https://critic.test${rated.image}`);
    expect(page?.structuredData).not.toContain('<');
    expect(JSON.parse(page?.structuredData ?? 'null')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Rated Courier',
      url: 'https://critic.test/services/d4',
      aggregateRating: { ratingValue: 4.5, ratingCount: 2, reviewCount: 2, bestRating: 5 },
      review: [
        {
          '@type': 'Review',
          author: { name: sneaky.reviewUser },
          datePublished: sneaky.createdAt,
          reviewBody: 'Fine </script><b>x</b>',
          reviewRating: { ratingValue: 4, bestRating: 5 },
        },
      ],
    });
  });

  it('renders a comparison with its services named, at an address that keeps them', async () => {
    const [first, second] = ['1', '2'].map((digit) =>
      serviceFixture({ _id: digit.repeat(24), title: `Courier ${digit}` }),
    );
    stubApi({
      'GET /api/services/compare': () =>
        Response.json({
          services: [first, second].map(
            ({ _id, title, image, category_id, rating, score, replies, verified }) => ({
              _id,
              title,
              image,
              category_id,
              rating,
              score,
              replies,
              verified,
            }),
          ),
        }),
    });
    const page = await render(`/compare?ids=${first._id.toUpperCase()},${second._id}&utm=x`);
    expect(page?.status).toBe(200);
    expect(page?.title).toBe('Compare Courier 1 and Courier 2 | Service Critic');
    expect(page?.html).toContain('<table');
    expect(page?.html).toContain('Reviews by verified customers');
    expect(page?.url).toBe(`https://critic.test/compare?ids=${first._id},${second._id}`);
  });

  it("gives other pages the site's picture and no JSON-LD", async () => {
    stubPublicApi();
    const page = await render('/');
    expect(page?.url).toBe('https://critic.test/');
    expect(page?.image).toBe('https://critic.test/images/slides/slide-1.svg');
    expect(page?.structuredData).toBeNull();
  });

  it('answers 404 with the page for an unknown address', async () => {
    stubPublicApi();
    const page = await render('/no-such-page');
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('find this page.');
  });

  it('leaves pages with forms, pages for signed-in users and pages whose data failed to the browser', async () => {
    stubPublicApi();
    for (const formPage of ['/login', '/register', '/contacts']) {
      await expect(render(formPage)).resolves.toBeNull();
    }
    await expect(render('/myallreviews')).resolves.toBeNull();
    stubApi({
      'GET /api/services/a1': () => Response.json(services[0]),
      'GET /api/reviews': () => Response.json({ error: 'Bad query' }, { status: 400 }),
    });
    await expect(render('/services/a1')).resolves.toBeNull();
    stubApi({
      'GET /api/services/a1': () => Response.json({ error: 'Try again' }, { status: 503 }),
    });
    await expect(render('/services/a1')).resolves.toBeNull();
  });

  it('answers 404 with the not-found page for an unknown service, and hands the error over', async () => {
    stubApi({
      'GET /api/services/665f1c2ab4d3e8a1f0c9d999': () =>
        Response.json({ error: 'No service has this id.' }, { status: 404 }),
      'GET /api/reviews': pageOf([]),
    });
    const page = await render('/services/665f1c2ab4d3e8a1f0c9d999');
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('find this service.');
    const state = JSON.parse(page?.state ?? '{}') as ServerState;
    expect(Object.values(state.router.errors ?? {})).toContainEqual(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe("renderPage: a review's own page", () => {
  const shared = aReview({
    _id: '665f1c2ab4d3e8a1f0c9d0e1',
    service: 'a1',
    serviceTitle: 'Same-Day City Courier',
    reviewUser: 'Ann Author',
    details: `The parcel came the same afternoon. ${'More words. '.repeat(20)}`,
    reply: {
      text: 'Thank you, Ann!',
      createdAt: '2026-03-02T10:00:00.000Z',
      versionCount: 0,
    },
  });

  it('renders the review and its reply, with its title, cut description, address and JSON-LD', async () => {
    stubApi({ [`GET /api/reviews/${shared._id}`]: () => Response.json(shared) });
    const page = await render(`/reviews/${shared._id}`);

    expect(page?.status).toBe(200);
    expect(page?.title).toBe("Ann Author's review of Same-Day City Courier | Service Critic");
    expect(page?.description).toMatch(/^The parcel came the same afternoon\. More words\./);
    expect(page?.description.length).toBeLessThanOrEqual(158);
    expect(page?.url).toBe(`https://critic.test/reviews/${shared._id}`);
    expect(page?.html).toContain('Thank you, Ann!');
    expect(page?.html).toMatch(/<a [^>]*href="\/services\/a1"[^>]*>Same-Day City Courier<\/a>/);
    expect(JSON.parse(page?.structuredData ?? 'null')).toMatchObject({
      '@type': 'Review',
      url: `https://critic.test/reviews/${shared._id}`,
      author: { name: 'Ann Author' },
      reviewRating: { ratingValue: shared.rating, bestRating: 5 },
      itemReviewed: {
        '@type': 'Service',
        name: 'Same-Day City Courier',
        url: 'https://critic.test/services/a1',
      },
    });
  });

  it("shows a take-down's notice, without JSON-LD", async () => {
    const removed = aReview({
      status: 'rejected',
      title: '',
      details: '',
      removal: { reason: 'Advertising is not allowed', at: '2026-03-03T10:00:00.000Z' },
    });
    stubApi({ [`GET /api/reviews/${removed._id}`]: () => Response.json(removed) });
    const page = await render(`/reviews/${removed._id}`);
    expect(page?.status).toBe(200);
    expect(page?.html).toMatch(/Removed by moderators: (<!-- -->)?Advertising is not allowed/);
    expect(page?.structuredData).toBeNull();
  });

  it('answers 404 with its own page for a review that is not public', async () => {
    stubApi({
      'GET /api/reviews/665f1c2ab4d3e8a1f0c9d999': () =>
        Response.json({ error: 'No published review has this id.' }, { status: 404 }),
    });
    const page = await render('/reviews/665f1c2ab4d3e8a1f0c9d999');
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('find this review.');
  });
});

describe('renderShell (the server answering before the data came)', () => {
  const shell = (url: string) =>
    renderShell({
      url,
      apiOrigin: 'http://api.test',
      colorMode: 'light',
      publicOrigin: 'https://critic.test',
    });

  it('renders the layout and the loading state where the page goes, asking the API nothing', async () => {
    const fetchMock = stubPublicApi();
    const page = await shell('/services/a1');

    expect(fetchMock).not.toHaveBeenCalled();
    expect(page?.status).toBe(200);
    expect(page?.html).toMatch(/<header[^>]*>/);
    expect(page?.html).toMatch(/<a [^>]*href="\/login"[^>]*>Login<\/a>/);
    expect(page?.html).toContain('data-page-pending');
    expect(page?.html).toContain('All Rights Rreserved');
    expect(page?.html).not.toContain('Same-Day City Courier');
    // Not "Service not found": the service is not known yet.
    expect(page?.title).toBe('Service Critic');
    expect(page?.structuredData).toBeNull();
    // The browser's router runs the page's loaders, from the same loading state.
    const state = JSON.parse(page?.state ?? '{}') as ServerState;
    expect(state.router.loaderData).toEqual({});
    expect(state.router.errors).toBeNull();
  });

  it("keeps a page's own title when it does not come from data", async () => {
    stubPublicApi();
    expect((await shell('/blogs'))?.title).toBe('Blogs | Service Critic');
  });

  it('leaves the pages renderPage leaves to the browser', async () => {
    stubPublicApi();
    await expect(shell('/login')).resolves.toBeNull();
    await expect(shell('/myallreviews')).resolves.toBeNull();
  });
});
