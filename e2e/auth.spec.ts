// Accounts in the browser: sign-up with the automatic bot check, logout, login, the route
// guards, a 401 that signs the client out, and sign-in through an OpenID Connect popup
// against a real local provider.
import type { Page } from '@playwright/test';
import { startIdp, type TestIdp } from '../apps/server/test/auth/support/idp.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expect, test } from './support/test.ts';
import { LIMITS, SERVER_HOOK } from './support/limits.ts';

const PASSWORD = 'Velvet-Otter-42-Lantern';
let counter = 0;
// The landing page exactly (a bare /\/$/ would also match /app/).
const LANDING = /^https?:\/\/[^/]+\/$/;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@example.com`;

async function flags(page: Page): Promise<unknown> {
  // Logout reloads the page, and the guard then sends the visitor on to /: an evaluation caught
  // between the two fails ("Execution context was destroyed"). Read once the page has settled.
  for (let attempt = 1; ; attempt++) {
    await page.waitForLoadState();
    try {
      return await page.evaluate(() => JSON.parse(window.localStorage.getItem('visage.auth') ?? 'null') as unknown);
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('Execution context was destroyed')) throw err;
    }
  }
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByLabel('First Name').fill('ada');
  await overlay.getByLabel('Last Name').fill('lovelace');
  await overlay.getByLabel('Email').fill(email);
  await overlay.getByLabel('New Password').fill(PASSWORD);
  await overlay.getByRole('checkbox', { name: /I accept the/ }).check();
  await overlay.getByLabel('I confirm that I am 13 years of age or older.').check();
  const challenge = page.waitForResponse((r) => r.url().endsWith('/app/api/auth/challenge'));
  const signups: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/app/api/auth/signup')) signups.push(r.status());
  });
  await overlay.getByRole('button', { name: 'Sign Up' }).click();
  await challenge;
  // The proof-of-work runs in the page before the retry.
  await expect(page).toHaveURL(/\/app\/$/, { timeout: LIMITS.pageWork });
  // First answer: the bot check is required; the retry with a solved challenge creates the account.
  expect(signups).toEqual([400, 201]);
}

test.describe('e-mail accounts', () => {
  test('sign up with the automatic bot check, log out, log in', async ({ page }) => {
    const email = uniqueEmail('ada');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Craft Your Visual Signature');
    await expect(page.getByText('Welcome Back')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    // No provider is configured on this server: no provider button.
    await expect(page.getByTestId('oidc-button')).toHaveCount(0);

    // The overlay: terms links, and the dimmed backdrop closes it.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const overlay = page.getByRole('dialog');
    await expect(overlay.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    await expect(overlay.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await page.getByTestId('signup-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(overlay).toHaveCount(0);

    await signUp(page, email);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
    expect(await flags(page)).toMatchObject({ loggedIn: 'true', role: 'user' });
    await expect(page.getByTestId('billing-button')).toHaveCount(0);

    // Logout: flags cleared, session revoked, page reloaded → the guard sends the visitor to /.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(LANDING);
    expect(await flags(page)).toBeNull();
    expect((await page.request.get('/app/api/me')).status()).toBe(401);

    // A wrong password shows a short, non-revealing message.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
  });

  test('a signed-in visitor on /login lands on /app/; an expired session signs the client out', async ({ page }) => {
    await signUp(page, uniqueEmail('grace'));
    await page.goto('/login');
    await expect(page).toHaveURL(/\/app\/$/);

    // The session ends on the server (here: revoked); the next API call answers 401.
    await page.request.post('/app/api/auth/logout');
    await page.goto('/app/prosoccer');
    await expect(page).toHaveURL(LANDING);
    expect(await flags(page)).toBeNull();
  });

  test('a signed-out visitor on /app, /app/proshoot or /app/prosoccer lands on /', async ({ page }) => {
    for (const path of ['/app', '/app/', '/app/proshoot', '/app/prosoccer']) {
      await page.goto(path);
      await expect(page).toHaveURL(LANDING);
      await expect(page.getByRole('link', { name: 'Join Beta' })).toBeVisible();
    }
  });

  test('the login screen and the overlay are in French for a French visitor', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créez votre signature visuelle');
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(page.getByRole('dialog').getByLabel('Nouveau mot de passe')).toBeVisible();
    await page.getByTestId('language-switcher').getByRole('button', { name: 'EN' }).click({ force: true });
  });
});

test.describe('OpenID Connect popup', () => {
  let idp: TestIdp;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_HOOK);
    let callback = '';
    idp = await startIdp({ redirectUris: () => [callback] });
    server = await startServer({
      name: 'e2e-oidc',
      // OIDC requires PUBLIC_URL (the redirect URI never comes from the Host header).
      env: (url) => ({ PUBLIC_URL: url, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_PROVIDER_NAME: 'Google' }),
    });
    callback = `${server.url}/app/api/auth/oidc/callback`;
  });
  test.afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  test('the first sign-in through the popup asks for consent, then creates the profile and lands on /app/', async ({ page }) => {
    idp.accounts.set('katherine', { email: 'katherine.johnson@idp.test', email_verified: true, name: 'Katherine Coleman Johnson', picture: `${server.url}/app/api/avatars/default.svg` });
    await page.goto(`${server.url}/login`);
    const button = page.getByRole('button', { name: 'Login/Sign Up with Google' });
    await expect(button).toBeVisible();

    const popupPromise = page.waitForEvent('popup');
    await button.click();
    const popup = await popupPromise;
    await popup.locator('input[name="login"]').fill('katherine');
    await popup.locator('input[name="password"]').fill('any');
    await popup.locator('button[type="submit"]').click();
    // The provider's consent page, then the callback page posts to this window and closes.
    const closed = popup.waitForEvent('close');
    await popup.locator('button[type="submit"]').click();
    await closed;

    // The consent step: no account yet; the dialog asks for the terms and the age.
    const dialog = page.getByRole('dialog', { name: 'One last step' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('consent-email')).toHaveText('katherine.johnson@idp.test');
    expect((await page.request.get(`${server.url}/app/api/me`)).status()).toBe(401);
    await dialog.getByRole('checkbox', { name: /I accept the/ }).check();
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    // The browser's own check stops the form while the age box is empty.
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('I confirm that I am 13 years of age or older.').check();
    await dialog.getByRole('button', { name: 'Create my account' }).click();

    await expect(page).toHaveURL(`${server.url}/app/`);
    await expect(page.getByRole('heading', { name: 'Welcome, Katherine Coleman Johnson' })).toBeVisible();
    const me = await (await page.request.get(`${server.url}/app/api/me`)).json();
    expect(me.profile).toMatchObject({ nom: 'Katherine', prenom: 'Coleman Johnson', email: 'katherine.johnson@idp.test', emailVerified: true, subscription: 'free' });
    expect(me.profile.ip).toBe('127.0.0.1');
    expect(await flags(page)).toMatchObject({ uid: me.uid, loggedIn: 'true' });
  });
});
