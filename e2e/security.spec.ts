// The app under the server's Content-Security-Policy: every screen a visitor and a user reach
// loads with no violation (the shared fixture fails a test on any), and the page is not framable.
import { test, expect } from './support/test';

test('the landing, legal and sign-in pages run under the CSP', async ({ page }) => {
  for (const path of ['/', '/terms', '/privacy', '/login']) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['cache-control']).toBe('no-cache');
    await expect(page.locator('#root')).not.toBeEmpty();
  }
});

test('the page refuses to be framed by another site', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.headers()['x-frame-options']).toBe('DENY');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('source maps are not served', async ({ page, request }) => {
  await page.goto('/');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await asset.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
