#!/usr/bin/env node
// npm run test:e2e runs `npm run build` first, then this: Playwright with playwright.config.ts
// (Debian's Chromium, the real server on a random port). Extra arguments go to Playwright,
// e.g. `node scripts/e2e.mjs e2e/landing.spec.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.VISAGE_E2E_WEB_DIST ?? join(root, 'apps/web/dist');
if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`${webDist} has no index.html: run \`npm run build\` first (npm run test:e2e does).`);
  process.exit(1);
}
mkdirSync(join(root, '.tmp'), { recursive: true });
const result = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test', '--config', 'playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
