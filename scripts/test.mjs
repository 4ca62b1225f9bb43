#!/usr/bin/env node
// npm test: every unit and integration test (Vitest), then the browser tests
// (Playwright against the built server). Prints one closing line "N passed, N failed".
// The web build for the browser tests runs beside Vitest, whose one worker leaves a core idle
// on a 2-core machine; no Vitest test reads apps/web/dist.
// Missing system programs are installed first when run as root on Debian (system-programs.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { mkdirSync, openSync, readFileSync, existsSync } from 'node:fs';
import { ensureSystemPrograms } from './system-programs.mjs';

// Before anything runs: a missing browser would otherwise fail every browser test one by one.
if (process.env.SKIP_E2E !== '1' && !ensureSystemPrograms()) process.exit(1);

mkdirSync('.tmp', { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// Its output goes to a file, printed after Vitest's: the two never interleave, and a pipe
// would fill while spawnSync below holds this process's event loop.
const BUILD_LOG = '.tmp/web-build.log';
const build = process.env.SKIP_E2E === '1' ? null : new Promise((done) => {
  const log = openSync(BUILD_LOG, 'w');
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', log, log], env: process.env });
  child.on('error', (error) => done({ status: 1, error: error.message }));
  child.on('close', (code) => done({ status: code ?? 1 }));
});

let passed = 0;
let failed = 0;
let skipped = 0;
// Named again beside the closing line: CI keeps only the tail of a long log.
const failures = [];

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);
if (existsSync('.tmp/vitest.json')) {
  const r = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      if (t.status !== 'failed') continue;
      const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${relative(process.cwd(), file.name)} › ${t.fullName}: ${why}`);
    }
    // A file that failed to load has no tests to name.
    if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${relative(process.cwd(), file.name)}: ${(file.message ?? '').split('\n')[0]}`);
  }
}
if (unitStatus !== 0 && failed === 0) failed += 1;

async function browserTests() {
  const built = await build;
  // Flushed before Playwright writes to the same output.
  await new Promise((flushed) => process.stdout.write(readFileSync(BUILD_LOG, 'utf8'), flushed));
  if (built.error) console.error(built.error);
  if (built.status !== 0) return built.status;
  return run('node', ['scripts/e2e.mjs']);
}
const e2eStatus = build === null ? 0 : await browserTests();
if (existsSync('.tmp/playwright.json') && process.env.SKIP_E2E !== '1') {
  const r = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
}
if (e2eStatus !== 0 && failed === 0) failed += 1;

if (failures.length > 0) console.log(`\nFailed (Vitest):\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unitStatus === 0 && e2eStatus === 0 ? 0 : 1);
