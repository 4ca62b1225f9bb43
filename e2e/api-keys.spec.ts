// API keys in the browser: create one on the account page (its secret shown once), follow the
// link to the API docs page (Swagger UI under the server's Content-Security-Policy), come back
// and revoke it; the key opens the public API until then and not after.
import { expect, test } from './support/test.ts';
import { signUpThroughOverlay } from './support/accounts';
import { LIMITS } from './support/limits.ts';

test('creates a key, shows it once, opens the docs page and revokes it', async ({ page }) => {
  await signUpThroughOverlay(page, { lastName: 'developer' });
  await page.goto('/app/account');
  const card = page.getByTestId('account-api-keys');
  await card.getByLabel('Name of the new key').fill('e2e script');
  await card.getByRole('button', { name: 'Create a key' }).click();
  const secret = (await card.getByTestId('api-key-secret').textContent({ timeout: LIMITS.pageWork }))!;
  expect(secret).toMatch(/^vsk_[A-Za-z0-9_-]{32}$/);
  await expect(card.getByTestId('api-key-list')).toContainText(`${secret.slice(0, 8)}…`);
  const withKey = () => page.request.get('/app/api/v1/swaps', { headers: { authorization: `Bearer ${secret}` } });
  expect((await withKey()).status()).toBe(200);

  await card.getByRole('link', { name: 'Read the API documentation' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByTestId('developers-curl')).toContainText('Authorization: Bearer $VISAGE_KEY');
  await expect(page.getByTestId('developers-swagger').getByText('/app/api/v1/swaps/{id}', { exact: true }).first()).toBeVisible({ timeout: LIMITS.pageWork });

  // Back on the account page the secret is not shown again, only its prefix.
  await page.goto('/app/account');
  await expect(card.getByTestId('api-key-list')).toContainText('e2e script');
  await expect(card.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(card).not.toContainText(secret);
  await card.getByRole('button', { name: 'Revoke the key “e2e script”' }).click();
  await expect(card.getByText('You have no API keys.')).toBeVisible();
  expect((await withKey()).status()).toBe(401);
});
