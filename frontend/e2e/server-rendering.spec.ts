import { test as withoutApp, type APIRequestContext, type Page } from '@playwright/test';
import { expect, pageErrors, PENDING_PAGE_MARK, test } from './app';
import { addReview, registerUser, services, uniqueText } from './people';

async function firstService(request: APIRequestContext): Promise<{ _id: string; title: string }> {
  const [service] = (await (await request.get('/api/servicelimit')).json()) as {
    _id: string;
    title: string;
  }[];
  return service;
}

/**
 * Opens `path` once the server has its rendered page: a render that takes longer than the
 * server's budget (a cold start, a busy machine) is sent as the page's shell (its layout and a
 * loading state), and kept for the next visitor once done. These tests are about what the
 * rendered page holds, not how soon.
 */
async function gotoRendered(page: Page, path: string): Promise<void> {
  await expect(async () => {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<script type="application/json"');
    expect(html).not.toContain(PENDING_PAGE_MARK);
  }).toPass({ timeout: 20_000 });
  await page.goto(path);
}

withoutApp.describe('public pages before any script has run', () => {
  withoutApp.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  withoutApp('the home page comes with its carousel, services and links', async ({ page }) => {
    await gotoRendered(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: "Available Service's Review" }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Available services' }).getByRole('article'),
    ).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    // The server cannot know the screen: CSS picks the row of links or the menu button.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  });

  withoutApp('a service comes with its details, ratings and reviews section', async ({ page }) => {
    const service = await firstService(page.request);
    await gotoRendered(page, `/services/${service._id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ratings' })).toBeVisible();
    await expect(page.getByText('Please log in to Add Your Review')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'All reviews' })).toBeVisible();
  });

  withoutApp(
    'the home comes with every section, Why Choose Us and the team too',
    async ({ page }) => {
      await gotoRendered(page, '/');
      for (const section of ["Available Service's Review", 'Why Choose Us', 'Our Expert Team']) {
        await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 3, name: 'Priya Raman' })).toBeVisible();
    },
  );

  withoutApp('the services come with their first page', async ({ page }) => {
    const firstPage = (await (
      await page.request.get('/api/services?limit=9&offset=0&sort=newest')
    ).json()) as { title: string }[];
    expect(firstPage.length).toBeGreaterThan(0);
    await gotoRendered(page, '/services');
    await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
    // The card titles are cut to 11 characters; the full title is their tooltip.
    for (const { title } of firstPage) {
      await expect(page.getByTitle(title, { exact: true }).first()).toBeVisible();
    }
    await expect(page).toHaveTitle('All Services | Service Critic');
  });

  withoutApp(
    "a service page holds its JSON-LD, with the API's rating, and its canonical and preview tags",
    async ({ page, baseURL, playwright }) => {
      // A review of its own, by a reviewer outside the page (a session would skip rendering).
      const reviewer = await playwright.request.newContext({ baseURL });
      const { _id } = (await services(page.request)).at(-1)!;
      await addReview(
        reviewer,
        await registerUser(reviewer, 'Lee'),
        { _id, title: 'Rated' },
        uniqueText('Careful driver, parcel on time'),
      );
      await reviewer.dispose();
      const apiService = async () =>
        (await (await page.request.get(`/api/services/${_id}`)).json()) as {
          title: string;
          image: string;
          rating: { average: number; count: number };
        };
      await expect.poll(async () => (await apiService()).rating.count).toBeGreaterThan(0);
      const service = await apiService();
      // A rendered page is kept up to 5 s (PAGE_MAX_AGE_MS in the backend's server-rendering.ts):
      // one rendered before the review, by an earlier test, may still be answered meanwhile.
      await expect
        .poll(
          async () =>
            (
              await (
                await page.request.get(`/services/${_id}`, { headers: { accept: 'text/html' } })
              ).text()
            ).includes('"aggregateRating"'),
          { timeout: 10_000 },
        )
        .toBe(true);
      await gotoRendered(page, `/services/${_id}`);
      const pageUrl = `${baseURL}/services/${_id}`;

      const blocks = page.locator('script[type="application/ld+json"]');
      await expect(blocks).toHaveCount(1);
      const jsonLd = JSON.parse((await blocks.textContent()) ?? '') as {
        '@type': string;
        name: string;
        url: string;
        aggregateRating: Record<string, unknown>;
        review: { reviewBody: string; reviewRating: { ratingValue: number } }[];
      };
      expect(jsonLd).toMatchObject({ '@type': 'Service', name: service.title, url: pageUrl });
      expect(jsonLd.aggregateRating).toMatchObject({
        '@type': 'AggregateRating',
        ratingValue: service.rating.average,
        ratingCount: service.rating.count,
        bestRating: 5,
      });
      // The reviews the page shows first, as it shows them.
      expect(jsonLd.review.length).toBeGreaterThan(0);
      const shown = page.getByRole('article', { name: /^Review by / });
      await expect(shown.first()).toContainText(jsonLd.review[0].reviewBody);

      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl);
      const image = new URL(service.image, pageUrl).href;
      for (const [selector, value] of [
        ['meta[property="og:title"]', `${service.title} | Service Critic`],
        ['meta[property="og:url"]', pageUrl],
        ['meta[property="og:image"]', image],
        ['meta[property="og:type"]', 'website'],
        ['meta[name="twitter:card"]', 'summary_large_image'],
        ['meta[name="twitter:title"]', `${service.title} | Service Critic`],
        ['meta[name="twitter:image"]', image],
      ]) {
        await expect(page.locator(selector)).toHaveAttribute('content', value);
      }
      for (const selector of [
        'meta[property="og:description"]',
        'meta[name="twitter:description"]',
      ])
        await expect(page.locator(selector)).toHaveAttribute('content', /\S/);
    },
  );

  withoutApp('the blogs come with their posts', async ({ page }) => {
    const [blog] = (await (await page.request.get('/api/blogs')).json()) as { title: string }[];
    await gotoRendered(page, '/blogs');
    await expect(page.getByRole('heading', { name: blog.title })).toBeVisible();
  });
});

withoutApp.describe('a visitor whose system is dark, with no saved choice', () => {
  withoutApp(
    'gets the dark page in the first HTML (Chromium sends the hint)',
    async ({ playwright, launchOptions, baseURL }) => {
      // The hint follows the system's theme, which Playwright's colorScheme (page media only)
      // does not change: a browser of its own, told the system is dark.
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--force-dark-mode'],
      });
      // Scripts off: what shows is the server's HTML, before any app could switch the theme.
      const context = await browser.newContext({
        baseURL,
        colorScheme: 'dark',
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const response = await page.goto('/blogs');
      expect(response?.headers()['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
      await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(15, 19, 24)',
      );
      await browser.close();
    },
  );
});

withoutApp.describe('a visitor whose system is dark, on a browser that sends no hint', () => {
  // No Sec-CH hint (as Firefox and Safari send none): the server renders the light page.
  withoutApp.use({ colorScheme: 'dark' });
  const withoutHint = async (page: Page) =>
    page.route('**/blogs', async (route) => {
      const headers = { ...route.request().headers() };
      delete headers['sec-ch-prefers-color-scheme'];
      await route.fulfill({ response: await route.fetch({ headers }) });
    });
  const background = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const pending = (page: Page) =>
    page.evaluate(() => document.documentElement.hasAttribute('data-theme-pending'));

  withoutApp(
    'never sees the light page: it stays hidden until the app shows it dark',
    async ({ page }) => {
      await gotoRendered(page, '/blogs');
      await withoutHint(page);
      const cspErrors: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) cspErrors.push(message.text());
      });
      // The app's scripts held back: what shows is the server's light HTML and the guard.
      let releaseScripts = () => {};
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route('**/assets/**/*.js', async (route) => {
        await scriptsHeld;
        await route.fallback();
      });
      // Parsed, its module scripts waiting: DOMContentLoaded comes only after they ran.
      await page.goto('/blogs', { waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => document.readyState)).toBe('interactive');
      expect(await page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('light');
      expect(await pending(page)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe('hidden');

      releaseScripts();
      await expect.poll(() => pending(page)).toBe(false);
      expect(await background(page)).toBe('rgb(15, 19, 24)');
      await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
      expect(cspErrors).toEqual([]);
    },
  );

  withoutApp('sees the page after at most 3 s should the app never run', async ({ page }) => {
    await gotoRendered(page, '/blogs');
    await withoutHint(page);
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/blogs', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => pending(page), { timeout: 10_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  withoutApp('a light-system visitor gets the page at once, never hidden', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await gotoRendered(page, '/blogs');
    await withoutHint(page);
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/blogs', { waitUntil: 'domcontentloaded' });
    expect(await pending(page)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await context.close();
  });
});

test.describe('public pages once the app runs them', () => {
  test('hydrate without a mismatch at phone and desktop sizes', async ({ page }) => {
    const service = await firstService(page.request);
    const errors = pageErrors(page);
    for (const size of [
      { width: 360, height: 740 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(size);
      for (const path of [
        '/',
        `/services/${service._id}`,
        '/blogs',
        '/services',
        '/no-such-page',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('contentinfo')).toContainText('All Rights Rreserved');
        // Hydrated: the app keeps the one navigation that fits the screen.
        await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);
      }
    }
    expect(errors).toEqual([]);
  });

  test('navigate within the app, without loading another page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'See All' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test("come in the visitor's theme once they picked one", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = pageErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();

    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Switch to light mode');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('are left to the browser for a signed-in user', async ({ page }) => {
    const email = `ssr.${Date.now()}@example.com`;
    await page.request.post('/api/register', {
      data: { name: 'Sam Session', email, password: 'a-long-password-1' },
    });
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain('<script type="application/json"');
    expect(html).toContain('<div id="root"></div>');

    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('img', { name: 'Sam Session' })).toBeVisible();
  });
});
