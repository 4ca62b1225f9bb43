#!/usr/bin/env node
// npm run bench:flow — figures for the main swap flow, against the real built server and engine
// (a fresh DATA_DIR, a random port):
//   (a) time from the 'Swap Faces' click to the result tile shown, over N runs (1 MP pair, new
//       photos each run), in Debian's Chromium driven by playwright-core and timed by the page
//       itself; target p50 ≤ 2 s, and the upload answered within 25% of it (the server's steps
//       of the upload, from its Server-Timing header);
//   (b) throughput of GET /app/api/swaps/{uid} for a 200-item gallery (autocannon, 50
//       connections, 10 s); target ≥ 2000 req/s and p99 ≤ 50 ms, and at least 70% of the rate of
//       GET /app/api/me in the same run (both signed in: the gap is the cost of the list);
//   (c) JavaScript shipped on the first load of /app; target ≤ 150 KB. "First load" is every
//       script the browser fetches for a signed-in visit of /app with its cache off, until the
//       network is idle and the gallery shows: the entry chunk, its static imports, the lazy
//       chunks the dashboard and its first answers ask for, each counted at gzip level 9. Styles
//       and fonts are not counted.
// The machine's speed varies, so the ratios inside one run are what compare across runs.
// Options: --runs N (default 7), --duration S (autocannon seconds, default 10), --no-build
// (use the existing apps/web/dist), --first-load-only (only (c): a minute, not ten).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { FACES_DIR } from '../fixtures/index.mjs';
import { chromium } from 'playwright-core';
import { cpuSeconds, createUser, freePort, seedGallery, startServer } from './lib-bench.mjs';

const root = resolve(import.meta.dirname, '..');
const fixtures = FACES_DIR;
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    duration: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    'first-load-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
const DURATION = Number(opts.duration);
const PASSWORD = 'bench-Visage-2026!';
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const log = (...args) => console.error('[bench:flow]', ...args);

async function openDashboard(context, baseUrl, email) {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  // The sign-in page sets the app's local signed-in flag exactly as a user's sign-in does.
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/e-?mail/i).first().fill(email);
  await page.getByLabel(/password/i).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL(/\/app\/?$/);
  await page.getByTestId('gallery').waitFor();
  return page;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

// The page's own clock, from the click event to the result's image decoded: Playwright's click
// waits for the button to be stable and reaches the page some 100-300 ms later, which is the
// harness, not the product. That delay is still printed, as "driven".
function recordInPage() {
  performance.setResourceTimingBufferSize(2000);
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button')?.textContent?.trim() === 'Swap Faces') window.__benchClickAt = event.timeStamp;
    },
    true,
  );
}

function resultShown(before) {
  const imgs = document.querySelectorAll('[data-testid="gallery-grid"] li img');
  const shown = imgs.length > before && imgs[0].complete && imgs[0].naturalWidth > 0;
  if (shown) window.__benchShownAt ??= performance.now();
  return shown;
}

function readPageTimes() {
  const click = window.__benchClickAt;
  const after = (from, re) => performance.getEntriesByType('resource').find((r) => r.startTime >= from && re.test(new URL(r.name).pathname));
  const upload = after(click, /^\/app\/api\/upload$/);
  // The done event makes the gallery read its list again: that request's start is "job done".
  const done = upload && after(upload.responseEnd, /^\/app\/api\/swaps\/[^/]+$/);
  return { click, shown: window.__benchShownAt, uploaded: upload?.responseEnd, done: done?.startTime };
}

async function benchFlow(browser, baseUrl, email, pairOf) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(recordInPage);
  const page = await openDashboard(context, baseUrl, email);
  const tiles = page.locator('[data-testid="gallery-grid"] li');
  const times = [];
  const driven = [];
  // Where the time goes, seen from the page: upload answered, done event (the gallery read it
  // triggers), result tile shown.
  const phases = { upload: [], job: [], show: [], uploadShare: [] };
  // The server's own steps of each timed upload (Server-Timing: read, decode, content, store, …).
  const steps = {};
  let marks = {};
  page.on('response', (res) => {
    if (!res.url().endsWith('/app/api/upload')) return;
    marks.steps = Object.fromEntries(
      (res.headers()['server-timing'] ?? '')
        .split(',')
        .map((s) => /^\s*([\w-]+);dur=([\d.]+)/.exec(s))
        .filter(Boolean)
        .map((m) => [m[1], Number(m[2])]),
    );
  });
  for (let run = 0; run <= RUNS; run++) {
    const pair = await pairOf(run);
    await page.getByTestId('swap-input-target').setInputFiles(pair.target);
    await page.getByTestId('swap-input-source').setInputFiles(pair.source);
    const button = page.getByRole('button', { name: 'Swap Faces', exact: true });
    await button.waitFor();
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((e) => e.textContent?.trim() === 'Swap Faces');
      return b && !b.disabled;
    });
    const before = await tiles.count();
    marks = {};
    await page.evaluate(() => {
      window.__benchClickAt = undefined;
      window.__benchShownAt = undefined;
    });
    const started = performance.now();
    await button.click();
    await page.waitForFunction(resultShown, before, { timeout: 120_000, polling: 'raf' });
    const drivenMs = performance.now() - started;
    const at = await page.evaluate(readPageTimes);
    const ms = at.shown - at.click;
    // The first run warms the engine's models up and is not counted.
    if (run === 0) log(`warm-up run: ${ms.toFixed(0)} ms`);
    else {
      times.push(ms);
      driven.push(drivenMs);
      if (at.uploaded && at.done) {
        phases.upload.push(at.uploaded - at.click);
        phases.job.push(at.done - at.uploaded);
        phases.show.push(at.shown - at.done);
        phases.uploadShare.push((at.uploaded - at.click) / ms);
      }
      for (const [k, v] of Object.entries(marks.steps ?? {})) (steps[k] ??= []).push(v);
    }
    await page.getByRole('button', { name: 'Swap Faces', exact: true }).waitFor({ timeout: 30_000 });
  }
  await context.close();
  times.sort((a, b) => a - b);
  const median = (xs) => percentile([...xs].sort((a, b) => a - b), 50) ?? NaN;
  return {
    runs: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    min: times[0],
    max: times[times.length - 1],
    driven: median(driven),
    phases: { upload: median(phases.upload), job: median(phases.job), show: median(phases.show), uploadShare: median(phases.uploadShare) },
    steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, median(v)])),
  };
}

/** Server-side view of the timed swaps: stored → done, and the engine's own timings (medians). */
function serverTimings(dbFile, uid) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare("SELECT created_at, completed_at, metrics FROM swaps WHERE uid = ? AND status = 'done' ORDER BY created_at").all(uid).slice(1);
    const median = (xs) => percentile([...xs].sort((a, b) => a - b), 50);
    const engine = {};
    for (const row of rows) {
      const timings = JSON.parse(row.metrics ?? '{}')?.timings ?? {};
      for (const [k, v] of Object.entries(timings)) if (typeof v === 'number') (engine[k] ??= []).push(v);
    }
    return {
      storedToDone: median(rows.map((r) => r.completed_at - r.created_at)),
      engine: Object.fromEntries(Object.entries(engine).map(([k, v]) => [k, median(v)])),
    };
  } finally {
    db.close();
  }
}

async function benchList(baseUrl, uid, cookie, serverPid, path = `/app/api/swaps/${uid}`) {
  const check = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const items = Object.keys(await check.json()).length;
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections: 50,
    duration: DURATION,
    // What a browser sends: the list may then answer its compressed copy.
    headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
  });
  // Server CPU per request does not depend on what else the machine runs: it says how many
  // requests per second one idle core would serve.
  const cpuMsPerRequest = ((cpuSeconds(serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return {
    items,
    cpuMsPerRequest,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchFirstLoad(browser, baseUrl, email) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const login = await openDashboard(context, baseUrl, email);
  await login.close();
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !/\.m?js(\?|$)/.test(res.url())) return;
    try {
      const body = await res.body();
      scripts.set(res.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // a redirect or an aborted request has no body
    }
  });
  // A fresh page cache: every script is fetched, as on a first visit.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${baseUrl}/app`, { waitUntil: 'networkidle' });
  await page.getByTestId('gallery').waitFor();
  await context.close();
  const files = [...scripts.entries()].map(([url, s]) => ({ file: new URL(url).pathname, ...s }));
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0), raw: files.reduce((n, f) => n + f.raw, 0) };
}

async function main() {
  if (!opts['no-build'] || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    log('building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@visage/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_CONTENT: 'false' };
  const runner = { server: null, browser: null };
  try {
    const flowEmail = `flow-${Date.now()}@bench.example`;
    const listEmail = `list-${Date.now()}@bench.example`;
    const flowUid = createUser(env, { email: flowEmail, password: PASSWORD });
    const listUid = createUser(env, { email: listEmail, password: PASSWORD });
    // The timed user is on a paid plan: the free tier's 10 swaps a month would stop a long run.
    const db = new Database(join(dataDir, 'visage.db'));
    db.prepare("UPDATE users SET subscription = 'standard' WHERE uid = ?").run(flowUid);
    db.close();

    // A 1 MP pair: a 1024×1024 synthetic target and a face scaled up to 1024×1024, a shade
    // brighter on each run so that every upload is new to the server, as a user's photos are:
    // the content check and the face analysis run each time instead of being found in a cache.
    const pairOf = async (run) => {
      const shade = (file, name) =>
        sharp(join(fixtures, file))
          .resize(1024, 1024)
          .modulate({ brightness: 1 + run / 200 })
          .jpeg({ quality: 90 })
          .toFile(join(dataDir, `${name}-${run}.jpg`))
          .then(() => join(dataDir, `${name}-${run}.jpg`));
      return { target: await shade('007_ai-tpdne-older-woman.jpg', 'target'), source: await shade('012_ai-sfhq-east-asian-woman.jpg', 'face') };
    };

    log(`server on ${baseUrl}, data in ${dataDir}`);
    runner.server = (await startServer(env, baseUrl)).child;
    runner.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

    // (a) and (b) are skipped with --first-load-only.
    let flow, server, list, me;
    if (!opts['first-load-only']) {
      log(`(a) ${RUNS} timed swaps (+1 warm-up)…`);
      flow = await benchFlow(runner.browser, baseUrl, flowEmail, pairOf);
      server = serverTimings(join(dataDir, 'visage.db'), flowUid);

      log('(b) seeding 200 gallery items and running autocannon…');
      seedGallery(join(dataDir, 'visage.db'), listUid, 200);
      const signin = await fetch(`${baseUrl}/app/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: listEmail, password: PASSWORD }),
      });
      if (!signin.ok) throw new Error(`sign-in failed: ${signin.status}`);
      const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      list = await benchList(baseUrl, listUid, cookie, runner.server.pid);
      // The same connections on the smallest signed-in answer: the session check and the framework.
      me = await benchList(baseUrl, listUid, cookie, runner.server.pid, '/app/api/me');

    }

    log('(c) first load of /app…');
    const load = await benchFirstLoad(runner.browser, baseUrl, flowEmail);

    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const ok = (pass) => (pass ? 'PASS' : 'FAIL');
    console.log('\nbench:flow — Visage main swap flow');
    console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} (figures are only comparable on an otherwise idle machine)`);
    if (flow) {
      console.log(`(a) click → result tile, 1 MP pair, ${flow.runs} runs: p50 ${flow.p50.toFixed(0)} ms, p95 ${flow.p95.toFixed(0)} ms (min ${flow.min.toFixed(0)}, max ${flow.max.toFixed(0)})  target p50 ≤ 2000 ms: ${ok(flow.p50 <= 2000)}`);
      console.log(`    timed in the page, from the click event to the result's image decoded; as driven by Playwright (its click's checks and delivery included) p50 ${flow.driven.toFixed(0)} ms`);
      console.log(`    median phases: upload answered ${flow.phases.upload.toFixed(0)} ms, job done after ${flow.phases.job.toFixed(0)} ms, tile shown after ${flow.phases.show.toFixed(0)} ms`);
      const share = flow.phases.uploadShare;
      const uploadSteps = Object.entries(flow.steps).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      console.log(`    upload answered at ${(share * 100).toFixed(0)}% of click → result (median of the runs)  target ≤ 25%: ${ok(share <= 0.25)}`);
      console.log(`    upload's server steps, medians in ms (both photos summed): ${uploadSteps || 'n/a'}`);
      const engine = Object.entries(server.engine).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
      console.log(`    server: upload stored → result stored ${server.storedToDone ?? '?'} ms; engine timings (ms): ${engine || 'n/a'}`);
      console.log(
        `(b) GET /app/api/swaps/{uid}, ${list.items} items, 50 connections, ${DURATION} s: ${list.requestsPerSec.toFixed(0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, non-2xx ${list.non2xx}, errors ${list.errors}  target ≥ 2000 req/s and p99 ≤ 50 ms: ${ok(list.requestsPerSec >= 2000 && list.p99 <= 50 && list.non2xx === 0)}`,
      );
      console.log(`    server CPU ${list.cpuMsPerRequest.toFixed(2)} ms per request → about ${(1000 / list.cpuMsPerRequest).toFixed(0)} req/s per idle core`);
      const listShare = list.requestsPerSec / me.requestsPerSec;
      console.log(`    GET /app/api/me, same connections: ${me.requestsPerSec.toFixed(0)} req/s, p99 ${me.p99} ms, server CPU ${me.cpuMsPerRequest.toFixed(2)} ms per request, non-2xx ${me.non2xx}`);
      console.log(`    the list serves ${(listShare * 100).toFixed(0)}% of the rate of /app/api/me  target ≥ 70%: ${ok(listShare >= 0.7 && me.non2xx === 0)}`);
    }
    console.log(`(c) JS on first load of /app: ${kb(load.gzip)} gzip (${kb(load.raw)} raw) in ${load.files.length} files  target ≤ 150 KB: ${ok(load.gzip <= 150 * 1024)}`);
    for (const f of load.files) console.log(`      ${f.file}  ${kb(f.gzip)} gzip`);
  } finally {
    await runner.browser?.close().catch(() => {});
    if (runner.server) {
      if (runner.server.exitCode === null) {
        const exited = new Promise((r) => runner.server.once('exit', r));
        runner.server.kill('SIGTERM');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
