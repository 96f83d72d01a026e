import type { Page } from '@playwright/test';
import { expect, newAppPage, test } from './app';
import { linkFromMail } from './mail';
import { addService, logInAsAdmin, registerUser } from './people';
import { uniqueTag } from './unique-tag';

/** Opens `path` and waits for its heading: lazy pages take seconds on a busy machine. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

test("a business claims its service through the e-mailed link, an admin approves, and visitors see it's claimed", async ({
  page,
  browser,
}) => {
  const domain = `fast${uniqueTag()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}.example`;
  const website = `https://www.${domain}`;
  const adder = await registerUser(page.request, 'Adder');
  const service = await addService(page.request, adder, { website });

  // The business, signed in in a browser of its own.
  const business = await newAppPage(browser);
  await registerUser(business.request, 'Business');
  await open(business, `/services/${service._id}`);
  await expect(business.getByText('Unclaimed')).toBeVisible();
  await business.getByRole('link', { name: 'Claim it' }).click();
  await expect(business.getByRole('heading', { name: `Claim ${service.title}` })).toBeVisible();
  const email = `ops@${domain}`;
  await business.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
  await business.getByRole('button', { name: 'Send the link' }).click();
  await expect(business.getByText(`We e-mailed a link to ${email}.`)).toBeVisible();

  const link = await linkFromMail(
    email,
    `Confirm your claim of ${service.title}`,
    `/services/${service._id}/claim`,
  );
  await open(business, link);
  await business.getByRole('button', { name: 'Confirm the claim' }).click();
  await expect(business.getByText(/is confirmed and awaits approval/)).toBeVisible();

  // An admin approves it from the claims queue.
  const adminPage = await newAppPage(browser);
  await logInAsAdmin(adminPage.request);
  await open(adminPage, '/admin/claims');
  const card = adminPage.getByRole('article', { name: `Claim of ${service.title}` });
  await expect(card.getByText(`Confirmed by: ${email}`)).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByRole('alert').filter({ hasText: 'Claim approved' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminPage.context().close();

  // A visitor sees the mark, what it means, and the website's link.
  const visitor = await newAppPage(browser);
  await open(visitor, `/services/${service._id}`);
  const mark = visitor.getByText('Claimed', { exact: true });
  await expect(mark).toBeVisible();
  await mark.hover();
  await expect(visitor.getByRole('tooltip')).toContainText(
    'The business proved it controls this website',
  );
  const websiteLink = visitor.getByRole('link', { name: website });
  await expect(websiteLink).toHaveAttribute('rel', 'nofollow noopener');
  await expect(visitor.getByText('Unclaimed')).toHaveCount(0);
  await visitor.context().close();

  // The business now manages the page: it may edit the contact details.
  await open(business, `/services/${service._id}`);
  await expect(business.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(business.getByRole('button', { name: 'Edit contact details' })).toBeVisible();
  await expect(business.getByRole('link', { name: 'Claim it' })).toHaveCount(0);
  await business.context().close();
});
