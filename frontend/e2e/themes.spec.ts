import type { Page } from '@playwright/test';
import { expect, newAppPage, test } from './app';

/**
 * A first visit in the dark theme: the server renders it light (it learns the visitor's theme
 * from the browser's hint on their next request), and the app shows it dark. Every card, select
 * and page number must end up dark with light text, not keep the light theme's styles.
 */
test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });

/** The elements whose colours do not fit a dark page: a light background, or dark text. */
function lightPieces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const luminance = (colour: string) => {
      const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return { light: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255, opaque: a > 0.5 };
    };
    const pieces = document.querySelectorAll(
      '.MuiPaper-root, .MuiCard-root, .MuiSelect-select, .MuiPaginationItem-root',
    );
    return [...pieces].flatMap((piece) => {
      const style = getComputedStyle(piece);
      const background = luminance(style.backgroundColor);
      const text = luminance(style.color);
      const name = `${piece.className.split(' ')[0]} "${(piece.textContent ?? '').slice(0, 24)}"`;
      if (background.opaque && background.light > 0.5) return [`${name}: ${style.backgroundColor}`];
      return text.light < 0.5 ? [`${name}: text ${style.color}`] : [];
    });
  });
}

test('a first visit in the dark theme shows every card, select and page number dark', async ({
  browser,
  request,
}) => {
  const listed = (await (await request.get('/api/services?sort=top_rated&limit=1')).json()) as {
    _id: string;
  }[];
  for (const path of ['/', `/services/${listed[0]._id}`]) {
    // A new context each: no cookie, no saved choice, no hint yet.
    const page = await newAppPage(browser, { colorScheme: 'dark' });
    await page.goto(path);
    await expect(page.locator('html[data-theme-pending]')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'light');
    if (path !== '/') {
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    }
    expect(await lightPieces(page), path).toEqual([]);
    await page.context().close();
  }
});
