import { expect, newAppPage, test } from './app';
import {
  addReview,
  logInAsAdmin,
  pageOfNewUser,
  registerUser,
  reviewCard,
  services,
  uniqueText,
} from './people';

test('a reader reports a review, the admin upholds, the author appeals and the admin restores it', async ({
  page,
  browser,
}) => {
  // Five people's pages in turn: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const [, , , , , , , service] = await services(page.request);
  const author = await registerUser(page.request, 'Author');
  const first = uniqueText('The courier rang twice and left the parcel');
  const edited = uniqueText('The courier rang twice and handed me the parcel');
  const review = await addReview(page.request, author, service!, first);
  // The author's own name for the service: the queues name the service as it is listed.
  const typedTitle = 'The van people';
  const edit = await page.request.patch(`/api/updatereviews/edit/${review}`, {
    headers: { authorization: `Bearer ${author.accessToken}` },
    data: { details: edited, title: typedTitle },
  });
  expect(edit.ok()).toBe(true);

  // A reader reports it from the service's page.
  const [reader] = await pageOfNewUser(browser, 'Reader');
  await reader.goto(`/services/${service!._id}`);
  await reviewCard(reader, edited).getByRole('button', { name: 'Report' }).click();
  const reportDialog = reader.getByRole('dialog', { name: 'Report this review' });
  await reportDialog.getByRole('radio', { name: 'Fake or not a real experience' }).check();
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reader.getByRole('alert')).toHaveText(
    'Thank you: your report was sent to the moderators.',
  );
  await expect(
    reviewCard(reader, edited).getByRole('button', { name: 'Withdraw report' }),
  ).toBeVisible();
  // Back later, the reader is not offered to report it again.
  await reader.reload();
  await expect(
    reviewCard(reader, edited).getByRole('button', { name: 'Withdraw report' }),
  ).toBeVisible();
  await expect(
    reviewCard(reader, edited).getByRole('button', { name: 'Report', exact: true }),
  ).toHaveCount(0);

  // The admin upholds the report with a reason.
  const adminPage = await newAppPage(browser);
  await logInAsAdmin(adminPage.request);
  await adminPage.goto('/admin/moderation');
  await adminPage.getByRole('link', { name: 'Reported reviews' }).click();
  const reported = reviewCard(adminPage, edited);
  await expect(reported).toContainText('Fake or not a real experience');
  await expect(reported.getByRole('link', { name: service!.title })).toBeVisible();
  await expect(reported).not.toContainText(typedTitle);
  await reported.getByRole('button', { name: 'Uphold' }).click();
  const upholdDialog = adminPage.getByRole('dialog', { name: 'Reject this review?' });
  await upholdDialog.getByRole('textbox', { name: 'Reason' }).fill('Not a real delivery.');
  await upholdDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Reports upheld: the review was removed');
  await expect(reviewCard(adminPage, edited)).toHaveCount(0);

  // Visitors see the placeholder in its place.
  const visitor = await newAppPage(browser);
  await visitor.goto(`/services/${service!._id}`);
  const removed = visitor.getByRole('article', { name: 'Removed review' });
  await expect(removed.filter({ hasText: 'Not a real delivery.' })).toContainText(
    'Removed by moderators: Not a real delivery.',
  );
  await expect(visitor.getByText(edited)).toHaveCount(0);

  // The author sees why and appeals.
  await page.goto('/myallreviews');
  const mine = reviewCard(page, edited);
  await expect(mine).toContainText('Status: rejected');
  await expect(mine).toContainText("Moderator's note: Not a real delivery.");
  await expect(mine).toContainText('Reported by readers for: Fake or not a real experience');
  await mine.getByRole('button', { name: 'Appeal' }).click();
  const appealDialog = page.getByRole('dialog', { name: 'Appeal this decision' });
  await appealDialog
    .getByRole('textbox', { name: 'Why the decision is wrong' })
    .fill('It was my own parcel; the tracking number shows it.');
  await appealDialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your appeal was sent.');
  await expect(mine).toContainText('Your appeal is waiting for an admin.');
  await expect(mine.getByRole('button', { name: 'Appeal' })).toHaveCount(0);

  // The admin restores it.
  await adminPage.goto('/admin/appeals');
  const appealed = reviewCard(adminPage, edited);
  await expect(appealed).toContainText('the tracking number shows it');
  await expect(appealed.getByRole('link', { name: service!.title })).toBeVisible();
  await expect(appealed).not.toContainText(typedTitle);
  await appealed.getByRole('button', { name: 'Restore' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Review restored');

  await page.reload();
  await expect(mine).toContainText('Status: published');
  await expect(mine).toContainText('Your appeal was granted.');

  // A visitor reads the review again, and its earlier version. Visitors' pages may be up to 15 s
  // old (a rendered page is kept 5 s, and public API answers carry max-age=10), so reload until
  // the restored review is there.
  const restored = reviewCard(visitor, edited);
  await expect(async () => {
    await visitor.reload();
    await expect(restored).toContainText('Edited', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const versions = visitor.getByRole('dialog', { name: 'Versions of this review' });
  // The list is drawn again once the visitor's session is known, which may close a dialog
  // opened before: open it until it stays.
  await expect(async () => {
    await restored.getByRole('button', { name: 'Earlier versions (1)' }).click();
    await expect(versions).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(versions.getByRole('region', { name: 'Earlier version' })).toContainText(first);
  await expect(versions.getByRole('region', { name: 'Current version' })).toContainText(edited);
});
