// npm run bench:account — figures for "your data" on SQLite + local disk (a fresh DATA_DIR):
//   (a) the export job for one person with N finished swaps (4 stored files each, ~150 KB each):
//       time to build the ZIP and its size;
//   (b) erasure of that person (DELETE /app/api/me path: every eraser + rows + WAL checkpoint);
//       and whether their e-mail's bytes are still in the SQLite file afterwards;
//   (c) the retention sweep over M ended swaps (2 uploads each): time per 1000 swaps.
// Options: --swaps N (default 100), --sweep M (default 2000). Rows and files are written directly
// (no face engine): this measures the data paths, not the swap.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';

const { values: opts } = parseArgs({ options: { swaps: { type: 'string', default: '100' }, sweep: { type: 'string', default: '2000' } } });
const N = Number(opts.swaps);
const M = Number(opts.sweep);
const dir = mkdtempSync(join(tmpdir(), 'visage-bench-account-'));
const ctx = await createContext(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ROLE: 'api', UPLOAD_RETENTION_HOURS: '24' }));
const HOUR = 3600_000;

async function user(email: string) {
  const uid = randomUUID().replace(/-/g, '');
  const now = Date.now();
  await ctx.db.insertInto('users').values({
    uid, email, password_hash: null, role: 'user', pic: '/app/api/avatars/default.svg', nom: 'Bench', prenom: 'Mark', gender: '', birthday: '', pays: '', ville: '',
    email_verified: 0, ip: '127.0.0.1', subscription: 'free', customer_id: '', usage: 0, reset_date: '2099-01-01', terms_version: '2023-11-15', terms_accepted_at: now, created_at: now, updated_at: now,
  }).execute();
  return uid;
}

async function swap(uid: string, endedHoursAgo: number, withResult: boolean) {
  const id = randomUUID();
  const keys = { source_key: `uploads/${uid}/${id}-source.jpg`, target_key: `uploads/${uid}/${id}-target.jpg`, result_key: withResult ? `results/${uid}/${id}.jpg` : null, thumb_key: withResult ? `results/${uid}/${id}-thumb.webp` : null };
  for (const key of Object.values(keys)) if (key) await ctx.storage.put(key, randomBytes(150_000), 'image/jpeg');
  const now = Date.now();
  await ctx.db.insertInto('swaps').values({ id, uid, mode: 'main', status: 'done', job_id: `swap-${id}`, ...keys, error_code: null, error_message: null, metrics: null, created_at: now - endedHoursAgo * HOUR - 60_000, completed_at: now - endedHoursAgo * HOUR, uploads_deleted_at: null }).execute();
}

try {
  const email = `bench-${Date.now()}@example.com`;
  const uid = await user(email);
  for (let i = 0; i < N; i += 1) await swap(uid, 1, true);
  const exp = await ctx.account.exports.create(uid);
  let t0 = performance.now();
  await ctx.account.exports.run(exp.id, async () => undefined);
  const exportMs = performance.now() - t0;
  const row = await ctx.db.selectFrom('data_exports').selectAll().where('id', '=', exp.id).executeTakeFirstOrThrow();
  console.log(`(a) export of ${N} swaps (${N * 4} files, ${((N * 4 * 150_000) / 1e6).toFixed(0)} MB): ${exportMs.toFixed(0)} ms, ZIP ${(row.size! / 1e6).toFixed(1)} MB`);

  t0 = performance.now();
  await ctx.account.service.erase(uid, email);
  const eraseMs = performance.now() - t0;
  const file = join(dir, 'visage.db');
  const bytes = Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
  const left = (await ctx.storage.list('')).length;
  console.log(`(b) erasure of that person: ${eraseMs.toFixed(0)} ms; storage keys left: ${left}; e-mail bytes in the SQLite file: ${bytes.includes(Buffer.from(email)) ? 'FOUND' : 'none'}`);

  const other = await user(`sweep-${Date.now()}@example.com`);
  for (let i = 0; i < M; i += 1) await swap(other, 25, false);
  t0 = performance.now();
  const purged = await ctx.results.sweep();
  const sweepMs = performance.now() - t0;
  console.log(`(c) retention sweep: ${purged} ended swaps (${purged * 2} uploads) in ${sweepMs.toFixed(0)} ms = ${((sweepMs / purged) * 1000).toFixed(0)} ms per 1000 swaps; a second sweep purges ${await ctx.results.sweep()}`);
} finally {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
}
