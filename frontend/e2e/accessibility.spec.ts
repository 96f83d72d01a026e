import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './app';
import { violations } from './axe';
import {
  addReview,
  addService,
  inviteCustomer,
  logInAsAdmin,
  registerUser,
  services,
  type Account,
} from './people';

/**
 * axe-core on every page of the app (router.tsx), as a visitor, a signed-in user and an admin,
 * at phone and desktop widths, in both colour themes: no violation of any impact, and no page
 * wider than its window (nothing to scroll sideways).
 */

const NO_TRANSITIONS =
  '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** How far the page reaches past the window's right edge, in CSS pixels: 0 when it fits. */
function overflowWidth(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Opens each path once its content is in (no loading bar or skeleton), and checks it. */
async function expectAccessible(page: Page, paths: readonly string[]) {
  const report: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    // A lazy page's code can take seconds to come on a busy machine.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('progressbar', { name: /^Loading/ })).toHaveCount(0);
    // Colours as they end up: a button caught in its 250 ms colour transition (a state that
    // changed as the page's data came) would be measured half-way, as a contrast failure.
    await page.addStyleTag({ content: NO_TRANSITIONS });
    const found = await violations(page);
    const overflow = await overflowWidth(page);
    if (overflow > 0) found.push(`wider than the window by ${overflow} px`);
    if (found.length > 0) report[path] = found;
  }
  expect(report).toEqual({});
}

/**
 * Puts the service page's engagement parts on it: an admin's edited reply under the user's
 * review (the business's reply, "Edited", its versions), and the user's helpful mark on another
 * review (a pressed toggle).
 */
async function withReplyAndVote(
  page: Page,
  request: APIRequestContext,
  user: Account,
  reviewId: string,
  serviceId: string,
) {
  const asAdmin = { authorization: `Bearer ${await logInAsAdmin(request)}` };
  const replyPath = `/api/reviews/${reviewId}/reply`;
  expect(
    (await request.post(replyPath, { headers: asAdmin, data: { text: 'Thanks!' } })).ok(),
  ).toBe(true);
  expect(
    (await request.patch(replyPath, { headers: asAdmin, data: { text: 'Thank you!' } })).ok(),
  ).toBe(true);
  const listed = (await (await page.request.get(`/api/reviews?service=${serviceId}`)).json()) as {
    _id: string;
  }[];
  const other = listed.find((review) => review._id !== reviewId);
  if (!other) return;
  const vote = await page.request.post(`/api/reviews/${other._id}/helpful`, {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  expect(vote.status()).toBe(201);
}

const VISITOR_PAGES = [
  '/',
  '/services',
  '/services?category=postal&region=midwest',
  '/blogs',
  '/about',
  '/guidelines',
  '/privacy',
  '/terms',
  '/contacts',
  '/transparency',
  '/addservices',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/no-such-page',
  '/services/000000000000000000000000',
  // Too few services named: the page says how to choose them.
  '/compare',
  '/reviews/000000000000000000000000',
  '/invitations/not-a-real-invitation-token',
] as const;

const ADMIN_PAGES = [
  '/allreviews',
  '/admin/moderation',
  '/admin/reports',
  '/admin/appeals',
  '/admin/services',
  '/admin/claims',
  '/admin/alerts',
  '/admin/audit',
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    test.describe(`in the ${colorScheme} theme at ${viewport.width} px`, () => {
      test.use({ colorScheme, viewport });
      // axe takes seconds a page on a busy machine.
      test.describe.configure({ timeout: 300_000 });

      test("a visitor's pages have no accessibility violations", async ({ page }) => {
        const [service, second, third] = await services(page.request);
        await expectAccessible(page, [
          ...VISITOR_PAGES,
          `/services/${service._id}`,
          // Three services side by side: the table scrolls within its frame on a phone.
          `/compare?ids=${service._id},${second._id},${third._id}`,
          // Its reviews filtered: pressed toggles, "Clear filters", the empty list's way back.
          `/services/${service._id}?stars=1,2&replied=1&verified=1&q=nothing-like-this`,
        ]);
      });

      test("a signed-in user's pages have no accessibility violations", async ({
        page,
        request,
      }) => {
        const user = await registerUser(page.request, 'Axel');
        const [, service] = await services(page.request);
        const reviewId = await addReview(page.request, user, service, 'Careful and quick.');
        // Their own service, with its "Invite customers" panel, its contact details and the
        // offer to claim it, its claim page, and an invitation's page.
        const own = await addService(page.request, user, {
          website: 'https://www.axel-couriers.example',
          contactEmail: 'desk@axel-couriers.example',
          contactPhone: '+44 20 7946 0000',
        });
        const invitation = await inviteCustomer(page.request, user, own);
        await withReplyAndVote(page, request, user, reviewId, service._id);
        const review = (await (
          await page.request.get(`/api/myreviews?email=${encodeURIComponent(user.email)}`, {
            headers: { authorization: `Bearer ${user.accessToken}` },
          })
        ).json()) as { authorId: string }[];
        await expectAccessible(page, [
          '/',
          `/services/${service._id}`,
          '/account',
          '/myallreviews',
          '/myservices',
          '/notifications',
          `/update/${reviewId}`,
          // The review's own page, with the business's reply.
          `/reviews/${reviewId}`,
          `/users/${review[0].authorId}`,
          `/services/${own._id}`,
          `/services/${own._id}/claim`,
          `/myservices/${own._id}/insights`,
          invitation,
        ]);
      });

      test("an admin's pages have no accessibility violations", async ({ page }) => {
        await logInAsAdmin(page.request);
        await expectAccessible(page, ADMIN_PAGES);
      });
    });
  }
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('buttons are at least 44 px, and page numbers 36 px, to tap', async ({ page }) => {
    const [service] = await services(page.request);
    const [, second] = await services(page.request);
    for (const path of [
      '/',
      '/services',
      `/services/${service._id}`,
      `/compare?ids=${service._id},${second._id}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const tooSmall = await page
        .locator('button:visible, a.MuiButton-root:visible')
        .evaluateAll((targets) =>
          targets.flatMap((target) => {
            const { width, height } = target.getBoundingClientRect();
            const least = target.classList.contains('MuiPaginationItem-root') ? 36 : 44;
            const name = target.getAttribute('aria-label') ?? target.textContent;
            return width < least || height < least ? [`${name}: ${width}×${height}`] : [];
          }),
        );
      expect(tooSmall, path).toEqual([]);
    }
  });
});

test.describe('with the keyboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the first Tab offers "Skip to main content", which moves past the header', async ({
    page,
  }) => {
    await page.goto('/services');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test("a card's image button shows where the focus is", async ({ page }) => {
    await page.goto('/services');
    const image = page.getByRole('button', { name: /^View the image of / }).first();
    await image.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(image).toBeFocused();
    const outline = await image.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');
  });
});

test.describe('the header at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('takes two rows at most, scrolls away, and /services shows one search box', async ({
    page,
  }) => {
    await registerUser(page.request, 'Maximilian');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('img', { name: 'Maximilian' })).toBeVisible();
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(100);
    await page.mouse.wheel(0, 600);
    await expect(header).not.toBeInViewport();

    await page.goto('/services');
    await expect(page.getByRole('searchbox')).toHaveCount(1);
  });
});
