import { expect, test } from './app';
import { addService, pageOfNewUser, registerUser, reviewCard, uniqueText } from './people';

test('an owner invites a customer, whose review shows the "Verified customer" label', async ({
  page,
  browser,
}) => {
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  await page.goto(`/services/${service._id}`);

  const panel = page.getByRole('region', { name: 'Invite customers' });
  await panel.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(panel.getByText('Copy this link and send it to your customer.')).toBeVisible();
  const link = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/invitations\/[\w-]+$/);

  // The customer, in a browser of their own.
  const [customerPage] = await pageOfNewUser(browser, 'Customer');
  await customerPage.goto(new URL(link).pathname);
  await expect(customerPage.getByText(`${service.title} invites you to review`)).toBeVisible();
  await customerPage.getByRole('link', { name: 'Write your review' }).click();

  const form = customerPage.getByRole('form', { name: 'Add Your Review' });
  await expect(
    form.getByText('The business invited you: your review will carry the Verified customer label.'),
  ).toBeVisible();
  const text = uniqueText('Invited and delighted');
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  const rating = form.getByRole('group', { name: 'Rating' });
  await rating.locator('label').filter({ hasText: '5 Stars' }).click();
  await expect(rating.getByRole('radio', { name: '5 Stars' })).toBeChecked();
  await form.getByRole('button', { name: 'Add Review' }).click();
  await expect(
    customerPage.getByRole('alert').filter({ hasText: 'Thanks for your Precious Review' }),
  ).toBeVisible();

  // Everyone sees the label: the owner's page after a reload, too.
  await expect(reviewCard(customerPage, text).first().getByText('Verified customer')).toBeVisible();
  await page.reload();
  await expect(reviewCard(page, text).getByText('Verified customer')).toBeVisible();

  // The link worked once.
  await customerPage.goto(new URL(link).pathname);
  await expect(customerPage.getByText(/was used already/)).toBeVisible();
  await customerPage.context().close();
});
