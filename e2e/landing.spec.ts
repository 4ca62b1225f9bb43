import { expect, test } from './support/test.ts';

test.describe('landing page', () => {
  test('shows the headline, the tagline and a Join Beta link to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolutionize Your Content with Seamless Face Swapping');
    await expect(page.getByText('Experience the new era of digital creativity. Simple. Fast. Revolutionary.')).toBeVisible();
    const joinBeta = page.getByRole('link', { name: 'Join Beta' });
    await expect(joinBeta).toBeVisible();
    await expect(joinBeta).toHaveAttribute('href', '/login');
    await expect(page).toHaveTitle(/Visage/);
  });

  test('shows "Swap, Smile, Share" with before + after = result images that load', async ({ page }) => {
    await page.goto('/');
    const showcase = page.getByTestId('swap-showcase');
    await expect(showcase.getByRole('heading', { name: 'Swap, Smile, Share' })).toBeVisible();
    await expect(showcase.getByRole('img', { name: 'plus' })).toBeVisible();
    await expect(showcase.getByRole('img', { name: 'equals' })).toBeVisible();
    const images = showcase.locator('figure img');
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(showcase).toContainText('SFHQ-T2I');
  });

  test('the header logo links home and the footer links to the legal pages', async ({ page }) => {
    await page.goto('/terms');
    await page.getByTestId('header-home-link').click();
    await expect(page).toHaveURL(/\/$/);
    const footer = page.getByTestId('app-footer');
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('an unknown address shows a not-found page inside the shell', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('app-header')).toBeVisible();
  });
});
