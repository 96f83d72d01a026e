import { expect, test } from './app';
import { violations } from './axe';
import { registerUser, uniqueText } from './people';

test('a personal API token is made on /account, listed once, and its secret never shown again', async ({
  page,
}) => {
  await registerUser(page.request, 'Tokenia');
  const name = uniqueText('Nightly export');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Personal API tokens' });
  await section.getByRole('textbox', { name: 'Token name' }).fill(name);
  await section.getByRole('checkbox', { name: /^reviews:read/ }).check();
  await section.getByRole('button', { name: 'Create token' }).click();

  const secretField = section.getByRole('textbox', { name: 'Your new token' });
  await expect(secretField).toHaveValue(/^sc_pat_[\w-]{43}$/);
  const secret = await secretField.inputValue();
  await expect(section.getByText(/Copy it now: it will not be shown again/)).toBeVisible();
  const list = section.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByRole('listitem', { name })).toHaveCount(1);
  await expect(list).not.toContainText(secret);
  expect(await violations(page)).toEqual([]);

  // The token works as the user, within its scope.
  const mine = await page.request.get('/api/myreviews', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(mine.status()).toBe(200);

  await page.reload();
  await expect(list.getByRole('listitem', { name })).toHaveCount(1);
  await expect(list.getByRole('listitem', { name })).toContainText('reviews:read');
  await expect(section.getByRole('textbox', { name: 'Your new token' })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
});
