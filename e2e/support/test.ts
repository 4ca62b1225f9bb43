// Import `test` and `expect` from here in every spec: baseURL points at the server that the
// global setup started, so `page.goto('/terms')` just works.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    const url = process.env.VISAGE_E2E_URL;
    if (!url) throw new Error('VISAGE_E2E_URL is not set: run the e2e tests through playwright.config.ts (npm run test:e2e).');
    await use(url);
  },
});

export { expect };

export const SCREENSHOT_DIR = '.tmp/screenshots';
export const WIDTHS = { mobile: 375, tablet: 768, desktop: 1440 } as const;
