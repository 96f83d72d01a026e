import {
  test as base,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The JSON block a server-rendered page hands its state in (the only such block on a page). By
 * its shape rather than its id: the id is defined in the backend's page contract, which
 * Playwright's ESM loader cannot import from here (it is CommonJS TypeScript).
 */
export const SERVER_STATE_SELECTOR = 'script[type="application/json"]';

/** Marks the loading state a page's shell holds where the page goes (PendingPage). */
export const PENDING_PAGE_MARK = 'data-page-pending';

/**
 * Errors the page logs (React reports hydration mismatches so) or throws; not images that did
 * not load (other tests add services whose images are on hosts this machine cannot reach), nor
 * API answers that failed (a test may make them fail).
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource'))
      errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Resolves once the browser app runs the page: at once for a page the browser renders, after
 * hydration for one the server rendered (its buttons do nothing before). React marks each node
 * it has hydrated; the footer is the layout's last part, and a frame later the page is live.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction((stateSelector) => {
    if (!document.querySelector(stateSelector)) return true;
    const footer = document.querySelector('footer');
    return footer !== null && Object.keys(footer).some((key) => key.startsWith('__reactFiber$'));
  }, SERVER_STATE_SELECTOR);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** `page`, with `goto` and `reload` waiting for the app (waitForApp) before they resolve. */
function waitingForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

/**
 * A page in a browser context of its own (another person's browser), whose `goto` and `reload`
 * wait for the app as the `page` fixture's do: a click before hydration does nothing.
 */
export async function newAppPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  return waitingForApp(await (await browser.newContext(options)).newPage());
}

/** Playwright's `test`, with `page.goto` and `page.reload` waiting for the app (waitForApp). */
export const test = base.extend({
  page: async ({ page }, providePage) => {
    await providePage(waitingForApp(page));
  },
});
