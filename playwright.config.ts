// Browser tests: Debian's Chromium against the real built server, which the global setup
// starts on a random free port with a throw-away data directory (e2e/support/server.ts).
import { defineConfig, devices } from '@playwright/test';

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
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
