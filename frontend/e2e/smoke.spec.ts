import { expect, test } from './app';
import { saveScreenshot } from './screenshots';

test('home page loads with the title, app bar and footer', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Service Critic');
  await expect(page.getByRole('banner')).toContainText('Service Critic');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('All Rights Rreserved');
  await expect(footer.getByRole('link', { name: 'Transparency' })).toHaveAttribute(
    'href',
    '/transparency',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
  await saveScreenshot(page, 'home');
});

test('an unknown path shows the 404 page, whose link goes back home', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
  await saveScreenshot(page, 'not-found');

  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
});

test('a deep link is served by the SPA (an unknown service says so with a 404)', async ({
  page,
}) => {
  const response = await page.goto('/services/abc');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('banner')).toContainText('Service Critic');
  await saveScreenshot(page, 'service-deep-link');
});

test('on a 360 px screen the links sit in a menu and the theme toggle works', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');

  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Home',
    'Services',
    'Blogs',
    'Contacts',
    'Register',
    'Login',
  ]);
  await saveScreenshot(page, 'home-360-menu');
  await page.keyboard.press('Escape');

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  expect(await background()).not.toBe(lightBackground);
  await saveScreenshot(page, 'home-360-dark');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});
