import { expect, pageErrors, PENDING_PAGE_MARK, test } from './app';

/** The API's test hook (on in the e2e stack): stalls reads of a path, then answers 503. */
const STALLED_READS = '/api/test-hooks/stalled-reads';
/** What the API answers a read past its deadline, as while the store is wedged. */
const TIMED_OUT = 'This request took too long and was stopped; please try again in a few seconds.';
/** Past the server's render budget (1 s), and each of the browser's four tries takes as long. */
const STALL_MS = 1500;

test.describe('a page whose data is stalled', () => {
  test.afterEach(async ({ request }) => {
    expect((await request.delete(STALLED_READS)).status()).toBe(204);
  });

  test("shows its layout at once, then the API's sentence, and Try again loads it once healed", async ({
    page,
    request,
  }) => {
    const errors = pageErrors(page);
    const armed = await request.put(`${STALLED_READS}?path=/api/blogs&ms=${STALL_MS}`);
    expect(armed.status()).toBe(204);

    // The server gives up on the data within its budget and sends the page's shell.
    const response = await page.goto('/blogs');
    const html = (await response?.text()) ?? '';
    expect(html).toContain(PENDING_PAGE_MARK);
    expect(html).toMatch(/<header[^>]*>/);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Home' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading page' }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('All Rights Rreserved');

    // The browser asks four times (three retries: 1 s, 2 s, 4 s apart), then says why.
    await expect(page.getByText(TIMED_OUT)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    expect((await request.delete(STALLED_READS)).status()).toBe(204);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText(TIMED_OUT)).toBeHidden();
    // No hydration mismatch: the app started from the shell the server sent.
    expect(errors).toEqual([]);
  });
});
