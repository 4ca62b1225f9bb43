#!/usr/bin/env node
// npm run bench:api — figures for the API process alone (its memory under large uploads), against the real server
// (ROLE=api, NODE_ENV=production, LOG_LEVEL=info, a fresh DATA_DIR, a random port):
//   (a) the API process's RSS (VmRSS sampled every 10 ms, and the kernel's VmHWM peak) while
//       8 uploads of two near-limit PNGs each (4096 × 4096, the default MAX_IMAGE_PIXELS)
//       arrive at once; target: under 400 MB;
//   (b) GET /app/api/swaps/{uid} for a 30-swap gallery: req/s and p99 at 50 connections
//       (autocannon, --duration S, default 30);
//   (c) log bytes per request: the server's stdout bytes during (b) / requests served.
// Options: --duration S, --uploads N (default 8), --side PX (default 4096).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { createUser, freePort, seedGallery, startServer } from './lib-bench.mjs';

const root = resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: { duration: { type: 'string', default: '30' }, uploads: { type: 'string', default: '8' }, side: { type: 'string', default: '4096' } },
});
const DURATION = Number(opts.duration);
const UPLOADS = Number(opts.uploads);
const SIDE = Number(opts.side);
const PASSWORD = 'bench-Visage-2026!';
const log = (...args) => console.error('[bench:api]', ...args);

const memMB = (pid, field) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function benchUploads(baseUrl, uid, cookie, pid) {
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#7f8a6c' } }).png().toBuffer();
  const form = () => {
    const fd = new FormData();
    fd.append('uid', uid);
    fd.append('target', new Blob([png], { type: 'image/png' }), 'target.png');
    fd.append('source', new Blob([png], { type: 'image/png' }), 'source.png');
    return fd;
  };
  const before = memMB(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memMB(pid, 'VmRSS'))), 10);
  const t0 = Date.now();
  const answers = await Promise.all(Array.from({ length: UPLOADS }, () => fetch(`${baseUrl}/app/api/upload`, { method: 'POST', headers: { cookie }, body: form() }).then((r) => r.status)));
  const ms = Date.now() - t0;
  clearInterval(sampler);
  const statuses = {};
  for (const s of answers) statuses[s] = (statuses[s] ?? 0) + 1;
  return { pngBytes: png.length, side: SIDE, uploads: UPLOADS, ms, statuses, rssBeforeMB: before, rssPeakMB: Math.max(peak, memMB(pid, 'VmRSS')), vmHwmMB: memMB(pid, 'VmHWM') };
}

async function benchGallery(baseUrl, uid, cookie, out) {
  const bytesBefore = out.bytes;
  const result = await autocannon({ url: `${baseUrl}/app/api/swaps/${uid}`, connections: 50, duration: DURATION, headers: { cookie, accept: 'application/json' } });
  await new Promise((r) => setTimeout(r, 500)); // let the last log lines arrive
  const logBytes = out.bytes - bytesBefore;
  return { requestsPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, logBytes, logBytesPerRequest: logBytes / Math.max(1, result.requests.total) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-api-'));
let server;
try {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const webDist = resolve(root, 'apps/web/dist');
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ROLE: 'api', WEB_DIST: existsSync(webDist) ? webDist : dataDir };
  const email = `bench-${Date.now()}@example.com`;
  const uid = createUser(env, { email: email, password: PASSWORD });
  seedGallery(join(dataDir, 'visage.db'), uid, 30);
  server = await startServer(env, baseUrl, { countStdout: true });
  const signin = await fetch(`${baseUrl}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0];
  if (!signin.ok || !cookie) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);

  log(`${UPLOADS} concurrent uploads of two ${SIDE} × ${SIDE} PNGs…`);
  const uploads = await benchUploads(baseUrl, uid, cookie, server.child.pid);
  log(`gallery list, 50 connections, ${DURATION} s…`);
  const gallery = await benchGallery(baseUrl, uid, cookie, server.out);

  const machine = { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => l.toFixed(2)).join(' ') };
  console.log(`bench:api on ${machine.cpus} × ${machine.model} (load ${machine.loadavg})`);
  console.log(`  uploads: ${uploads.uploads} × two ${uploads.side}² PNGs (${(uploads.pngBytes / 1024).toFixed(0)} KB each) at once → ${JSON.stringify(uploads.statuses)} in ${uploads.ms} ms`);
  console.log(`  API RSS: ${uploads.rssBeforeMB.toFixed(0)} MB before, peak ${uploads.rssPeakMB.toFixed(0)} MB sampled, VmHWM ${uploads.vmHwmMB.toFixed(0)} MB (target < 400 MB)`);
  console.log(`  gallery (30 swaps): ${gallery.requestsPerSec.toFixed(0)} req/s, p50 ${gallery.p50} ms, p99 ${gallery.p99} ms, ${gallery.requests} requests, non-2xx ${gallery.non2xx}, errors ${gallery.errors}`);
  console.log(`  log: ${gallery.logBytes} bytes of stdout over the gallery run = ${gallery.logBytesPerRequest.toFixed(1)} bytes/request (LOG_LEVEL=info)`);
  console.log(JSON.stringify({ machine, uploads, gallery }));
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
