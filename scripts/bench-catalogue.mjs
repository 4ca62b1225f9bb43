#!/usr/bin/env node
// npm run bench:catalogue — figures for the pro modes' catalogues:
//   (a) engine time of a swap onto a catalogue photo against the same swap onto a never-seen
//       photo (target ≤ 60%): each swap gets a face photo the engine has never seen (re-encoded
//       per run), so only the target differs. "catalogue, cold worker": the engine is handed the
//       analysis kept at upload (faces + hands), its image cache empty; "catalogue, warm worker":
//       the worker has swapped onto that photo before (its image cache, keyed by content hash).
//       The swaps run in a child process with a pool worker's V8 flags, as every swap the server
//       runs does (`--engine-flags node` runs them with Node's defaults instead);
//   (b) GET /app/api/admin/proshoot/ with 1,000 entries, 50 connections (autocannon; p99 ≤ 50 ms);
//   (c) the modal's first thumbnails after 'Select Professional Model' with 1,000 entries, in
//       Debian's Chromium (target ≤ 300 ms).
// Run with: npm run bench:catalogue [-- --rounds N --duration S --no-build --skip-engine --engine-flags worker|node]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { DEMO_PORTRAITS_DIR, FACES_DIR } from '../fixtures/index.mjs';
import { chromium } from 'playwright-core';
import { describeImage, swapFaces } from '../packages/engine/src/index.ts';
import { clearImageCache } from '../packages/engine/src/api/image-cache.ts';
import { WORKER_V8_FLAGS } from '../packages/engine/src/pool/pool.ts';
import { cpuSeconds, createUser, freePort, startServer } from './lib-bench.mjs';

const root = resolve(import.meta.dirname, '..');
const demo = DEMO_PORTRAITS_DIR;
const fixtures = FACES_DIR;
const { values: opts } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, duration: { type: 'string', default: '10' }, 'no-build': { type: 'boolean', default: false }, 'skip-engine': { type: 'boolean', default: false }, 'engine-flags': { type: 'string', default: 'worker' }, 'engine-child': { type: 'boolean', default: false } } });
const ROUNDS = Number(opts.rounds);
const DURATION = Number(opts.duration);
const PASSWORD = 'bench-Visage-2026!';
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const log = (...args) => console.error('[bench:catalogue]', ...args);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

async function benchEngine() {
  const targets = readFileSync(join(demo, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]).filter((_, i) => i % 3 === 0);
  const face = readFileSync(join(fixtures, '012_ai-sfhq-east-asian-woman.jpg'));
  let variant = 0;
  // A face photo never seen before: the same picture re-encoded, so its bytes (the cache key) differ.
  const freshFace = () => sharp(face).jpeg({ quality: 80 + (variant++ % 19) }).toBuffer();
  await swapFaces({ source: face, target: readFileSync(join(demo, targets[0])), identity: false });
  const sums = { never: 0, cold: 0, warm: 0 };
  const ratios = { cold: [], warm: [] };
  const stages = { never: {}, cold: {} };
  const addStages = (into, timings) => { for (const [k, v] of Object.entries(timings)) if (k !== 'total') into[k] = (into[k] ?? 0) + v; };
  for (let round = 0; round < ROUNDS; round++) {
    for (const file of targets) {
      const target = readFileSync(join(demo, file));
      const { analysis } = await describeImage(target);
      clearImageCache();
      const neverRun = (await swapFaces({ source: await freshFace(), target, identity: false })).timings;
      clearImageCache();
      const coldRun = (await swapFaces({ source: await freshFace(), target, identity: false, targetAnalysis: analysis })).timings;
      const never = neverRun.total, cold = coldRun.total;
      addStages(stages.never, neverRun);
      addStages(stages.cold, coldRun);
      // The photo is now in this worker's cache, as after its first use in a pool worker.
      const warm = (await swapFaces({ source: await freshFace(), target, identity: false, targetAnalysis: analysis })).timings.total;
      Object.assign(sums, { never: sums.never + never, cold: sums.cold + cold, warm: sums.warm + warm });
      ratios.cold.push(cold / never);
      ratios.warm.push(warm / never);
    }
  }
  const n = targets.length * ROUNDS;
  const perSwap = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round((v / n) * 10) / 10]));
  return { swaps: n, sums, cold: median(ratios.cold), warm: median(ratios.warm), stages: { never: perSwap(stages.never), cold: perSwap(stages.cold) } };
}

/** Part (a) in a child process, under a pool worker's V8 flags or Node's defaults; its figures come back as JSON. */
function benchEngineInChild() {
  const flags = opts['engine-flags'] === 'node' ? [] : WORKER_V8_FLAGS;
  const child = spawnSync(process.execPath, [...flags, '--import', 'tsx', import.meta.filename, '--engine-child', '--rounds', String(ROUNDS)], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the engine part failed (exit ${child.status})`);
  return { ...JSON.parse(child.stdout), flags: flags.join(' ') || "Node's defaults" };
}

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** One real entry through the operator API, then 999 copies of its row (distinct ids and image keys, the same thumbnail). */
async function seedCatalogue(baseUrl, cookie, dbFile, count) {
  const form = new FormData();
  form.append('metadata', JSON.stringify({ gender: 'female', ethnicity: 'asian', ageRange: '26-35', faceShape: 'oval', hairType: 'straight', hairLength: 'long', hairColor: 'other', eyesShape: '', noseShape: '', lipsShape: '', cheeksShape: '' }));
  form.append('images', new Blob([readFileSync(join(demo, 'p04_woman-glasses-white-shirt.jpg'))], { type: 'image/jpeg' }), 'p04.jpg');
  const res = await fetch(`${baseUrl}/app/api/admin/proshoot/upload`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`operator upload failed: ${res.status} ${await res.text()}`);
  const db = new Database(dbFile);
  try {
    const row = db.prepare("SELECT * FROM catalogue_entries WHERE kind = 'proshoot' LIMIT 1").get();
    const columns = Object.keys(row);
    const insert = db.prepare(`INSERT INTO catalogue_entries (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const genders = ['female', 'male', 'other'];
    db.transaction(() => {
      for (let i = 1; i < count; i++) {
        const id = `bench-${String(i).padStart(4, '0')}`;
        insert.run(...columns.map((c) => ({ id, image_key: `catalogue/proshoot/${id}.jpg`, gender: genders[i % 3], created_at: row.created_at - i })[c] ?? row[c]));
      }
    })();
  } finally {
    db.close();
  }
}

async function benchList(baseUrl, cookie, serverPid) {
  const check = await (await fetch(`${baseUrl}/app/api/admin/proshoot/`, { headers: { cookie } })).text();
  const cpuBefore = cpuSeconds(serverPid);
  // As a browser asks: gzip accepted (the modal's fetch does the same).
  const result = await autocannon({ url: `${baseUrl}/app/api/admin/proshoot/`, connections: 50, duration: DURATION, headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip' } });
  const cpuMs = ((cpuSeconds(serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { entries: JSON.parse(check).length, bytes: check.length, wire: result.throughput.total / Math.max(1, result.requests.total), cpuMs, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function benchModal(browser, baseUrl, email, runs = 5) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/e-?mail/i).first().fill(email);
  await page.getByLabel(/password/i).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL(/\/app\/?$/);
  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${baseUrl}/app/proshoot`);
    await page.getByRole('button', { name: 'Select Professional Model' }).waitFor();
    await page.waitForLoadState('networkidle');
    // From the click to the first thumbnail decoded and painted-ready in the modal.
    const ms = await page.evaluate(() => new Promise((done) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Select Professional Model');
      const t0 = performance.now();
      const check = () => {
        const img = document.querySelector('[data-testid="catalogue-entry"] img');
        if (img && img.complete && img.naturalWidth > 0) done(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      button.click();
      requestAnimationFrame(check);
    }));
    times.push(ms);
  }
  const tiles = await page.locator('[data-testid="catalogue-entry"]').count();
  // The grid grows as its end scrolls into view.
  await page.getByTestId('catalogue-grid').evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="catalogue-entry"]').length > n, tiles, { timeout: 5000 }).catch(() => {});
  const afterScroll = await page.locator('[data-testid="catalogue-entry"]').count();
  await context.close();
  return { tiles, afterScroll, median: median(times), max: Math.max(...times) };
}

async function main() {
  log(`(a) engine: ${ROUNDS} rounds of 10 demo portraits…`);
  const engine = opts['skip-engine'] ? null : benchEngineInChild();
  if (!opts['no-build'] || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    log('building the web app…');
    if (spawnSync('npm', ['run', 'build', '-w', '@visage/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error('web build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-catalogue-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_CONTENT: 'false', ENGINE_WORKERS: '1' };
  let server = null;
  let browser = null;
  try {
    const email = `operator-${Date.now()}@bench.example`;
    createUser(env, { email: email, password: PASSWORD, role: 'operator' });
    server = (await startServer(env, baseUrl)).child;
    const cookie = await signIn(baseUrl, email);
    log('(b) seeding 1,000 entries and running autocannon…');
    await seedCatalogue(baseUrl, cookie, join(dataDir, 'visage.db'), 1000);
    const list = await benchList(baseUrl, cookie, server.pid);
    log('(c) the modal in Chromium…');
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const modal = await benchModal(browser, baseUrl, email);

    const ok = (pass) => (pass ? 'PASS' : 'FAIL');
    const pct = (r) => `${(r * 100).toFixed(0)}%`;
    console.log('\nbench:catalogue — Visage pro-mode catalogues');
    console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} (figures are only comparable on an otherwise idle machine)`);
    if (engine) console.log(`(a) engine time, ${engine.swaps} swaps each, V8 flags: ${engine.flags} (median of per-photo ratios; totals ${Math.round(engine.sums.never)} / ${Math.round(engine.sums.cold)} / ${Math.round(engine.sums.warm)} ms):`);
    if (engine) console.log(`    catalogue photo, cold worker (kept analysis): ${pct(engine.cold)} of a never-seen photo (ratio of totals ${pct(engine.sums.cold / engine.sums.never)})  target ≤ 60%: ${ok(engine.cold <= 0.6)}`);
    if (engine) console.log(`    catalogue photo, warm worker (seen before):   ${pct(engine.warm)} of a never-seen photo (ratio of totals ${pct(engine.sums.warm / engine.sums.never)})  target ≤ 60%: ${ok(engine.warm <= 0.6)}`);
    if (engine) console.log(`    ms per swap by stage, never-seen / catalogue (cold): ${Object.keys(engine.stages.never).filter((k) => engine.stages.never[k] >= 1 || engine.stages.cold[k] >= 1).map((k) => `${k} ${engine.stages.never[k]}/${engine.stages.cold[k] ?? 0}`).join(', ')}`);
    console.log(`(b) GET /app/api/admin/proshoot/, ${list.entries} entries (${(list.bytes / 1024).toFixed(0)} KB, ${(list.wire / 1024).toFixed(0)} KB gzipped), 50 connections, ${DURATION} s: ${list.rps.toFixed(0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, non-2xx ${list.non2xx}, errors ${list.errors}  target p99 ≤ 50 ms: ${ok(list.p99 <= 50 && list.non2xx === 0)}`);
    console.log(`    server CPU ${list.cpuMs.toFixed(2)} ms per request → about ${(1000 / list.cpuMs).toFixed(0)} req/s per idle core`);
    console.log(`(c) modal, 1000 entries (${modal.tiles} tiles rendered at first, ${modal.afterScroll} after scrolling to the end once): first thumbnail ${modal.median.toFixed(0)} ms after the click (median of 5, max ${modal.max.toFixed(0)})  target ≤ 300 ms: ${ok(modal.median <= 300)}`);
  } finally {
    await browser?.close().catch(() => {});
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = opts['engine-child'] ? () => benchEngine().then((r) => console.log(JSON.stringify(r))) : main;
run().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
