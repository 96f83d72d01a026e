import { randomUUID } from 'node:crypto';
import { expect, newAppPage, test } from './app';
import {
  addService,
  inviteCustomer,
  pageOfNewUser,
  registerUser,
  reviewCard,
  uniqueText,
} from './people';

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

test('a signed-out customer keeps the invitation through Log in and Register', async ({
  page,
  browser,
}) => {
  const owner = await registerUser(page.request, 'Owner');
  const service = await addService(page.request, owner);
  const invitation = await inviteCustomer(page.request, owner, service);

  const customer = await newAppPage(browser);
  await customer.goto(invitation);
  await customer.getByRole('link', { name: 'Write your review' }).click();
  await expect(
    customer.getByText(
      'The business invited you: your review will carry the Verified customer label.',
    ),
  ).toBeVisible();
  await customer.getByRole('link', { name: 'Log in' }).click();
  const notice =
    'Sign in or register to write the review you were invited to: it will carry the Verified customer label.';
  await expect(customer.getByRole('note').filter({ hasText: notice })).toBeVisible();
  await customer.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await expect(customer.getByRole('note').filter({ hasText: notice })).toBeVisible();
  await customer.getByLabel('Name', { exact: true }).fill('Newcomer');
  await customer.getByLabel('E-mail', { exact: true }).fill(`newcomer-${randomUUID()}@example.com`);
  await customer.getByLabel('Password', { exact: true }).fill('a-long-password-2026');
  await customer.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(customer).toHaveURL(new RegExp(`/services/${service._id}\\?invitation=`));
  const form = customer.getByRole('form', { name: 'Add Your Review' });
  await expect(
    form.getByText('The business invited you: your review will carry the Verified customer label.'),
  ).toBeVisible();
  const text = uniqueText('Registered and reviewed');
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  const rating = form.getByRole('group', { name: 'Rating' });
  await rating.locator('label').filter({ hasText: '4 Stars' }).click();
  await form.getByRole('button', { name: 'Add Review' }).click();
  await expect(reviewCard(customer, text).first().getByText('Verified customer')).toBeVisible();
  await customer.context().close();
});
