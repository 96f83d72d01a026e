import { expect, newAppPage, pageErrors, test } from './app';
import { registerUser, services, uniqueText } from './people';

/** A calendar day `days` before today, "YYYY-MM-DD", and as the cards show it ("Mar 1, 2026"). */
function dayBefore(days: number): { value: string; shown: string } {
  const day = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  return {
    value: day.toISOString().slice(0, 10),
    shown: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(day),
  };
}

/** The `content` of the page's `<meta>` whose `attribute` is `key`, as the server sent it. */
function metaContent(html: string, attribute: 'property' | 'name', key: string): string | null {
  const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return (
    found &&
    found[1]
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
  );
}

test("a review's date of experience is on its card; Share gives a page a visitor's link preview reads", async ({
  page,
  browser,
  baseURL,
}) => {
  const service = (await services(page.request))[2]!;
  await registerUser(page.request, 'Dora');
  const text = uniqueText('Left with the neighbour as asked');
  const experience = dayBefore(10);
  await page.goto(`/services/${service._id}`);

  const form = page.getByRole('form', { name: 'Add Your Review' });
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  const stars = form.getByRole('group', { name: 'Rating' });
  await stars.locator('label').filter({ hasText: '5 Stars' }).click();
  await form.getByLabel('Date of experience').fill(experience.value);
  await form.getByRole('button', { name: 'Add Review' }).click();

  const card = page.getByRole('region', { name: 'Your review' }).getByRole('article');
  await expect(card).toContainText(text);
  await expect(card).toContainText(`Date of experience: ${experience.shown}`);

  // Share, from the keyboard: it copies the address of the review's own page.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Share' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Link to the review copied');
  const address = await page.evaluate(() => navigator.clipboard.readText());
  expect(address).toMatch(new RegExp(`^${baseURL}/reviews/[a-f\\d]{24}$`));

  // A visitor (no session: the server renders the page) gets its link preview tags.
  const visitor = await newAppPage(browser);
  const html = await (
    await visitor.request.get(address, { headers: { accept: 'text/html' } })
  ).text();
  const title = `Dora's review of ${service.title} | Service Critic`;
  expect(metaContent(html, 'property', 'og:title')).toBe(title);
  expect(metaContent(html, 'property', 'og:url')).toBe(address);
  expect(metaContent(html, 'property', 'og:description')).toBe(text);
  expect(metaContent(html, 'name', 'twitter:title')).toBe(title);
  expect(html).toContain(`<link rel="canonical" href="${address}" />`);
  expect(html).toContain('"@type":"Review"');

  // The server's page, hydrated without a mismatch.
  const errors = pageErrors(visitor);
  await visitor.goto(address);
  await expect(
    visitor.getByRole('heading', { level: 1, name: `Dora's review of ${service.title}` }),
  ).toBeVisible();
  const shared = visitor.getByRole('article', { name: 'Review by Dora' });
  await expect(shared).toContainText(text);
  await expect(shared).toContainText(`Date of experience: ${experience.shown}`);
  await expect(shared.getByRole('link', { name: service.title })).toHaveAttribute(
    'href',
    `/services/${service._id}`,
  );
  expect(errors).toEqual([]);
  await visitor.context().close();
});

test('a review that is not public has no page: a visitor gets the 404 page', async ({ page }) => {
  const response = await page.request.get('/reviews/000000000000000000000000', {
    headers: { accept: 'text/html' },
  });
  expect(response.status()).toBe(404);
  await page.goto('/reviews/000000000000000000000000');
  await expect(
    page.getByRole('heading', { level: 1, name: "Sorry, we couldn't find this review." }),
  ).toBeVisible();
});
