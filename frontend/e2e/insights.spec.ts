import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './app';
import { addReview, addService, registerUser } from './people';

/** axe's violations of the page, one line each (none expected). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('an owner sees their service’s charts and switches to the table view', async ({
  page,
  request,
}) => {
  // The page's request signs the browser in as the owner; the reviewers use their own.
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  for (const name of ['Ann', 'Ben']) {
    const reviewer = await registerUser(request, name);
    await addReview(request, reviewer, service, `Quick and careful, said ${name}.`);
  }

  await page.goto('/myservices');
  await page
    .getByRole('article', { name: service.title })
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Insights: ${service.title}` }),
  ).toBeVisible({ timeout: 15_000 });

  // The worker counts the reviews a moment after they are written.
  const rating = page.getByRole('region', { name: 'Rating by month' });
  await expect(async () => {
    await page.reload();
    await expect(rating).toContainText('2 published reviews over the last 12 months', {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(rating.locator('svg').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('switch', { name: 'Table view' }).check();
  const table = page.getByRole('table', { name: 'Rating by month' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText('3');
  await expect(page.getByRole('table')).toHaveCount(7);
  expect(await violations(page)).toEqual([]);
});
