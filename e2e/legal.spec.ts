import { expect, test } from './support/test.ts';

test.describe('legal pages', () => {
  test('/terms has 11 sections, each with a heading, and states the plans and rules', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
    const sections = page.locator('main section');
    await expect(sections).toHaveCount(11);
    for (const section of await sections.all()) {
      await expect(section.getByRole('heading', { level: 2 })).toHaveCount(1);
    }
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const fact of [
      '10 image swaps per month',
      '7 € per month',
      'up to 5 video swaps per month',
      '24 € per month',
      'billed monthly, in advance, and renew automatically',
      'next billing cycle',
      'until the end of the period you have already paid for',
      'non-refundable',
      'If a payment fails, access to paid features is suspended',
      'laws of France',
      'arbitration seated in Paris',
      'within one year',
      '30 days',
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  test('/privacy has 14 sections, is effective mid-November 2023 and covers GDPR, children, cookies, cloud storage and breaches', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const sections = page.locator('main section');
    await expect(sections).toHaveCount(14);
    for (const section of await sections.all()) {
      await expect(section.getByRole('heading', { level: 2 })).toHaveCount(1);
    }
    await expect(page.getByText('Effective date: 15 November 2023')).toBeVisible();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const fact of ['GDPR', 'children under 13', 'cookie', 'stored with a cloud provider', 'within 72 hours']) {
      expect(text, fact).toContain(fact);
    }
  });

  test('the contents list links to each section', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Children' }).click();
    await expect(page).toHaveURL(/#privacy-12$/);
    await expect(page.locator('#privacy-12').getByRole('heading', { level: 2 })).toBeInViewport();
  });
});
