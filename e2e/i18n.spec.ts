import { expect, test } from './support/test.ts';

test.describe('French for a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('the landing page, shell and legal pages are in French', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Révolutionnez vos contenus grâce à l’échange de visages sans effort');
    await expect(page.getByRole('link', { name: 'Rejoindre la bêta' })).toHaveAttribute('href', '/login');
    const footer = page.getByTestId('app-footer');
    await expect(footer.getByRole('link', { name: 'Conditions d’utilisation' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Politique de confidentialité' })).toBeVisible();

    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
    await expect(page.locator('main section')).toHaveCount(11);
    await expect(page.locator('main')).toContainText('droit français');

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
    await expect(page.locator('main section')).toHaveCount(14);
    await expect(page.getByText('Date d’entrée en vigueur : 15 novembre 2023')).toBeVisible();
  });
});

test.describe('language choice', () => {
  test('English by default; the switcher changes the language and it is kept after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Join Beta' })).toBeVisible();

    await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
    await expect(page.getByRole('link', { name: 'Rejoindre la bêta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.getByRole('link', { name: 'Rejoindre la bêta' })).toBeVisible();
    await page.getByTestId('language-switcher').getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('link', { name: 'Join Beta' })).toBeVisible();
  });

  test.describe('an unsupported browser language', () => {
    test.use({ locale: 'de-DE' });
    test('falls back to English', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolutionize Your Content with Seamless Face Swapping');
    });
  });
});
