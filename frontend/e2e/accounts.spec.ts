import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './app';
import { linkFromMail } from './mail';
import { uniqueText } from './people';

const PASSWORD = 'e2e-password-123';

function uniqueUser(label: string) {
  return {
    name: `${label} Tester`,
    email: `e2e-${label.toLowerCase()}-${randomUUID()}@example.com`,
  };
}

async function registerThroughApi(request: APIRequestContext, user: ReturnType<typeof uniqueUser>) {
  const response = await request.post('/api/register', { data: { ...user, password: PASSWORD } });
  expect(response.status()).toBe(201);
}

test('a forgotten password is reset by the e-mailed link, and the new one logs in', async ({
  page,
  request,
}) => {
  const user = uniqueUser('Forgetful');
  await registerThroughApi(request, user);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses this e-mail address, we have sent it a link to choose a new password.',
  );

  const link = await linkFromMail(user.email, 'Choose a new password', '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password').fill('a new e2e password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your password was changed' }),
  ).toBeVisible();

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('a new e2e password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('img', { name: user.name })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This reset link is invalid, used or expired')).toBeVisible();
});

test('a new user verifies the address, and their review shows the "Confirmed e-mail" mark', async ({
  page,
}) => {
  const user = uniqueUser('Verity');
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('img', { name: user.name })).toBeVisible();

  await page.goto(await linkFromMail(user.email, 'Confirm your e-mail address', '/verify-email'));
  await expect(page.getByRole('status')).toHaveText('Thank you: your e-mail address is verified.');

  const services = (await (await page.request.get('/api/services?limit=20')).json()) as {
    _id: string;
  }[];
  const service = services[services.length - 1]!;
  const text = uniqueText('Verified and careful');
  await page.goto(`/services/${service._id}`);
  const form = page.getByRole('form', { name: 'Add Your Review' });
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  await form
    .getByRole('group', { name: 'Rating' })
    .locator('label')
    .filter({ hasText: '5 Stars' })
    .click();
  await form.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByRole('alert')).toHaveText('Thanks for your Precious Review');

  // The author's own review also shows above the list, as "Your review": this is the public one.
  const card = page
    .getByRole('list', { name: 'Reviews of this service' })
    .getByRole('article')
    .filter({ hasText: text });
  await expect(card.getByText('Confirmed e-mail')).toBeVisible();
  const profileLink = card.getByRole('link', { name: user.name });
  await expect(profileLink).toHaveAttribute('href', /^\/users\/[a-f\d]{24}$/);

  // The reviewer's name leads to their public profile.
  await profileLink.click();
  await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
  await expect(page.getByText(/^Member since .* · 1 review$/)).toBeVisible();
  const profileReview = page.getByRole('article').filter({ hasText: text });
  await expect(profileReview.getByText('Confirmed e-mail')).toBeVisible();
});

/** A 1×1 PNG: the server re-encodes whatever it gets into its own 256×256 photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the account page: name, photo, sessions, my data, and deleting the account', async ({
  page,
}) => {
  const user = uniqueUser('Leaver');
  const registered = await page.request.post('/api/register', {
    data: { ...user, password: PASSWORD },
  });
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const [service] = (await (await page.request.get('/api/services?limit=20')).json()) as {
    _id: string;
    title: string;
  }[];
  const text = uniqueText('Kept after I leave');
  const reviewed = await page.request.post('/api/addreviews', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      title: service!.title,
      serviceID: 4242,
      details: text,
      rating: 4,
      service: service!._id,
    },
  });
  expect(reviewed.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: user.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Display name').fill('Lee Renamed');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your name was saved.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Lee Renamed' })).toBeVisible();

  await profile
    .getByLabel('Photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('alert').filter({ hasText: 'Your photo was saved.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Lee Renamed' })).toHaveAttribute(
    'src',
    /^\/api\/photos\/[a-f\d]{24}$/,
  );

  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This device')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('service-critic-my-data.json');
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string };
    reviews: { details: string }[];
  };
  expect(data.profile.email).toBe(user.email);
  expect(data.reviews.map((review) => review.details)).toEqual([text]);

  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByLabel('Keep them, under "Deleted user"').check();
  await deletion.getByLabel('Password to confirm').fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account for good?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your account was deleted.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto(`/services/${service!._id}`);
  // The author's own review also shows above the list, as "Your review": this is the public one.
  const card = page
    .getByRole('list', { name: 'Reviews of this service' })
    .getByRole('article')
    .filter({ hasText: text });
  await expect(card.getByRole('heading', { name: 'Deleted user' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});
