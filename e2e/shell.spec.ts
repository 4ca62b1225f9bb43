import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

const sidebarBox = async (page: Page) => (await page.getByTestId('sidebar').boundingBox())!;

test.describe('shell at 800px wide: sliding drawer', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the mobile toggle slides the drawer in and the backdrop, close button and Escape slide it out', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    const toggle = page.getByTestId('drawer-toggle-mobile');
    await expect(page.getByTestId('drawer-toggle-desktop')).toBeHidden();
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
    expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.2s');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await expect.poll(async () => (await sidebarBox(page)).x).toBe(0);
    expect((await sidebarBox(page)).width).toBe(250);
    await expect(sidebar.getByRole('link', { name: 'Terms of Use' })).toBeVisible();

    await page.getByTestId('drawer-backdrop').click({ position: { x: 700, y: 500 } });
    await expect(sidebar).toBeHidden();

    await toggle.click();
    await expect(sidebar).toBeVisible();
    await page.getByTestId('drawer-close').click();
    await expect(sidebar).toBeHidden();

    // Keyboard: the open drawer takes the focus, Escape closes it and gives the focus back.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId('drawer-close')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('following a drawer link navigates and closes the drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('drawer-toggle-mobile').click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByTestId('sidebar')).toBeHidden();
  });
});

test.describe('shell at 1200px wide: fixed drawer', () => {
  test.use({ viewport: { width: 1200, height: 900 } });

  test('the drawer is fixed at 250px beside the content and only the desktop toggle shows', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId('drawer-toggle-mobile')).toBeHidden();
    await expect(page.getByTestId('drawer-toggle-desktop')).toBeVisible();
    expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = await sidebarBox(page);
    expect(box.x).toBe(0);
    expect(box.width).toBe(250);
    const main = (await page.locator('main').boundingBox())!;
    expect(main.x).toBeGreaterThanOrEqual(250);

    // Still in place after scrolling: it is fixed, not part of the page flow.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await sidebarBox(page)).x).toBe(0);
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeInViewport();

    // The desktop toggle hides it and gives the content the full width.
    await page.getByTestId('drawer-toggle-desktop').click();
    await expect(sidebar).toBeHidden();
    await expect.poll(async () => (await page.locator('main').boundingBox())!.x).toBe(0);
    await page.getByTestId('drawer-toggle-desktop').click();
    await expect(sidebar).toBeVisible();
  });

  test('the sidebar has uppercase section titles, icons, a collapsible group, dividers and an external link', async ({ page }) => {
    await page.goto('/terms');
    const sidebar = page.getByTestId('sidebar');
    const title = sidebar.getByText('Discover', { exact: true });
    expect(await title.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
    await expect(sidebar.getByRole('separator')).toHaveCount(2);
    await expect(sidebar.getByRole('link', { name: 'Home' }).locator('svg')).toHaveCount(1);
    await expect(sidebar.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('aria-current', 'page');

    const group = sidebar.getByRole('button', { name: 'Legal information' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Privacy Policy' })).toBeHidden();
    await group.click();
    await expect(sidebar.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

    const external = sidebar.getByRole('link', { name: /Demo faces/ });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', /noopener/);
  });

  test('the header is at least 5rem high with a gradient background and the light palette by default', async ({ page }) => {
    await page.goto('/');
    const header = page.getByTestId('app-header');
    expect((await header.boundingBox())!.height).toBeGreaterThanOrEqual(80);
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 247, 246)');
  });
});
