// Import `test` and `expect` from here in every spec: baseURL points at the server that the
// global setup started, so `page.goto('/terms')` just works. Every page also fails its test on a
// Content-Security-Policy violation, so the app is checked to run under the server's policy.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ cspViolations: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    const url = process.env.VISAGE_E2E_URL;
    if (!url) throw new Error('VISAGE_E2E_URL is not set: run the e2e tests through playwright.config.ts (npm run test:e2e).');
    await use(url);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  cspViolations: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, cspViolations }, use) => {
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await use(page);
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };

export const SCREENSHOT_DIR = '.tmp/screenshots';
export const WIDTHS = { mobile: 375, tablet: 768, desktop: 1440 } as const;
