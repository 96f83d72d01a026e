import { expect, newAppPage, test } from './app';
import { addReview, logInAsAdmin, registerUser, reviewStatuses, services } from './people';
import { saveScreenshotsInBothThemes } from './screenshots';
import { uniqueTag } from './unique-tag';

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the admin's moderation queue at ${viewport.width} px`, () => {
    test.use({ viewport });
    // The worker screens both reviews first, and the screenshots switch themes: more than 30 s on a busy machine.
    test.setTimeout(90_000);

    test('the admin filters the moderation queue and bulk-approves', async ({ page, browser }) => {
      const [first, second] = await services(page.request);
      const author = await registerUser(page.request, 'Bulk');
      const tag = uniqueTag();
      await addReview(page.request, author, first!, `These couriers are assholes ${tag}`);
      await addReview(page.request, author, second!, `What a bunch of assholes ${tag}`);
      await expect
        .poll(() => reviewStatuses(page.request, author), { timeout: 30_000 })
        .toEqual(['flagged', 'flagged']);

      const adminPage = await newAppPage(browser, { viewport });
      await logInAsAdmin(adminPage.request);
      await adminPage.goto('/admin/moderation');
      const filters = adminPage.getByRole('search', { name: 'Filter reviews' });
      await filters.getByRole('combobox', { name: 'Reason' }).click();
      await adminPage.getByRole('option', { name: 'Offensive language' }).click();
      await filters.getByRole('combobox', { name: 'Order' }).click();
      await adminPage.getByRole('option', { name: 'Newest first' }).click();
      await filters.getByRole('searchbox', { name: 'Search the text' }).fill(tag);
      await filters.getByRole('button', { name: 'Search' }).click();
      await expect(adminPage).toHaveURL(/reason=PROFANITY/);

      const list = adminPage.getByRole('list', { name: 'Flagged reviews' });
      const cards = list.getByRole('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.first()).toContainText(`What a bunch of assholes ${tag}`);
      await expect(cards.first()).toContainText('Flagged for: Offensive language');
      await expect(cards.first().getByRole('link', { name: second!.title })).toHaveAttribute(
        'href',
        `/services/${second!._id}`,
      );

      await cards.first().getByRole('button', { name: 'Only this author’s reviews' }).click();
      await expect(filters.getByText('Author: Bulk')).toBeVisible();
      await expect(cards).toHaveCount(2);
      await saveScreenshotsInBothThemes(adminPage, `admin-moderation-filtered-${viewport.width}`);

      const toolbar = adminPage.getByRole('toolbar', { name: 'Selected reviews' });
      await toolbar.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await toolbar.getByRole('button', { name: 'Approve selected (2)' }).click();
      await expect(adminPage.getByRole('alert')).toHaveText('2 reviews approved.');
      await expect(adminPage.getByText('No reviews are waiting for a decision.')).toBeVisible();
      await adminPage.context().close();

      expect(await reviewStatuses(page.request, author)).toEqual(['published', 'published']);
    });
  });
}
