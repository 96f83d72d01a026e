import type { Page } from '@playwright/test';
import { expect, test } from './app';
import { addReview, addService, registerUser, type Service } from './people';

test.use({ viewport: { width: 1280, height: 900 } });

/** Ticks "Compare" on the service's card, found by searching the list for its title. */
async function pickFromList(page: Page, service: Service) {
  await page.goto(`/services?q=${encodeURIComponent(service.title)}`);
  const card = page.getByRole('article').filter({ hasText: service.title });
  await card.getByRole('checkbox', { name: `Compare ${service.title}` }).check();
}

/** The services' column headings of the comparison, by their links. */
const comparedTitles = (page: Page) =>
  page.getByRole('table').getByRole('columnheader').getByRole('link');

test('a reader picks three services from the lists, compares them, and shares the address', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerUser(request, 'Cora');
  const picked = [
    await addService(request, owner),
    await addService(request, owner),
    await addService(request, owner),
  ];
  const reviewer = await registerUser(request, 'Remy');
  await addReview(request, reviewer, picked[1], 'Quick and careful with the parcel.');
  await expect
    .poll(async () => {
      const service = await (await request.get(`/api/services/${picked[1]._id}`)).json();
      return (service as { rating: { count: number } }).rating.count;
    })
    .toBe(1);

  for (const service of picked) await pickFromList(page, service);
  const bar = page.getByRole('region', { name: 'Services to compare' });
  await bar.getByRole('link', { name: 'Compare (3)' }).click();

  const ids = picked.map((service) => service._id).join(',');
  await expect(page).toHaveURL(`/compare?ids=${ids}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare services' })).toBeVisible();
  await expect(comparedTitles(page)).toHaveText(picked.map((service) => service.title));
  const names = `${picked[0].title}, ${picked[1].title} and ${picked[2].title}`;
  await expect(page).toHaveTitle(`Compare ${names} | Service Critic`);
  // The only reviewed one has the most reviews: marked in words, not by a colour alone.
  const reviews = page.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: 'Reviews', exact: true }),
  });
  await expect(reviews.getByRole('cell')).toHaveText(['0', '1Best', '0']);
  const table = await page.getByRole('table').innerText();

  // The address alone makes the page: again after a reload, and in a browser without scripts
  // (the server's page).
  await page.reload();
  await expect(comparedTitles(page)).toHaveText(picked.map((service) => service.title));
  expect(await page.getByRole('table').innerText()).toBe(table);
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const served = await visitor.newPage();
  await expect(async () => {
    await served.goto(`/compare?ids=${ids}`);
    await expect(comparedTitles(served)).toHaveText(
      picked.map((service) => service.title),
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await expect(served).toHaveTitle(`Compare ${names} | Service Critic`);
  expect(await served.getByRole('table').innerText()).toBe(table);
  await visitor.close();

  // On a phone the table scrolls within its frame; the page stays as wide as the window.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(comparedTitles(page)).toHaveCount(3);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // A service taken out leaves the address, and the others stay.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `Remove ${picked[2].title} from the comparison` }).click();
  await expect(page).toHaveURL(`/compare?ids=${picked[0]._id},${picked[1]._id}`);
  await expect(comparedTitles(page)).toHaveText([picked[0].title, picked[1].title]);
});

test('a service page adds the service to the comparison', async ({ page, request }) => {
  const owner = await registerUser(request, 'Ines');
  const [first, second] = [await addService(request, owner), await addService(request, owner)];
  await page.goto(`/services/${first._id}`);
  await page.getByRole('checkbox', { name: `Compare ${first.title}` }).check();
  await pickFromList(page, second);
  await page.getByRole('region', { name: 'Services to compare' }).getByRole('link').click();
  await expect(page).toHaveURL(`/compare?ids=${first._id},${second._id}`);
  await expect(comparedTitles(page)).toHaveText([first.title, second.title]);
});
