#!/usr/bin/env node
// npm run bench:bulk — figures for the operator bulk screens against the real server and engine (a fresh DATA_DIR,
// a random port, the default workers unless ENGINE_WORKERS/WORKER_CONCURRENCY are set):
//   (a) a bulk of 15 targets of about 1000 px sent at once: time from sending the request until
//       all 15 results are stored (rows done); target ≤ 4 s on the 2-core machine;
//   (b) GET /app/api/v2/admin/swaps for a user with 10,000 swaps, random pages (1-100, 100 a
//       page; every tenth request filtered on a faceId), autocannon at 20 connections; target
//       p99 ≤ 50 ms.
// Options: --runs N (bulks timed after one warm-up, default 3), --duration S (default 10).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { FACES_DIR } from '../fixtures/index.mjs';
import { cpuSeconds, createUser, freePort, startServer } from './lib-bench.mjs';

const fixtures = FACES_DIR;
const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '3' }, duration: { type: 'string', default: '10' } } });
const RUNS = Number(opts.runs);
const DURATION = Number(opts.duration);
const PASSWORD = 'bench-Visage-2026!';
const log = (...args) => console.error('[bench:bulk]', ...args);
const ok = (pass) => (pass ? 'met' : 'NOT met');

/** 15 targets with a face, each resized to 1000 px on its longest side (fixtures reused when short). */
async function targets(run) {
  const files = readdirSync(fixtures).filter((f) => /^(003|007|008|009|010|012|013|015)_/.test(f));
  const out = [];
  for (let i = 0; out.length < 15; i++) {
    const file = files[i % files.length];
    const body = await sharp(join(fixtures, file)).resize(1000 - run, 1000 - run, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
    out.push({ name: `${i}-${file.replace(/\.\w+$/, '')}.jpg`, body });
  }
  return out;
}

async function timeBulk(baseUrl, cookie, dbFile, list, face, serverPid) {
  const cpuBefore = treeCpuSeconds(serverPid);
  const form = new FormData();
  for (const t of list) form.append('targets', new Blob([t.body], { type: 'image/jpeg' }), t.name);
  form.append('source', new Blob([face], { type: 'image/jpeg' }), 'face.jpg');
  const db = new Database(dbFile, { readonly: true });
  const started = performance.now();
  const res = await fetch(`${baseUrl}/app/api/69/bulk-upload`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 202) throw new Error(`bulk refused: ${res.status} ${await res.text()}`);
  const accepted = performance.now() - started;
  const ids = (await res.json()).swaps.map((s) => s.id);
  const query = db.prepare(`SELECT status FROM swaps WHERE id IN (${ids.map(() => '?').join(',')})`);
  for (;;) {
    const rows = query.all(...ids);
    if (rows.every((r) => r.status === 'done' || r.status === 'failed')) {
      const elapsed = performance.now() - started;
      // Where the engine's time went, summed over the bulk's jobs (ms).
      const stages = {};
      for (const { metrics } of db.prepare(`SELECT metrics FROM swaps WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids)) {
        for (const [k, v] of Object.entries(JSON.parse(metrics ?? '{}').timings ?? {})) stages[k] = (stages[k] ?? 0) + v;
      }
      db.close();
      return { elapsed, accepted, stages, cpu: treeCpuSeconds(serverPid) - cpuBefore, done: rows.filter((r) => r.status === 'done').length, n: ids.length };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function seedSwaps(dbFile, uid, count) {
  const db = new Database(dbFile);
  const insert = db.prepare(
    `INSERT INTO swaps (id, uid, mode, status, job_id, source_key, target_key, result_key, thumb_key, created_at, completed_at, face_id)
     VALUES (?, ?, 'bulk', 'done', ?, 'uploads/b/s.jpg', 'uploads/b/t.jpg', 'results/b/r.jpg', 'results/b/t.webp', ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      insert.run(id, uid, `bench-${id}`, now - i * 1000, now - i * 1000 + 900, i % 10 === 0 ? 'bench-face' : null);
    }
  })();
  db.close();
}

/** CPU seconds of `pid` and every process below it (the engine workers are child processes). */
function treeCpuSeconds(pid) {
  const parent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      parent.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (p) => {
    for (let cur = p; cur > 1; cur = parent.get(cur)?.ppid ?? 0) if (cur === pid) return true;
    return false;
  };
  let sum = 0;
  for (const [p, info] of parent) if (inTree(p)) sum += info.cpu;
  return sum;
}

async function benchBrowser(baseUrl, cookie, serverPid) {
  const cpuBefore = cpuSeconds(serverPid);
  const check = await (await fetch(`${baseUrl}/app/api/v2/admin/swaps?page=100&limit=100`, { headers: { cookie } })).json();
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: 20,
    duration: DURATION,
    headers: { cookie, accept: 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          const page = 1 + Math.floor(Math.random() * 100);
          const path = n % 10 === 0 ? `/app/api/v2/admin/swaps?page=${1 + (page % 10)}&limit=100&faceId=bench-face` : `/app/api/v2/admin/swaps?page=${page}&limit=100`;
          return { ...req, path };
        },
      },
    ],
  });
  // Server CPU per request does not depend on what else the machine runs (7 sessions share it).
  const cpuMs = ((cpuSeconds(serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { cpuMs, total: check.total, lastPage: check.swaps.length, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'visage-bench-bulk-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web') };
  const dbFile = join(dataDir, 'visage.db');
  let server;
  try {
    log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    server = (await startServer(env, baseUrl)).child;
    const email = `bench-${Date.now()}@example.com`;
    const uid = createUser(env, { email: email, password: PASSWORD, role: 'operator' });
    const signin = await fetch(`${baseUrl}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status}`);
    const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const face = await sharp(join(fixtures, '012_ai-sfhq-east-asian-woman.jpg')).resize(1000, 1000, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
    log('(a) warm-up bulk of 2…');
    await timeBulk(baseUrl, cookie, dbFile, (await targets(99)).slice(0, 2), face, server.pid);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // New target bytes each run: the engine's content cache never serves a target twice.
      const r = await timeBulk(baseUrl, cookie, dbFile, await targets(i), face, server.pid);
      log(`(a) run ${i + 1}: ${(r.elapsed / 1000).toFixed(2)} s (accepted after ${r.accepted.toFixed(0)} ms), ${r.done}/${r.n} done, server + engine CPU ${r.cpu.toFixed(2)} s; engine ms summed: ${JSON.stringify(Object.fromEntries(Object.entries(r.stages).map(([k, v]) => [k, Math.round(v)])))}`);
      runs.push(r);
    }
    const times = runs.map((r) => r.elapsed / 1000).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    // What the bulk would take where its CPU time is not shared with other work (this machine
    // runs several sessions): CPU seconds spread over the engine workers, at most one per core.
    const cpus_ = runs.map((r) => r.cpu).sort((a, b) => a - b);
    const cpuMedian = cpus_[Math.floor(cpus_.length / 2)];
    const parallel = Math.min(Number(env.ENGINE_WORKERS ?? env.WORKER_CONCURRENCY ?? 1), cpus().length);

    log('(b) seeding 10,000 swaps and running autocannon…');
    const browserUid = uid;
    seedSwaps(dbFile, browserUid, 10_000);
    const b = await benchBrowser(baseUrl, cookie, server.pid);

    const workers = env.ENGINE_WORKERS ?? env.WORKER_CONCURRENCY ?? '1 (default)';
    console.log(`bench:bulk on ${cpus().length} cores, engine workers ${workers}, load ${loadavg()[0].toFixed(2)}`);
    console.log(`(a) bulk of 15 targets (~1000 px) → all 15 stored: median ${median.toFixed(2)} s over ${RUNS} runs (${times.map((t) => t.toFixed(2)).join(', ')}), done ${runs.map((r) => r.done).join('/')}  target ≤ 4 s: ${ok(median <= 4)}`);
    console.log(`    CPU of the bulk (server + engine processes): median ${cpuMedian.toFixed(2)} s → on an otherwise idle machine with ${parallel} engine worker(s) ≈ ${(cpuMedian / parallel).toFixed(2)} s`);
    console.log(`(b) GET /app/api/v2/admin/swaps, ${b.total} swaps, random pages, 20 connections, ${DURATION} s: ${b.rps.toFixed(0)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, non-2xx ${b.non2xx}, errors ${b.errors}, server CPU ${b.cpuMs.toFixed(2)} ms/request  target p99 ≤ 50 ms: ${ok(b.p99 <= 50 && b.non2xx === 0)}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
