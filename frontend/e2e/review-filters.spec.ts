import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAppPage, test } from './app';
import { addService, inviteCustomer, registerUser, type Account, type Service } from './people';

test.use({ viewport: { width: 1280, height: 900 } });

/** A service's reviews: stars, text, whether its owner replied, whether through an invitation. */
const MIX = [
  { rating: 1, details: 'One star, answered.', replied: true, invited: false },
  { rating: 1, details: 'One star, left unanswered.', replied: false, invited: false },
  { rating: 2, details: 'Two stars, answered.', replied: true, invited: true },
  { rating: 4, details: 'Four stars, answered.', replied: true, invited: false },
  { rating: 5, details: 'Five stars, from an invited customer.', replied: false, invited: true },
];

async function reviewed(request: APIRequestContext, owner: Account, service: Service) {
  for (const [index, review] of MIX.entries()) {
    const author = await registerUser(request, `Reviewer${index}`);
    const invitation = review.invited
      ? (await inviteCustomer(request, owner, service)).split('/').at(-1)
      : undefined;
    const written = await request.post('/api/addreviews', {
      headers: { authorization: `Bearer ${author.accessToken}` },
      data: {
        title: 'Courier',
        serviceID: 4242,
        service: service._id,
        invitation,
        rating: review.rating,
        details: review.details,
      },
    });
    expect(written.status()).toBe(201);
    if (!review.replied) continue;
    const { insertedId } = (await written.json()) as { insertedId: string };
    const reply = await request.post(`/api/reviews/${insertedId}/reply`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
      data: { text: 'Thank you for telling us.' },
    });
    expect(reply.status()).toBe(201);
  }
}

const listed = (page: Page) =>
  page.getByRole('list', { name: 'Reviews of this service' }).getByRole('article');

/** The list shows exactly these reviews' texts, whatever their order. */
async function expectListed(page: Page, texts: string[]) {
  await expect(listed(page)).toHaveCount(texts.length);
  for (const text of texts) await expect(listed(page).filter({ hasText: text })).toHaveCount(1);
}

const toggle = (page: Page, name: string) => page.getByRole('button', { name });

test('a visitor combines two star counts and "With replies"; reloaded or shared, the address shows the same list', async ({
  page,
  browser,
}) => {
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  // Written as someone else: the visitor's page stays signed out.
  await reviewed((await newAppPage(browser)).request, owner, service);

  await page.goto(`/services/${service._id}`);
  await expect(listed(page)).toHaveCount(MIX.length);
  await toggle(page, '1 star (2)').click();
  await toggle(page, '2 stars (1)').click();
  await expectListed(page, [
    'One star, answered.',
    'One star, left unanswered.',
    'Two stars, answered.',
  ]);
  await toggle(page, 'With replies').click();
  await expect(page).toHaveURL(/\?stars=1,2&replied=1$/);
  const answeredLow = ['One star, answered.', 'Two stars, answered.'];
  await expectListed(page, answeredLow);

  await page.reload();
  await expect(toggle(page, '1 star (2)')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(page, 'With replies')).toHaveAttribute('aria-pressed', 'true');
  await expectListed(page, answeredLow);

  // The back button returns to the list before "With replies".
  await page.goBack();
  await expect(page).toHaveURL(/\?stars=1,2$/);
  await expect(listed(page)).toHaveCount(3);
  await page.goForward();

  const shared = await newAppPage(browser);
  await shared.goto(page.url());
  await expect(toggle(shared, '2 stars (1)')).toHaveAttribute('aria-pressed', 'true');
  await expectListed(shared, answeredLow);
  // The server's page already lists them (before the app runs).
  const html = await (
    await shared.request.get(page.url(), { headers: { accept: 'text/html' } })
  ).text();
  for (const text of answeredLow) expect(html).toContain(text);
  expect(html).not.toContain('One star, left unanswered.');

  // Verified customers, and a search within the reviews, combine too.
  await toggle(shared, 'Verified customers').click();
  await expectListed(shared, ['Two stars, answered.']);
  await toggle(shared, 'Clear filters').click();
  // The list is read before the address changes: a search sent before would add to the old one.
  await expect(shared).toHaveURL(new RegExp(`/services/${service._id}$`));
  await shared.getByRole('searchbox', { name: 'Search reviews' }).fill('invited');
  await shared.getByRole('searchbox', { name: 'Search reviews' }).press('Enter');
  await expect(shared).toHaveURL(/\?q=invited$/);
  await expectListed(shared, ['Five stars, from an invited customer.']);
});

test('filters that match nothing say so, and "Show all reviews" lists them all again', async ({
  page,
  browser,
}) => {
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  await reviewed((await newAppPage(browser)).request, owner, service);

  await page.goto(`/services/${service._id}?stars=4&verified=1`);
  await expect(
    page.getByText(
      'No reviews match these filters: 4 stars, from verified customers. Show all reviews',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Show all reviews' }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${service._id}$`));
  await expect(listed(page)).toHaveCount(MIX.length);
});
