import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './app';
import { randomUUID } from 'node:crypto';
import { saveScreenshotsInBothThemes } from './screenshots';

interface Account {
  email: string;
  name: string;
  accessToken: string;
}

interface Service {
  _id: string;
  title: string;
}

/**
 * The admin the seed creates outside production (backend/src/users/admin-defaults.ts; Playwright
 * cannot load that CommonJS file into this ES module), unless the environment names another.
 */
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@servicecritic.local',
  password: process.env.ADMIN_PASSWORD ?? 'change-me-admin-2026',
};

/** A phrase no other test writes, to find one review among everyone's. */
const uniqueText = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/**
 * Signs a fresh user up through the API. `request` is the page's own (`page.request`), so the
 * refresh cookie it receives signs the browser in on the next page load.
 */
async function registerUser(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const response = await request.post('/api/register', {
    data: { name, email, password: 'a-long-password-2026' },
  });
  expect(response.status()).toBe(201);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { email, name, accessToken };
}

async function logInAsAdmin(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: admin });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function services(request: APIRequestContext): Promise<Service[]> {
  const response = await request.get('/api/services?limit=14');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Service[];
}

/** Adds a review through the API; answers its id. */
async function addReview(
  request: APIRequestContext,
  author: Account,
  service: Service,
  details: string,
): Promise<string> {
  const response = await request.post('/api/addreviews', {
    headers: { authorization: `Bearer ${author.accessToken}` },
    data: { title: service.title, serviceID: 4242, details, rating: 3, service: service._id },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The statuses of the author's reviews, as the API tells the author. */
async function reviewStatuses(request: APIRequestContext, author: Account): Promise<string[]> {
  const response = await request.get(`/api/myreviews?email=${encodeURIComponent(author.email)}`, {
    headers: { authorization: `Bearer ${author.accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { status: string }[]).map((review) => review.status);
}

const reviewCard = (page: Page, text: string): Locator =>
  page.getByRole('article').filter({ hasText: text });

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
  await expect(form.getByRole('textbox', { name: 'Review' })).toHaveValue('');
  const card = reviewCard(page, text);
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
  await expect(reviewCard(page, edited)).toBeVisible();
  await expect(reviewCard(page, text)).toHaveCount(0);
  await confirmDelete(page, reviewCard(page, edited));
  await expect(reviewCard(page, edited)).toHaveCount(0);
});

test('another user sees a review but not its Edit or Delete', async ({ page, browser }) => {
  const [, , service] = await services(page.request);
  const author = await registerUser(page.request, 'Author');
  const text = uniqueText('Friendly driver, parcel on time');
  await addReview(page.request, author, service!, text);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await registerUser(other.request, 'Other');
  await other.goto(`/services/${service!._id}`);
  await expect(other.getByRole('form', { name: 'Add Your Review' })).toBeVisible();
  const card = reviewCard(other, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await otherContext.close();

  // The author, by contrast, sees both on the same review.
  await page.goto(`/services/${service!._id}`);
  await expect(reviewCard(page, text).getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(reviewCard(page, text).getByRole('button', { name: 'Delete' })).toBeVisible();
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
  await expect(entry).toContainText(`by ${admin.email} (admin)`);
  await saveScreenshotsInBothThemes(page, 'admin-audit');
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

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
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
  await adminContext.close();

  await page.reload();
  await expect(reviewCard(page, approved)).toContainText('Status: published');
  await expect(reviewCard(page, rejected)).toContainText('Status: rejected');
  await expect(reviewCard(page, rejected)).toContainText(
    "Moderator's note: Insults are not allowed here.",
  );
  await saveScreenshotsInBothThemes(page, 'my-reviews');
});
