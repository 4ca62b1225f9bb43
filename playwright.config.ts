// Browser tests: Debian's Chromium against the real built server, which the global setup
// starts on a random free port with a throw-away data directory (e2e/support/server.ts).
import { defineConfig, devices } from '@playwright/test';
import { LIMITS } from './e2e/support/limits.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Overridable so that two runs in one working tree do not delete each other's artifacts.
  outputDir: process.env.VISAGE_E2E_OUTPUT ?? 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // One test at a time: on a 2-core machine a second browser and its swaps on the same server
  // make every test's timing depend on the other's. A bigger machine may pass --workers=2.
  workers: 1,
  // Tests with swaps or servers of their own set longer limits (e2e/support/limits.ts).
  timeout: LIMITS.test,
  expect: { timeout: LIMITS.ui },
  reporter: [['list'], ['json', { outputFile: process.env.VISAGE_E2E_JSON ?? '.tmp/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
