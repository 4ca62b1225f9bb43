#!/usr/bin/env node
// npm test: every unit and integration test (Vitest), then the browser tests
// (Playwright against the built server). Prints one closing line "N passed, N failed".
// Missing system programs are installed first when run as root on Debian (system-programs.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { ensureSystemPrograms } from './system-programs.mjs';

// Before anything runs: a missing browser would otherwise fail every browser test one by one.
if (process.env.SKIP_E2E !== '1' && !ensureSystemPrograms()) process.exit(1);

mkdirSync('.tmp', { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);
if (existsSync('.tmp/vitest.json')) {
  const r = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
if (unitStatus !== 0 && failed === 0) failed += 1;

const e2eStatus = process.env.SKIP_E2E === '1' ? 0 : run('npm', ['run', 'test:e2e']);
if (existsSync('.tmp/playwright.json') && process.env.SKIP_E2E !== '1') {
  const r = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
}
if (e2eStatus !== 0 && failed === 0) failed += 1;

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unitStatus === 0 && e2eStatus === 0 ? 0 : 1);
