import { expect, test } from './app';
import {
  addReview,
  addService,
  pageOfNewUser,
  registerUser,
  reviewCard,
  uniqueText,
} from './people';

test("a service's owner replies to a review, and the reviewer is notified", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const [ownerPage, owner] = await pageOfNewUser(browser, 'Owner');
  const service = await addService(ownerPage.request, owner);
  const reviewer = await registerUser(page.request, 'Reviewer');
  const details = uniqueText('The van came early and the driver was kind');
  await addReview(page.request, reviewer, service, details);

  await ownerPage.goto(`/services/${service._id}`);
  await reviewCard(ownerPage, details).getByRole('button', { name: 'Reply' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Reply to this review' });
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, we told the driver.');
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(ownerPage.getByRole('alert')).toHaveText('Your reply was posted.');
  const reply = reviewCard(ownerPage, details).getByRole('group', {
    name: `Reply from ${service.title}`,
  });
  await expect(reply).toContainText('Thank you, we told the driver.');
  await expect(
    ownerPage.getByText('Replied to 100% of reviews, usually within an hour'),
  ).toBeVisible();

  // The worker tells the reviewer; their notifications list it, and its link opens the service.
  const notice = page.getByRole('link', {
    name: `${service.title} replied to your review "${service.title}".`,
  });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(notice.first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await notice.first().click();
  await expect(page).toHaveURL(new RegExp(`/services/${service._id}$`));
  // Under the review in the service's list (and in "Your review" above it).
  await expect(
    reviewCard(page, details)
      .getByRole('group', { name: `Reply from ${service.title}` })
      .first(),
  ).toContainText('Thank you, we told the driver.');
});

test('a reader marks a review helpful, and the "Most helpful" list puts it first', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  const [, firstAuthor] = await pageOfNewUser(browser, 'Early');
  const [, secondAuthor] = await pageOfNewUser(browser, 'Later');
  const older = uniqueText('Slow but careful with a fragile lamp');
  const newer = uniqueText('Quick and cheerful with a heavy box');
  await addReview(page.request, firstAuthor, service, older);
  await addReview(page.request, secondAuthor, service, newer);

  const [reader] = await pageOfNewUser(browser, 'Reader');
  await reader.goto(`/services/${service._id}`);
  await expect(reviewCard(reader, older)).toBeVisible();
  await reader.getByRole('combobox', { name: 'Sort by' }).click();
  await reader.getByRole('option', { name: 'Most helpful' }).click();

  const order = reader.getByRole('list', { name: 'Reviews of this service' }).getByRole('article');
  // Nobody found either helpful yet: the newer comes first.
  await expect(order.nth(0)).toContainText(newer);
  await expect(order.nth(1)).toContainText(older);

  const button = reviewCard(reader, older).getByRole('button', { name: /^Helpful/ });
  await expect(button).toHaveAccessibleName('Helpful (0)');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(order.nth(0)).toContainText(older);
  await expect(order.nth(1)).toContainText(newer);
  const marked = reviewCard(reader, older).getByRole('button', { name: 'Helpful (1)' });
  await expect(marked).toHaveAttribute('aria-pressed', 'true');

  // Taken back, the order is as before.
  await marked.click();
  await expect(order.nth(0)).toContainText(newer);
  await expect(
    reviewCard(reader, older).getByRole('button', { name: 'Helpful (0)' }),
  ).toHaveAttribute('aria-pressed', 'false');
});
