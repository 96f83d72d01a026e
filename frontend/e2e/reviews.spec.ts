import type { Locator, Page } from '@playwright/test';
import { expect, newAppPage, test } from './app';
import {
  addReview,
  addService,
  admin,
  logInAsAdmin,
  pageOfNewUser,
  registerUser,
  reviewCard,
  reviewStatuses,
  services,
  uniqueText,
} from './people';
import { saveScreenshotsInBothThemes } from './screenshots';

/** Clicks a star of a rating group, as a person does: on the star, which is the radio's label. */
async function pickStars(form: Locator, group: string, stars: string) {
  const radioGroup = form.getByRole('group', { name: group });
  await radioGroup.locator('label').filter({ hasText: stars }).click();
  await expect(radioGroup.getByRole('radio', { name: stars })).toBeChecked();
}

async function confirmDelete(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to Delete?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'deleted successfully' })).toBeVisible();
}

test('a signed-out visitor is asked to log in before reviewing', async ({ page }) => {
  const [service] = await services(page.request);
  await page.goto(`/services/${service!._id}`);

  await expect(page.getByText('Please log in to Add Your Review')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('heading', { name: 'All reviews' })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'service-reviews-signed-out');
});

test("a service's owner is told they cannot review it, and the API refuses them", async ({
  page,
}) => {
  const owner = await registerUser(page.request, 'Olga');
  const service = await addService(page.request, owner);
  await page.goto(`/services/${service._id}`);

  await expect(page.getByRole('region', { name: 'Invite customers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This is your service' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add Your Review' })).toHaveCount(0);
  const refused = await page.request.post('/api/addreviews', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: { title: 'Mine', serviceID: 4242, details: 'The best.', rating: 5, service: service._id },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    error: 'You cannot review a service you added: its reviews come from its customers.',
  });
});

test('a user adds a review, sees it, edits it and deletes it', async ({ page }) => {
  const [, service] = await services(page.request);
  await registerUser(page.request, 'Reviewer');
  const text = uniqueText('Quick and careful delivery');
  await page.goto(`/services/${service!._id}`);

  const form = page.getByRole('form', { name: 'Add Your Review' });
  await expect(form.getByRole('textbox', { name: 'Service Title' })).toHaveValue(service!.title);
  const serviceId = Number(await form.getByRole('spinbutton', { name: 'Service ID' }).inputValue());
  expect(serviceId).toBeGreaterThanOrEqual(1000);
  expect(serviceId).toBeLessThanOrEqual(9999);
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  await pickStars(form, 'Rating', '4 Stars');
  await pickStars(form, 'Delivery speed', '5 Stars');
  await saveScreenshotsInBothThemes(page, 'service-reviews-form');
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshotsInBothThemes(page, 'service-reviews-form-360');
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByRole('button', { name: 'Add Review' }).click();

  await expect(page.getByRole('alert')).toHaveText('Thanks for your Precious Review');
  await expect(form).toHaveCount(0);
  // The keyboard and a screen reader go to the result.
  await expect(page.getByRole('heading', { name: 'Your review' })).toBeFocused();
  const yours = page.getByRole('region', { name: 'Your review' });
  const card = yours.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: '4 Stars' })).toBeVisible();

  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/update\/[a-f\d]{24}$/);
  const edited = uniqueText('Edited: quick, careful and friendly');
  await expect(page.getByRole('textbox', { name: 'Review' })).toHaveValue(text);
  await saveScreenshotsInBothThemes(page, 'update-review');
  await page.getByRole('textbox', { name: 'Review' }).fill(edited);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your review was updated.');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/services/${service!._id}`);
  const editedCard = yours.getByRole('article').filter({ hasText: edited });
  await expect(editedCard).toBeVisible();
  await expect(reviewCard(page, text)).toHaveCount(0);
  await confirmDelete(page, editedCard);
  await expect(reviewCard(page, edited)).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Your Review' })).toBeFocused();
});

test('another user sees a review but not its Edit or Delete', async ({ page, browser }) => {
  const [, , service] = await services(page.request);
  const author = await registerUser(page.request, 'Author');
  const text = uniqueText('Friendly driver, parcel on time');
  await addReview(page.request, author, service!, text);

  const [other] = await pageOfNewUser(browser, 'Other');
  await other.goto(`/services/${service!._id}`);
  await expect(other.getByRole('form', { name: 'Add Your Review' })).toBeVisible();
  const card = reviewCard(other, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await other.context().close();

  // The author, by contrast, sees both on the same review.
  await page.goto(`/services/${service!._id}`);
  const yours = page.getByRole('region', { name: 'Your review' });
  await expect(yours.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(yours.getByRole('button', { name: 'Delete' })).toBeVisible();
});

test('the admin deletes a review and finds its full text in the audit trail', async ({
  page,
  browser,
}) => {
  const [, , , service] = await services(page.request);
  const authorContext = await browser.newContext();
  const authorRequest = authorContext.request;
  const author = await registerUser(authorRequest, 'Deleted');
  const text = uniqueText('This review will be deleted by the admin');
  const reviewId = await addReview(authorRequest, author, service!, text);
  await authorContext.close();

  await logInAsAdmin(page.request);
  await page.goto('/allreviews');
  const card = reviewCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Update' })).toHaveAttribute(
    'href',
    `/update/${reviewId}`,
  );
  await saveScreenshotsInBothThemes(page, 'all-reviews');
  await confirmDelete(page, card);
  await expect(card).toHaveCount(0);

  await page.goto('/admin/audit');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Review deleted' }).click();
  await page.getByRole('textbox', { name: 'Review ID' }).fill(reviewId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const entry = page.getByRole('article', { name: 'Review deleted' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(text);
  // By name (the seed's), with the e-mail on hover.
  await expect(entry).toContainText('by Service Critic Admin (admin)');
  await expect(entry.getByRole('link', { name: 'Service Critic Admin' })).toHaveAttribute(
    'title',
    admin.email,
  );
  await saveScreenshotsInBothThemes(page, 'admin-audit');
});

test('a review held by moderation tells its author on the service page, who appeals there', async ({
  page,
}) => {
  const [, , , , , , service] = await services(page.request);
  await registerUser(page.request, 'Held');
  const text = uniqueText('Rude assholes at the depot, but the parcel came');
  await page.goto(`/services/${service!._id}`);
  const form = page.getByRole('form', { name: 'Add Your Review' });
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  await pickStars(form, 'Rating', '2 Stars');
  await form.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByRole('alert')).toHaveText('Thanks for your Precious Review');

  // The worker holds it a moment later; the page says so without a reload.
  const yours = page.getByRole('region', { name: 'Your review' });
  await expect(yours.getByRole('status')).toHaveText(
    'Only you can see this review: it is hidden from other readers until a moderator has checked it.',
    { timeout: 20_000 },
  );
  await expect(yours).toContainText('Flagged for: Offensive language');
  // Whether or not the list still holds it, it never shows it as if published.
  const listed = page.getByRole('region', { name: 'All reviews' }).getByRole('article');
  await expect(
    listed.filter({ hasText: text }).filter({ hasNotText: 'Status: flagged' }),
  ).toHaveCount(0);

  await yours.getByRole('button', { name: 'Appeal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
  await dialog
    .getByRole('textbox', { name: 'Why the decision is wrong' })
    .fill('I quoted what the depot staff called me.');
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your appeal was sent.');
  await expect(yours).toContainText('Your appeal is waiting for an admin.');
});

test('reviews with a slur are flagged; the admin approves one and rejects another', async ({
  page,
  browser,
}) => {
  const [, , , , first, second] = await services(page.request);
  const author = await registerUser(page.request, 'Rude');
  const approved = uniqueText('These couriers are assholes but the parcel came');
  const rejected = uniqueText('What a bunch of assholes, never again');
  await addReview(page.request, author, first!, approved);
  await addReview(page.request, author, second!, rejected);

  // The worker screens each new review; wait for it through the API, then look as the author.
  await expect
    .poll(() => reviewStatuses(page.request, author), { timeout: 30_000 })
    .toEqual(['flagged', 'flagged']);
  await page.goto('/myallreviews');
  await expect(reviewCard(page, rejected)).toContainText('Status: flagged');
  await expect(reviewCard(page, approved)).toContainText('Flagged for: Offensive language');

  const adminPage = await newAppPage(browser);
  await logInAsAdmin(adminPage.request);
  await adminPage.goto('/admin/moderation');
  await expect(reviewCard(adminPage, approved)).toContainText('Offensive language');
  await saveScreenshotsInBothThemes(adminPage, 'admin-moderation');

  await reviewCard(adminPage, approved).getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Review approved');
  await expect(reviewCard(adminPage, approved)).toHaveCount(0);

  await reviewCard(adminPage, rejected).getByRole('button', { name: 'Reject' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Reject this review?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Insults are not allowed here.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText('Review rejected');
  await expect(reviewCard(adminPage, rejected)).toHaveCount(0);
  await adminPage.context().close();

  await page.reload();
  await expect(reviewCard(page, approved)).toContainText('Status: published');
  await expect(reviewCard(page, rejected)).toContainText('Status: rejected');
  await expect(reviewCard(page, rejected)).toContainText(
    "Moderator's note: Insults are not allowed here.",
  );
  await saveScreenshotsInBothThemes(page, 'my-reviews');
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the review flow at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a review written stars-first shows at once in place of the form; its stars are edited', async ({
      page,
    }) => {
      const service = (await services(page.request))[viewport.width === 360 ? 6 : 7]!;
      await registerUser(page.request, 'Stars');
      const text = uniqueText('Parcel came on the second day');
      await page.goto(`/services/${service._id}`);

      const form = page.getByRole('form', { name: 'Add Your Review' });
      await expect(form.getByRole('group').first()).toHaveAccessibleName('Rating');
      await pickStars(form, 'Rating', '2 Stars');
      await pickStars(form, 'Delivery speed', '4 Stars');
      await form.getByRole('textbox', { name: 'Review' }).fill(text);
      await form.getByRole('button', { name: 'Add Review' }).click();
      await expect(page.getByRole('alert')).toHaveText('Thanks for your Precious Review');
      // The toast leaves the header's links free.
      const toastBox = await page.getByRole('alert').boundingBox();
      const headerBox = await page.getByRole('banner').boundingBox();
      expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);

      const yours = page.getByRole('region', { name: 'Your review' });
      await expect(yours.getByRole('article')).toContainText(text);
      await expect(yours.getByRole('img', { name: '2 Stars' })).toBeVisible();
      await expect(yours).not.toContainText('Service ID');
      await expect(form).toHaveCount(0);
      const listed = page.getByRole('region', { name: 'All reviews' }).getByRole('article');
      await expect(listed.filter({ hasText: text })).toBeVisible();

      await yours.getByRole('link', { name: 'Edit' }).click();
      const editForm = page.getByRole('form', { name: 'Update review' });
      await expect(
        editForm.getByRole('group', { name: 'Rating' }).getByRole('radio', { name: '2 Stars' }),
      ).toBeChecked();
      await pickStars(editForm, 'Rating', '5 Stars');
      await editForm.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your review was updated.');
      await expect(page).toHaveURL(/\/$/);

      await page.goto(`/services/${service._id}`);
      await expect(yours.getByRole('img', { name: '5 Stars' })).toBeVisible();
      await expect(
        listed.filter({ hasText: text }).getByRole('img', { name: '5 Stars' }),
      ).toBeVisible();
    });

    test('a held review says why at once; rejected, edited, resubmitted and approved; My Reviews links the service', async ({
      page,
      browser,
    }) => {
      const service = (await services(page.request))[viewport.width === 360 ? 8 : 9]!;
      await registerUser(page.request, 'Held');
      const text = uniqueText('Call me on 0612 345 678 about it');
      await page.goto(`/services/${service._id}`);
      const form = page.getByRole('form', { name: 'Add Your Review' });
      await pickStars(form, 'Rating', '1 Star');
      await form.getByRole('textbox', { name: 'Review' }).fill(text);
      await form.getByRole('button', { name: 'Add Review' }).click();
      await expect(page.getByRole('alert')).toHaveText('Thanks for your Precious Review');

      // No reload: the page watches the new review while the worker screens it.
      const yours = page.getByRole('region', { name: 'Your review' });
      await expect(yours).toContainText('Flagged for: Contact details (e-mail or phone number)', {
        timeout: 20_000,
      });
      await expect(yours).toContainText('Status: flagged');

      const adminPage = await newAppPage(browser, { viewport });
      const adminToken = await logInAsAdmin(adminPage.request);
      const editHref = await yours.getByRole('link', { name: 'Edit' }).getAttribute('href');
      const reviewId = editHref!.split('/').at(-1)!;
      const rejection = await adminPage.request.post(`/api/admin/reviews/${reviewId}/reject`, {
        headers: { authorization: `Bearer ${adminToken}` },
        data: { reason: 'No phone numbers, please.' },
      });
      expect(rejection.ok()).toBe(true);
      await page.reload();
      await expect(yours).toContainText("Moderator's note: No phone numbers, please.");

      const edited = uniqueText('The driver was polite and on time');
      await page.goto(`/update/${reviewId}`);
      await page.getByRole('textbox', { name: 'Review' }).fill(edited);
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your review was updated.');

      await page.goto('/myallreviews');
      const mine = reviewCard(page, edited);
      await expect(mine).toContainText('Status: resubmitted');
      await expect(mine).not.toContainText("Moderator's note");

      await adminPage.goto('/admin/moderation');
      const queued = reviewCard(adminPage, edited);
      await expect(queued).toContainText('Status: resubmitted');
      await queued.getByRole('button', { name: 'Approve' }).click();
      await expect(adminPage.getByRole('alert')).toHaveText('Review approved');
      await adminPage.context().close();

      await page.reload();
      await expect(mine).toContainText('Status: published');
      await mine.getByRole('link', { name: service.title }).click();
      await expect(page).toHaveURL(new RegExp(`/services/${service._id}$`));
      await expect(
        page.getByRole('region', { name: 'All reviews' }).getByRole('article').filter({
          hasText: edited,
        }),
      ).toBeVisible();
    });
  });
}
