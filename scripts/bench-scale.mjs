#!/usr/bin/env node
// npm run bench:scale: swaps per minute of the scaled-out topology (scripts/lib-stack.mjs: one API
// process over PostgreSQL, BullMQ on Redis and S3) with one worker process, then with two. Each
// run first swaps a warm-up bulk (models loaded, JIT warm in every worker), then uploads a bulk of
// BULK (default 15) targets and times it from the upload's answer to the last swap stored.
// Options: --bulk N, --workers 1,2.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { faceFixture } from '../fixtures/index.mjs';
import { bulkUpload, distinctTargets, signIn, stackEnv, startServices, startStack } from './lib-stack.mjs';

const { values: opts } = parseArgs({ options: { bulk: { type: 'string', default: '15' }, workers: { type: 'string', default: '1,2' } } });
const BULK = Number(opts.bulk);
const COUNTS = opts.workers.split(',').map(Number);
const admin = { email: 'bench-scale@example.com', password: 'Velvet-Otter-42-Lantern' };

/** `n` target photos about 1000 px wide, different in every call (no worker has seen them). */
let made = 0;
function targets(n) {
  made += n;
  return distinctTargets(n, { first: made - n });
}

/** Busy and total CPU time of the whole machine so far (/proc/stat, in clock ticks). */
function machineCpu() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function waitDone(client, ids) {
  for (;;) {
    const { rows } = await client.query("select count(*)::int as n from swaps where id = any($1) and status in ('done', 'failed')", [ids]);
    if (rows[0].n === ids.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows } = await client.query("select count(*)::int as n from swaps where id = any($1) and status = 'failed'", [ids]);
  return rows[0].n;
}

const face = faceFixture('012_ai-sfhq-east-asian-woman.jpg');
console.log(`bench:scale: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; a bulk of ${BULK} ~1000 px targets`);
const services = await startServices();
const client = new pg.Client({ connectionString: services.databaseUrl });
const results = [];
try {
  await client.connect();
  for (const workers of COUNTS) {
    const stack = await startStack({
      workers,
      env: { ...stackEnv({ ...services, queueName: `bench-${workers}` }), DEMO_CONTENT: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ENGINE_WORKERS: '1' },
    });
    try {
      const cookie = await signIn(stack.url, admin.email, admin.password);
      const warm = await bulkUpload(stack.url, cookie, await targets(3 * workers), face);
      await waitDone(client, warm.map((s) => s.id));
      const photos = await targets(BULK);
      const started = performance.now();
      const swaps = await bulkUpload(stack.url, cookie, photos, face);
      const accepted = performance.now();
      const cpuBefore = machineCpu();
      const failed = await waitDone(client, swaps.map((s) => s.id));
      const cpuAfter = machineCpu();
      // How many of the machine's cores the swaps kept busy (every process: workers, engine, API, services).
      const coresBusy = ((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * cpus().length;
      const seconds = (performance.now() - accepted) / 1000;
      const total = (performance.now() - started) / 1000;
      results.push({ workers, seconds, total, perMinute: (BULK / seconds) * 60, failed, coresBusy });
      console.log(`${workers} worker process${workers > 1 ? 'es' : ''}: upload accepted in ${((accepted - started) / 1000).toFixed(1)} s, then ${BULK} swaps in ${seconds.toFixed(1)} s = ${((BULK / seconds) * 60).toFixed(1)} swaps/min${failed ? ` (${failed} failed)` : ''}`);
    } finally {
      await stack.stop();
    }
  }
} finally {
  await client.end().catch(() => undefined);
  await services.stop();
}
const one = results.find((r) => r.workers === 1);
// Swaps per minute count from the upload's 202 (every photo cleaned, checked and stored by the API
// process, the jobs queued) to the last result stored: the workers' own throughput.
console.log(`\nworkers  upload+swaps s  swaps s  swaps/min  vs one  cores busy (of ${cpus().length})`);
for (const r of results) console.log(`${String(r.workers).padStart(7)}  ${r.total.toFixed(1).padStart(14)}  ${r.seconds.toFixed(1).padStart(7)}  ${r.perMinute.toFixed(1).padStart(9)}  ${one ? `${(r.perMinute / one.perMinute).toFixed(2)}×` : '—'}  ${r.coresBusy.toFixed(2).padStart(6)}`);
console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
