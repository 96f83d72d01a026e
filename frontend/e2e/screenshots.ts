import { test, type Page } from '@playwright/test';
import { join } from 'node:path';

/**
 * Saves a full-page screenshot to e2e/screenshots/ (git-ignored) for a human to look at; colour
 * transitions (a theme switch, a button being enabled) are finished first.
 */
export async function saveScreenshot(page: Page, name: string) {
  const dir = join(test.info().project.testDir, 'screenshots');
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Saves `name`-light and `name`-dark, switching the theme with the app bar's toggle and back. */
export async function saveScreenshotsInBothThemes(page: Page, name: string) {
  await saveScreenshot(page, `${name}-light`);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await saveScreenshot(page, `${name}-dark`);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
}
