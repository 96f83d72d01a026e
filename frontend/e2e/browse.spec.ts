import type { Page } from '@playwright/test';
import { uniqueTag } from './unique-tag';
import { expect, test } from './app';
import { addService, registerUser } from './people';
import { saveScreenshot, saveScreenshotsInBothThemes } from './screenshots';

/** Screenshots of the page in both themes, at the test's size and at 360 px wide. */
async function screenshotPage(page: Page, name: string) {
  await saveScreenshotsInBothThemes(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshotsInBothThemes(page, `${name}-360`);
  if (size) await page.setViewportSize(size);
}

/** How many services GET /api/services counts for `query` (its X-Total-Count header). */
async function serviceTotal(page: Page, query = '') {
  const response = await page.request.get(`/api/services?limit=1${query}`);
  return Number(response.headers()['x-total-count']);
}

const countText = (total: number) => (total === 1 ? '1 service' : `${total} services`);

/** Number of columns the browser laid a CSS grid out in. */
const gridColumns = (page: Page, name: string) =>
  page
    .getByRole('list', { name, exact: true })
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);

test.use({ viewport: { width: 1280, height: 900 } });

test('home: carousel, the services the server picks, Why Choose Us and the team', async ({
  page,
}) => {
  // The server renders the page with these; the browser does not ask for them again.
  const served = (await (await page.request.get('/api/servicelimit')).json()) as unknown[];
  await page.goto('/');

  const carousel = page.getByRole('region', { name: 'Service Critic highlights' });
  await expect(carousel.getByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
  await expect(carousel.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(carousel.getByRole('link', { name: 'Register' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(carousel.getByRole('group')).toHaveAccessibleName('1 of 3');
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect(carousel.getByRole('group')).toHaveAccessibleName('3 of 3');
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('group')).toHaveAccessibleName('1 of 3');

  await expect(
    page.getByRole('heading', { level: 2, name: "Available Service's Review" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/services');
  const cards = page.getByRole('list', { name: 'Available services' }).getByRole('article');
  expect(served).toHaveLength(3);
  await expect(cards).toHaveCount(3);
  expect(await gridColumns(page, 'Available services')).toBe(3);

  for (const title of [
    'Expert Analysis',
    'Unbiased Reviews',
    'Community Engagement',
    'Updated Information',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Explore Services' })).toHaveAttribute(
    'href',
    '/services',
  );

  await expect(page.getByRole('heading', { level: 2, name: 'Our Expert Team' })).toBeVisible();
  const team = page.getByRole('list', { name: 'Our Expert Team' }).getByRole('listitem');
  await expect(team).toHaveCount(8);
  await expect(team.first()).toContainText('Chief Logistics Analyst');

  await carousel.getByRole('button', { name: 'Pause slides' }).click();
  await screenshotPage(page, 'home');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await gridColumns(page, 'Available services')).toBe(1);
});

test('a card image opens the full-screen viewer: swipe moves on, a pull closes it', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Available services' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  const titles = await cards
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));

  await cards
    .first()
    .getByRole('button', { name: /full screen/ })
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', titles[0] ?? '');
  await expect(viewer).toContainText('1 / 3');

  const box = await viewer.getByTestId('image-viewer-stage').boundingBox();
  if (!box) throw new Error('the viewer has no stage');
  const drag = async (dx: number, dy: number) => {
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 5 });
    await page.mouse.up();
  };

  await drag(-30, 0);
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', titles[0] ?? '');
  await drag(-60, 0);
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', titles[1] ?? '');
  await drag(60, 0);
  await drag(60, 0);
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', titles[2] ?? '');
  await saveScreenshot(page, 'image-viewer');

  await drag(0, 120);
  await expect(viewer).toBeHidden();

  await cards
    .nth(1)
    .getByRole('button', { name: /full screen/ })
    .click();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', titles[2] ?? '');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('services: search, category and sort live in the URL, Back restores them', async ({
  page,
}) => {
  // Other tests may add services, so the expected counts come from the API.
  const total = await serviceTotal(page);
  expect(total).toBeGreaterThan(9);
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'All Services' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(countText(total));
  const cards = page.getByRole('list', { name: 'Services', exact: true }).getByRole('article');
  await expect(cards).toHaveCount(9);
  await screenshotPage(page, 'services');

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/\/services\?page=2$/);
  await expect(cards).toHaveCount(Math.min(9, total - 9));

  await page.getByRole('searchbox', { name: 'Search services' }).fill('courier');
  await expect(page).toHaveURL(/\?q=courier$/);
  const found = await page.request.get('/api/services?q=courier&limit=9');
  const foundTitles = ((await found.json()) as { title: string }[]).map(({ title }) => title);
  await expect(page.getByRole('status')).toHaveText(
    countText(Number(found.headers()['x-total-count'])),
  );
  // Card titles are cut; their links carry the whole title.
  await expect
    .poll(() =>
      cards
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('title'))),
    )
    .toEqual(foundTitles);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Food' }).click();
  await expect(page).toHaveURL(/\?q=courier&category=food$/);
  await page.getByRole('searchbox', { name: 'Search services' }).fill('');
  await expect(page).toHaveURL(/\?category=food$/);
  await expect(page.getByRole('status')).toHaveText(
    countText(await serviceTotal(page, '&category=food')),
  );

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: high to low' }).click();
  await expect(page).toHaveURL(/\?category=food&sort=price_desc$/);
  const prices = await cards.getByText(/^Price: /).allTextContents();
  const amounts = prices.map((text) => Number(text.replace(/\D/g, '')));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  await page.goBack();
  await expect(page).toHaveURL(/\?category=food$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Newest first');

  await cards.first().getByRole('link', { name: 'See Details' }).click();
  await expect(page).toHaveURL(/\/services\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a service page: details with Read More, rating summary; unknown ids say so', async ({
  page,
}) => {
  await page.goto('/services?q=Same-Day%20City%20Courier');
  await page.getByRole('link', { name: 'See Details' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Same-Day City Courier' }),
  ).toBeVisible();

  const readMore = page.getByRole('button', { name: 'Read More' });
  await expect(readMore).toBeVisible();
  const description = page.locator('#' + ((await readMore.getAttribute('aria-controls')) ?? ''));
  const collapsed = (await description.textContent()) ?? '';
  expect(collapsed).toMatch(/\.\.\.$/);
  expect(collapsed).toHaveLength(153);
  await readMore.click();
  await expect(page.getByRole('button', { name: 'Read Less' })).toBeVisible();
  expect(((await description.textContent()) ?? '').length).toBeGreaterThan(150);
  await page.getByRole('button', { name: 'Read Less' }).click();
  await expect(description).toHaveText(collapsed);

  await expect(page.getByRole('heading', { level: 2, name: 'Ratings' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Star distribution' }).getByRole('listitem'),
  ).toHaveText([/^5 stars/, /^4 stars/, /^3 stars/, /^2 stars/, /^1 star/]);
  await expect(page.getByRole('heading', { level: 2, name: 'Courier criteria' })).toBeVisible();
  await screenshotPage(page, 'service');

  await page.goto('/services/000000000000000000000000');
  await expect(
    page.getByRole('heading', { name: "Sorry, we couldn't find this service." }),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto('/services/not-an-id');
  await expect(
    page.getByRole('heading', { name: "Sorry, we couldn't find this service." }),
  ).toBeVisible();
  await screenshotPage(page, 'service-not-found');
});

test("a service's star bars lead to its reviews with that many stars, kept in the address", async ({
  page,
}) => {
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  for (const [name, rating] of [
    ['Fiona', 5],
    ['Tom', 2],
  ] as const) {
    const reviewer = await registerUser(page.request, name);
    const response = await page.request.post('/api/addreviews', {
      headers: { authorization: `Bearer ${reviewer.accessToken}` },
      data: {
        title: 'Courier',
        serviceID: 4242,
        details: `${name} says so.`,
        rating,
        service: service._id,
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/services/${service._id}`);
  await page.getByRole('link', { name: 'Show the 1 review with 5 stars' }).click();

  await expect(page).toHaveURL(/\?stars=5#reviews$/);
  const fiveStars = page
    .getByRole('group', { name: 'Stars' })
    .getByRole('button', { name: '5 stars (1)' });
  await expect(fiveStars).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByRole('list', { name: 'Reviews of this service' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Fiona says so.');
  await page.reload();
  await expect(fiveStars).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(1);
});

test('blogs: the Blogs heading and a card per blog, paragraphs split', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(
    page.getByRole('heading', { level: 2, name: 'How to choose a courier for fragile parcels' }),
  ).toBeVisible();
  expect(await cards.first().locator('p').count()).toBeGreaterThan(1);
  await screenshotPage(page, 'blogs');
});

test('contacts: Become a Merchant with address, phone, e-mail and a form that sends', async ({
  page,
}) => {
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Merchant' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^\+44/ })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('link', { name: /@servicecritic\.com$/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  const email = `ann-${Date.now()}@example.com`;
  await page.getByLabel('Full name').fill('Ann Shipper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Message').fill('I run a courier firm.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('status')).toHaveText(
    `Thank you, Ann Shipper: your message was sent. We will answer at ${email}.`,
  );
  await expect(page.getByLabel('Full name')).toHaveValue('');
  // No copy goes to the address typed: only a signed-in sender's own verified one gets it.
  await screenshotPage(page, 'contacts');
});

async function fillServiceForm(page: Page, title: string, details: string) {
  await page.getByLabel('Service Title').fill(title);
  await page.getByLabel('Image link').fill('https://example.com/harbour-bikes.png');
  await page.getByLabel('Price').fill('31.9');
  await page.getByLabel('Details').fill(details);
  await page.getByRole('button', { name: 'Add' }).click();
}

test("add service: signed out, the server's sentence; signed in, the success popup", async ({
  page,
}) => {
  // Unique, as a title or description another service has is refused or held for an admin.
  const tag = uniqueTag();
  const title = `Harbour Bikes ${tag}`;
  const details = `Cargo bikes around the harbour, booked by the hour at the ${tag} quay.`;
  await page.goto('/addservices');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Services' })).toBeVisible();
  // Told before filling the form in.
  await expect(page.getByRole('note')).toHaveText(
    'Adding a service needs an account: log in first, and come back to this form.',
  );
  await fillServiceForm(page, title, details);
  await expect(page.getByRole('alert')).toHaveText('Please log in to do this.');
  await screenshotPage(page, 'addservices');

  // Registering signs in: the refresh cookie lets the app get an access token.
  const email = `fe-public-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { name: 'Ann Shipper', email, password: 'parcel-pass-123' },
  });
  expect(registered.ok()).toBe(true);
  await page.reload();
  await fillServiceForm(page, title, details);
  await expect(page.getByText('You have Successfully added your Service')).toBeVisible();
  await expect(page.getByLabel('Service Title')).toHaveValue('');

  await page.goto(`/services?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('list', { name: 'Services', exact: true }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Price: $31');
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the header search finds a service by name', async ({ page }) => {
      await page.goto('/');
      const search = page.getByRole('banner').getByRole('search');
      await search.getByRole('searchbox', { name: 'Find a service' }).fill('Pallet');
      await search.getByRole('searchbox', { name: 'Find a service' }).press('Enter');
      await expect(page).toHaveURL(/\/services\?q=Pallet$/);
      const cards = page.getByRole('list', { name: 'Services', exact: true }).getByRole('listitem');
      await expect(cards.first()).toContainText('Pallet');
      expect(await cards.count()).toBe(await serviceTotal(page, '&q=Pallet'));
    });

    test('an unknown service answers 404 from the server, with the not-found page', async ({
      page,
    }) => {
      const response = await page.goto('/services/665f1c2ab4d3e8a1f0c9d999');
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: "Sorry, we couldn't find this service." }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'See all services' }).click();
      await expect(page).toHaveURL(/\/services$/);
    });
  });
}
