// In a real browser at 1440 px (English) and 390 px (French): a disabled primary button reads as
// disabled on the dark Proshoot page; the landing page offers "Open the app" once signed in and a
// log-in link before; and the light / dark / system choice is kept with the account, applied before
// the app's own code runs (no light flash), followed by another device that signs in.
import type { Page } from '@playwright/test';
import { signUpThroughOverlay } from './support/accounts.ts';
import { LIMITS } from './support/limits.ts';
import { expect, test } from './support/test.ts';

const RUNS = [
  { width: 1440, lang: 'en', openApp: 'Open the app', logIn: 'Log in', submit: 'Log In', email: 'Email', password: 'Password', dark: 'Dark', system: 'Same as this device' },
  { width: 390, lang: 'fr', openApp: 'Ouvrir l’application', logIn: 'Se connecter', submit: 'Se connecter', email: 'E-mail', password: 'Mot de passe', dark: 'Sombre', system: 'Comme cet appareil' },
] as const;

/** A colour of the current theme, as the browser computes it (rgb(…)), to compare with computed styles. */
const themeColour = (page: Page, name: string) =>
  page.evaluate((property) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${property})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);

const html = (page: Page) => page.locator('html');

for (const run of RUNS) {
  test(`disabled looks disabled, the landing's way in, and the colour choice (${run.width} px, ${run.lang})`, async ({ page, browser }) => {
    test.setTimeout(LIMITS.pageWork * 6);
    await page.setViewportSize({ width: run.width, height: 900 });
    const { email } = await signUpThroughOverlay(page);
    await page.evaluate((lang) => localStorage.setItem('visage.language', lang), run.lang);

    // The Swap button without photos: the theme's muted surface, not a faded amber.
    await page.goto('/app/proshoot');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    const swap = page.getByTestId('promode-submit');
    await expect(swap).toBeDisabled();
    const background = await swap.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe(await themeColour(page, '--color-surface-muted'));
    expect(background).not.toBe(await themeColour(page, '--color-button'));
    expect(await swap.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    // Signed in, the landing page leads to the app.
    await page.goto('/');
    await expect(page.getByTestId('open-app')).toHaveText(run.openApp);
    await expect(page.getByTestId('join-beta')).toHaveCount(0);
    await page.getByTestId('open-app').click();
    await expect(page).toHaveURL(/\/app$/);

    // Dark, chosen on the account page, kept by the server.
    await page.goto('/app/account');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    const saved = page.waitForResponse((r) => r.url().endsWith('/app/api/account/color-scheme') && r.request().method() === 'PUT');
    await page.getByRole('radio', { name: run.dark }).check();
    expect((await saved).status()).toBe(204);
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    // Before the first paint: with the app's own code kept from loading, the page is already dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 16, 20)');
    await page.unroute('**/assets/*.js');

    // "System" follows the device, as it changes; the pro modes keep their own themes.
    await page.goto('/app/account');
    const savedSystem = page.waitForResponse((r) => r.url().endsWith('/app/api/account/color-scheme'));
    await page.getByRole('radio', { name: run.system }).check();
    expect((await savedSystem).status()).toBe(204);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.goto('/app/prosoccer');
    await expect(html(page)).toHaveAttribute('data-theme', 'soccer');
    await page.goto('/app/account');
    const savedDark = page.waitForResponse((r) => r.url().endsWith('/app/api/account/color-scheme'));
    await page.getByRole('radio', { name: run.dark }).check();
    expect((await savedDark).status()).toBe(204);

    // Another device: signed out, the landing page has a log-in link; once signed in, the account's dark.
    const other = await browser.newContext({ viewport: { width: run.width, height: 900 }, locale: run.lang, colorScheme: 'light' });
    try {
      const device = await other.newPage();
      await device.goto('/');
      await expect(html(device)).toHaveAttribute('data-theme', 'light');
      await expect(device.getByTestId('landing-login')).toHaveText(run.logIn);
      await device.getByTestId('landing-login').click();
      await expect(device).toHaveURL(/\/login$/);
      await device.getByLabel(run.email, { exact: true }).fill(email);
      await device.getByLabel(run.password, { exact: true }).fill('Visage-e2e-Passw0rd');
      await device.getByRole('button', { name: run.submit, exact: true }).click();
      await device.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
      await expect(html(device)).toHaveAttribute('data-theme', 'dark');
    } finally {
      await other.close();
    }
  });
}
