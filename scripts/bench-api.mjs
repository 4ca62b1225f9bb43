#!/usr/bin/env node
// npm run bench:api — figures for the API process alone (its memory under large uploads), against the real server
// (ROLE=api, NODE_ENV=production, LOG_LEVEL=info, DEMO_CONTENT=false, a fresh DATA_DIR, a
// random port):
//   (a) the API process's RSS (VmRSS sampled every 10 ms, and the kernel's VmHWM peak) while
//       8 uploads of two near-limit PNGs each (4096 × 4096, the default MAX_IMAGE_PIXELS)
//       arrive at once; target: under 400 MB;
//   (a') the same with two 4096 × 4096 progressive JPEGs (4:4:4, noise, just under the 10 MB
//       cut-off), which the decoder cannot read in strips; target: peak under 400 MB, and RSS
//       back within 50 MB of its start --settle S (default 60) after the last answer;
//   (b) GET /app/api/swaps/{uid} for a 30-swap gallery: req/s and p99 at 50 connections
//       (autocannon, --duration S, default 30);
//   (c) log bytes per request: the server's stdout bytes during (b) / requests served;
//   (d) create → completed with an API key against the cookie path, in the same run (a second
//       server with the engine, scripts/bench-api-keys.mjs), as a ratio; target ≤ 1.1;
//   (e) POST /app/api/faces/detect of a 1 MP group photo (three fixture faces), each request new
//       bytes (the route keeps what it found per photo): p50 / p95 over --detects N (default 20),
//       after one warm-up that loads the models; target: p50 ≤ 300 ms.
// Options: --duration S, --uploads N (default 8), --side PX (default 4096), --settle S (default 60),
// --key-runs N (swaps per path in (d), default 11), --key-path-only (only (d): a few minutes),
// --detects N, --detect-only (run (e) alone).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { benchKeyPath } from './bench-api-keys.mjs';
import { createUser, freePort, seedGallery, startServer } from './lib-bench.mjs';
import { FACES_DIR } from '../fixtures/index.mjs';

const root = resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    uploads: { type: 'string', default: '8' },
    side: { type: 'string', default: '4096' },
    settle: { type: 'string', default: '60' },
    'key-runs': { type: 'string', default: '11' },
    'key-path-only': { type: 'boolean', default: false },
    detects: { type: 'string', default: '20' },
    'detect-only': { type: 'boolean', default: false },
  },
});
const DURATION = Number(opts.duration);
const UPLOADS = Number(opts.uploads);
const SIDE = Number(opts.side);
const SETTLE_S = Number(opts.settle);
/** The upload form's cut-off (MAX_UPLOAD_BYTES in packages/contracts, which plain node cannot import). */
const MAX_UPLOAD_BYTES = 10_485_760;
const PASSWORD = 'bench-Visage-2026!';
const log = (...args) => console.error('[bench:api]', ...args);

const memMB = (pid, field) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** A pair of near-limit images: flat PNGs (they compress well) and noisy progressive JPEGs. */
async function uploadImages() {
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#7f8a6c' } }).png().toBuffer();
  const jpegs = [];
  for (const seed of [40, 41]) {
    const raw = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: seed } } }).blur(0.8).raw().toBuffer();
    // The highest quality that stays under the 10 MB cut-off: a file as large as a browser may send.
    for (let quality = 92; ; quality -= 2) {
      const jpeg = await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } }).jpeg({ quality, progressive: true, chromaSubsampling: '4:4:4' }).toBuffer();
      if (jpeg.length <= MAX_UPLOAD_BYTES - 64 * 1024 || quality <= 50) {
        jpegs.push(jpeg);
        break;
      }
    }
  }
  return { png: { label: 'PNGs', type: 'image/png', name: 'png', pair: [png, png] }, jpeg: { label: 'progressive JPEGs', type: 'image/jpeg', name: 'jpg', pair: jpegs } };
}

async function benchUploads(baseUrl, uid, cookie, pid, images, settleS) {
  const form = () => {
    const fd = new FormData();
    fd.append('uid', uid);
    fd.append('target', new Blob([images.pair[0]], { type: images.type }), `target.${images.name}`);
    fd.append('source', new Blob([images.pair[1]], { type: images.type }), `source.${images.name}`);
    return fd;
  };
  const before = memMB(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memMB(pid, 'VmRSS'))), 10);
  const t0 = Date.now();
  const answers = await Promise.all(Array.from({ length: UPLOADS }, () => fetch(`${baseUrl}/app/api/upload`, { method: 'POST', headers: { cookie }, body: form() }).then((r) => r.status)));
  const ms = Date.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, memMB(pid, 'VmRSS'));
  const rssAfterMB = memMB(pid, 'VmRSS');
  await new Promise((r) => setTimeout(r, settleS * 1000));
  const statuses = {};
  for (const s of answers) statuses[s] = (statuses[s] ?? 0) + 1;
  return { label: images.label, bytes: images.pair.map((b) => b.length), side: SIDE, uploads: UPLOADS, ms, statuses, rssBeforeMB: before, rssPeakMB: peak, rssAfterMB, rssSettledMB: memMB(pid, 'VmRSS'), settleS, vmHwmMB: memMB(pid, 'VmHWM') };
}

async function benchGallery(baseUrl, uid, cookie, out) {
  const bytesBefore = out.bytes;
  const result = await autocannon({ url: `${baseUrl}/app/api/swaps/${uid}`, connections: 50, duration: DURATION, headers: { cookie, accept: 'application/json' } });
  await new Promise((r) => setTimeout(r, 500)); // let the last log lines arrive
  const logBytes = out.bytes - bytesBefore;
  return { requestsPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, logBytes, logBytesPerRequest: logBytes / Math.max(1, result.requests.total) };
}

function printKeyPath(k) {
  const each = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`  create → completed, ${k.runs} swaps each: cookie path median ${k.cookieMedianMs.toFixed(0)} ms [${each(k.times.cookie)}], API key median ${k.keyMedianMs.toFixed(0)} ms [${each(k.times.key)}]`);
  console.log(`    key / cookie = ${k.ratio.toFixed(3)} (target ≤ 1.1)`);
}

if (opts['key-path-only']) {
  log(`create → completed, API key against cookie, ${opts['key-runs']} swaps each…`);
  const keyPath = await benchKeyPath(Number(opts['key-runs']), log);
  console.log(`bench:api (key path only) on ${cpus().length} × ${cpus()[0]?.model} (load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  printKeyPath(keyPath);
  console.log(JSON.stringify({ keyPath }));
  process.exit(0);
}

/** N + 1 different 1 MP (1224 × 816) JPEGs of three people: a 4 × 4 mark's colour differs in each. */
async function groupPhotos(n) {
  const names = ['012_ai-sfhq-east-asian-woman.jpg', '008_ai-sfhq-frontal-glasses-darkskin.jpg', '007_ai-tpdne-older-woman.jpg'];
  const people = await Promise.all(names.map((name, i) => sharp(join(FACES_DIR, name)).resize(380 - i * 60).removeAlpha().toBuffer()));
  const base = await sharp({ create: { width: 1224, height: 816, channels: 3, background: '#8a94a0' } })
    .composite(people.map((input, i) => ({ input, left: 20 + i * 420, top: 200 + i * 40 })))
    .png()
    .toBuffer();
  const mark = (i) => sharp({ create: { width: 4, height: 4, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 255 - (i % 256) } } }).png().toBuffer();
  return Promise.all(Array.from({ length: n + 1 }, async (_, i) => sharp(base).composite([{ input: await mark(i), left: 2, top: 2 }]).jpeg({ quality: 90 }).toBuffer()));
}

async function benchDetect(baseUrl, cookie, n) {
  const photos = await groupPhotos(n);
  const detect = async (photo) => {
    const fd = new FormData();
    fd.append('image', new Blob([photo], { type: 'image/jpeg' }), 'group.jpg');
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/app/api/faces/detect`, { method: 'POST', headers: { cookie }, body: fd });
    const body = await res.json();
    if (!res.ok) throw new Error(`detect answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, faces: body.faces.length, steps: res.headers.get('server-timing') ?? '' };
  };
  const warm = await detect(photos[0]);
  const runs = [];
  for (const photo of photos.slice(1)) runs.push(await detect(photo));
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  // The server's own steps (read, decode, content, detect), median of each.
  const steps = {};
  for (const r of runs) for (const m of r.steps.matchAll(/(\w+);dur=([\d.]+)/g)) (steps[m[1]] ??= []).push(Number(m[2]));
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return { n, warmUpMs: warm.ms, p50: at(50), p95: at(95), faces: runs[0]?.faces ?? 0, steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, Math.round(median(v))])) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-api-'));
let server;
try {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const webDist = resolve(root, 'apps/web/dist');
  // No demo catalogue: its first-start seeding describes every portrait in the engine pool, and
  // the timed detects would queue behind it (p50 about 440 ms instead of 250 measured).
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ROLE: 'api', DEMO_CONTENT: 'false', WEB_DIST: existsSync(webDist) ? webDist : dataDir };
  const email = `bench-${Date.now()}@example.com`;
  // An operator: its swaps are unlimited, so every upload of both runs gets as far as a swap row.
  const uid = createUser(env, { email: email, password: PASSWORD, role: 'operator' });
  seedGallery(join(dataDir, 'visage.db'), uid, 30);
  server = await startServer(env, baseUrl, { countStdout: true });
  const signin = await fetch(`${baseUrl}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0];
  if (!signin.ok || !cookie) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);

  const machine = { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => l.toFixed(2)).join(' ') };
  log(`faces/detect, ${opts.detects} photos of 1 MP…`);
  const detect = await benchDetect(baseUrl, cookie, Number(opts.detects));
  const detectLine = `  faces/detect, 1 MP photo (${detect.faces} faces), new bytes each time: p50 ${detect.p50.toFixed(0)} ms, p95 ${detect.p95.toFixed(0)} ms over ${detect.n} (target p50 ≤ 300 ms; first call, models loading, ${detect.warmUpMs.toFixed(0)} ms); server steps, median ms: ${JSON.stringify(detect.steps)}`;
  if (opts['detect-only']) {
    console.log(`bench:api on ${machine.cpus} × ${machine.model} (load ${machine.loadavg})`);
    console.log(detectLine);
    console.log(JSON.stringify({ machine, detect }));
  } else {
    const images = await uploadImages();
    const uploadRuns = [];
    // JPEGs first: their memory is measured against the fresh process's.
    for (const set of [images.jpeg, images.png]) {
      log(`${UPLOADS} concurrent uploads of two ${SIDE} × ${SIDE} ${set.label}, then ${SETTLE_S} s idle…`);
      uploadRuns.push(await benchUploads(baseUrl, uid, cookie, server.child.pid, set, SETTLE_S));
    }
    log(`gallery list, 50 connections, ${DURATION} s…`);
    const gallery = await benchGallery(baseUrl, uid, cookie, server.out);
    log(`create → completed, API key against cookie, ${opts['key-runs']} swaps each…`);
    const keyPath = await benchKeyPath(Number(opts['key-runs']), log);

    console.log(`bench:api on ${machine.cpus} × ${machine.model} (load ${machine.loadavg})`);
    for (const u of uploadRuns) {
      const sizes = u.bytes.map((b) => `${(b / 1e6).toFixed(1)}`).join(' + ');
      console.log(`  uploads: ${u.uploads} × two ${u.side}² ${u.label} (${sizes} MB) at once → ${JSON.stringify(u.statuses)} in ${u.ms} ms`);
      console.log(
        `    API RSS: ${u.rssBeforeMB.toFixed(0)} MB before, peak ${u.rssPeakMB.toFixed(0)} MB sampled (target < 400 MB), ${u.rssAfterMB.toFixed(0)} MB at the last answer, ` +
          `${u.rssSettledMB.toFixed(0)} MB ${u.settleS} s later (${(u.rssSettledMB - u.rssBeforeMB).toFixed(0)} MB over the start; target < 50 MB)`,
      );
    }
    console.log(`  API VmHWM (kernel peak over the whole run): ${uploadRuns.at(-1).vmHwmMB.toFixed(0)} MB`);
    console.log(`  gallery (30 swaps): ${gallery.requestsPerSec.toFixed(0)} req/s, p50 ${gallery.p50} ms, p99 ${gallery.p99} ms, ${gallery.requests} requests, non-2xx ${gallery.non2xx}, errors ${gallery.errors}`);
    console.log(`  log: ${gallery.logBytes} bytes of stdout over the gallery run = ${gallery.logBytesPerRequest.toFixed(1)} bytes/request (LOG_LEVEL=info)`);
    printKeyPath(keyPath);
    console.log(detectLine);
    console.log(JSON.stringify({ machine, uploads: uploadRuns, gallery, keyPath, detect }));
  }
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
