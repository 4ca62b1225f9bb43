// Plans and billing through the real server, the real `stripe` SDK and a local Stripe stand-in:
// a free user at the monthly limit finds Swap off and a link to the plans, subscribes through
// (stand-in) Checkout, lands back on the app on the paid plan, swaps again, and opens the portal.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { StripeStandIn } from '../apps/server/test/support/stripe-stand-in.ts';
import { expect, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { startServer, type RunningServer } from './support/server.ts';
import { signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS, SERVER_HOOK } from './support/limits.ts';

const FACES = FACES_DIR;
const TARGET = join(FACES, '008_ai-sfhq-frontal-glasses-darkskin.jpg');
const FACE = join(FACES, '012_ai-sfhq-east-asian-woman.jpg');

let stripe: StripeStandIn;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(SERVER_HOOK);
  stripe = new StripeStandIn('whsec_e2e_visage');
  await stripe.start();
  server = await startServer({
    name: 'e2e-billing',
    env: (url) => ({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_visage',
      STRIPE_PRICE_STANDARD: 'price_e2e_standard',
      STRIPE_PRICE_PREMIUM: 'price_e2e_premium',
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: url,
    }),
  });
  stripe.webhookUrl = `${server.url}/app/api/billing/webhook`;
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

async function signUp(page: Page): Promise<string> {
  return (await signUpThroughOverlay(page, { firstName: 'Bea', lastName: 'Billing', base: server.url })).uid;
}

async function pickPairAndSwap(page: Page): Promise<void> {
  await page.getByTestId('swap-input-target').setInputFiles(TARGET);
  await page.getByTestId('swap-input-source').setInputFiles(FACE);
  await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeEnabled({ timeout: LIMITS.pageWork });
  await page.getByRole('button', { name: 'Swap Faces', exact: true }).click();
}

test('from the quota message to the plans, through Checkout, back on a paid plan', async ({ page }) => {
  test.setTimeout(engineTest(1));
  page.on('dialog', (dialog) => void dialog.accept());
  const uid = await signUp(page);
  // The month's 10 free swaps are used (set in the real database, as 10 swaps would).
  const db = new Database(join(server.dataDir, 'visage.db'));
  db.prepare('UPDATE users SET usage = 10 WHERE uid = ?').run(uid);
  db.close();

  await page.reload();
  await expect(page.getByTestId('usage-figures')).toHaveText('10 of 10 image swaps used this month · 0 swaps left');
  // At 0 swaps left the button stays off with both photos chosen, and the plans message shows at once.
  await page.getByTestId('swap-input-target').setInputFiles(TARGET);
  await page.getByTestId('swap-input-source').setInputFiles(FACE);
  const notice = page.getByTestId('quota-notice');
  await expect(notice).toContainText('You have used all the swaps included in your plan this month.');
  await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeDisabled();
  // The chosen photos' face fields load and fill in after they are picked; clicking while they do
  // can land beside the link as the form settles.
  await page.waitForLoadState('networkidle');
  await notice.getByRole('link', { name: 'See the plans' }).click();

  await expect(page).toHaveURL(/\/app\/plans$/);
  await expect(page.getByTestId('plan-standard')).toContainText('7 € / month');
  await expect(page.getByTestId('plan-premium')).toContainText('Unlimited video swaps');
  await expect(page.getByTestId('plan-rules')).toContainText('If a payment fails, paid access is suspended until it is paid.');
  await page.getByTestId('choose-standard').click();

  // Stripe's side (the stand-in): pay; its webhooks reach the server, then it sends us back.
  await expect(page.getByRole('heading', { name: 'Stand-in Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
  await expect(page.getByTestId('usage-panel')).toContainText('Plan: Standard');
  await expect(page.getByTestId('usage-figures')).toHaveText('Unlimited image swaps · 10 used this month');

  // On the paid plan the same swap goes through.
  await pickPairAndSwap(page);
  await expect(page.locator('[data-testid="gallery-grid"] li')).toHaveCount(1, { timeout: LIMITS.engine });

  // The billing button (a customerId now) opens the customer portal of this user's customer.
  await page.getByTestId('billing-button').click();
  await expect(page.getByRole('heading', { name: 'Stand-in customer portal' })).toBeVisible();
  const customer = [...stripe.customers.values()].find((c) => c.metadata.uid === uid);
  await expect(page.locator(`[data-customer="${customer?.id}"]`)).toBeVisible();
  await page.getByRole('link', { name: 'Return' }).click();
  await page.waitForURL(/\/app\/?$/);
});
