import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAppPage, test } from './app';
import { addService, logInAsAdmin, registerUser, type Service } from './people';

/** As infra/e2e.ts sets BURST_MIN_REVIEWS for the run: this many make a burst. */
const BURST_SIZE = 12;
const NOTICE = 'an unusual number of reviews for this service';

/** A new account's one-star review of the service, through the API. */
async function oneStar(request: APIRequestContext, service: Service, index: number) {
  const author = await registerUser(request, 'Bomber');
  const response = await request.post('/api/addreviews', {
    headers: { authorization: `Bearer ${author.accessToken}` },
    data: {
      title: 'Courier',
      serviceID: 4242,
      details: `Never came, reviewer number ${'abcdefghijklmnop'[index]}.`,
      rating: 1,
      service: service._id,
    },
  });
  expect(response.status()).toBe(201);
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a burst of one-star reviews shows its notice until an admin closes the alert', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerUser(request, 'Owner');
  const service = await addService(request, owner);
  for (let index = 0; index < BURST_SIZE; index += 1) await oneStar(request, service, index);

  for (const colorScheme of ['light', 'dark'] as const) {
    const visitor = await newAppPage(browser, { colorScheme });
    await visitor.goto(`/services/${service._id}`);
    await expect(visitor.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    await expectNoViolations(visitor);
    await visitor.context().close();
  }

  let admin: Page | undefined;
  for (const colorScheme of ['light', 'dark'] as const) {
    await admin?.context().close();
    admin = await newAppPage(browser, { colorScheme });
    await logInAsAdmin(admin.request);
    await admin.goto('/admin/alerts');
    await expect(admin.getByRole('article', { name: service.title })).toContainText(
      `${BURST_SIZE} of ${BURST_SIZE} reviews at 1–2 stars`,
    );
    await expectNoViolations(admin);
  }
  const card = admin!.getByRole('article', { name: service.title });
  await card.getByRole('button', { name: `Close the alert on ${service.title}` }).click();
  await expect(admin!.getByRole('alert')).toContainText('Alert closed');
  await expect(card).toHaveCount(0);

  const visitor = await newAppPage(browser);
  await visitor.goto(`/services/${service._id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
  await expect(visitor.getByText(NOTICE)).toHaveCount(0);
});
