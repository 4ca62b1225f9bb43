// Full-page screenshots of the public pages at phone, tablet and desktop widths, written to
// .tmp/screenshots/ for people to look at. Each width also checks that nothing overflows
// sideways.
import { expect, SCREENSHOT_DIR, test, WIDTHS } from './support/test.ts';

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
];

for (const [device, width] of Object.entries(WIDTHS)) {
  test.describe(`${width}px wide`, () => {
    test.use({ viewport: { width, height: device === 'mobile' ? 812 : 900 } });

    for (const { name, path } of PAGES) {
      test(`${name} fits the width`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        for (const img of await page.locator('main img').all()) {
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
      });
    }
  });
}

test.describe('French at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'fr-FR' });
  test('landing fits the width', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-fr-375.png`, fullPage: true });
  });
});

test.describe('drawer open at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the sliding drawer covers the page with a backdrop', async ({ page }) => {
    await page.goto('/terms');
    await page.getByTestId('drawer-toggle-mobile').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.x).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/drawer-375.png` });
  });
});
