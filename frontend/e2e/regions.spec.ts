import type { Page } from '@playwright/test';
import { expect, test } from './app';
import { uniqueTag } from './unique-tag';

test.use({ viewport: { width: 1280, height: 900 } });

interface ListedService {
  title: string;
  regions: string[];
}

/** The services GET /api/services answers for `query`, the page's first nine. */
async function listed(page: Page, query: string): Promise<ListedService[]> {
  const response = await page.request.get(`/api/services?limit=9&${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListedService[];
}

const cardsOf = (page: Page) =>
  page.getByRole('list', { name: 'Services', exact: true }).getByRole('article');

/** The whole titles of the cards shown (their links carry them; the text is cut). */
const cardTitles = (page: Page) =>
  cardsOf(page)
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('title')));

test('a visitor browses couriers by region: only those serving it, and the address reloads to the same list', async ({
  page,
}) => {
  await page.goto('/');
  const byRegion = page.getByRole('region', { name: 'Couriers by region' });
  await byRegion.getByRole('link', { name: 'Midwest', exact: true }).click();
  await expect(page).toHaveURL(/\/services\?region=midwest$/);
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText('Midwest');

  const midwest = await listed(page, 'region=midwest');
  expect(midwest.map(({ title }) => title)).toContain('Bike Messenger Downtown');
  await expect.poll(() => cardTitles(page)).toEqual(midwest.map(({ title }) => title));
  // Each card says where it delivers: the Midwest, or the whole country.
  for (const text of await cardsOf(page)
    .getByText(/^Serves: /)
    .allTextContents()) {
    expect(text).toMatch(/Midwest|Nationwide/);
  }
  await expect(cardsOf(page)).toHaveCount(midwest.length);
  expect(await cardTitles(page)).not.toContain('Restaurant Food Delivery'); // the West only

  // Combined with a category, and the address alone gives the same list again.
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Postal' }).click();
  await expect(page).toHaveURL(/\/services\?category=postal&region=midwest$/);
  const postal = (await listed(page, 'category=postal&region=midwest')).map(({ title }) => title);
  expect(postal).toEqual(expect.arrayContaining(['Rural Postal Service', 'Returns Pickup']));
  await expect.poll(() => cardTitles(page)).toEqual(postal);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText('Midwest');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Postal');
  await expect.poll(() => cardTitles(page)).toEqual(postal);

  // The server renders the list the address names.
  const html = await (await page.request.get('/services?region=midwest')).text();
  expect(html).toContain('Bike Messenger Downtown');
  expect(html).not.toContain('Restaurant Food Delivery');
});

test('a signed-in user adds a service with the regions it serves, shown on its card and page', async ({
  page,
}) => {
  const tag = uniqueTag();
  const title = `Desert Vans ${tag}`;
  const registered = await page.request.post('/api/register', {
    data: {
      name: 'Rhea Router',
      email: `fe-regions-${tag}@example.com`,
      password: 'parcel-pass-123',
    },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/addservices');
  await page.getByLabel('Service Title').fill(title);
  await page.getByRole('combobox', { name: 'Regions it serves' }).click();
  const choices = page.getByRole('listbox');
  await choices.getByRole('option', { name: 'West', exact: true }).click();
  await choices.getByRole('option', { name: 'Southwest', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Regions it serves' })).toHaveText(
    'Southwest, West',
  );
  await page.getByLabel('Image link').fill('https://example.com/desert-vans.png');
  await page.getByLabel('Price').fill('40');
  await page.getByLabel('Details').fill(`Vans across the desert towns, on the ${tag} road.`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('You have Successfully added your Service')).toBeVisible();

  await page.goto(`/services?region=southwest&q=${encodeURIComponent(title)}`);
  const card = cardsOf(page);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Serves: Southwest, West');
  await page.goto(`/services?region=northeast&q=${encodeURIComponent(title)}`);
  await expect(page.getByText('No services match your search.')).toBeVisible();

  await page.goto(`/services?q=${encodeURIComponent(title)}`);
  await cardsOf(page).getByRole('link', { name: 'See Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Southwest', exact: true }).click();
  await expect(page).toHaveURL(/\/services\?region=southwest$/);
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText('Southwest');
});
