// A swap whose job fails for good must not stay "running", holding its allowance: the server is SIGKILLed
// during the job's last attempt; the restarted server fails the job (lease lapsed), its onFailed
// hook fails the swap with a code and gives the allowance back, and the events stream ends.
// Also: the start-up reconcile (job gone or finished while the swap waits), a stream that
// ends on the job's failure while the row still says running, and SIGTERM with a stream open.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '@visage/contracts';
import { createDatabase, type Db } from '../../src/infra/db/database.ts';
import { makeApp, signUp, testDatabase, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';
import { freePort } from '../../../../scripts/lib-stack.mjs';
import { endedAfterEach } from '../support/processes.ts';

const MAIN = resolve(import.meta.dirname, '../../src/main.ts');

describe('a swap whose job fails for good', () => {
  const { children, cleanups } = endedAfterEach();

  /** An app (ROLE=api: nothing runs) on a throw-away data folder, with one user and one queued swap. */
  async function queuedSwap(): Promise<{ t: TestApp; dir: string; url: string; cookie: string; uid: string; swap: UploadResponse }> {
    const data = tempDir('visage-swapcrash-');
    const database = await testDatabase(data.dir);
    cleanups.push(() => data.remove(), () => database.drop());
    const t = await makeApp({ DATA_DIR: data.dir, DATABASE_URL: database.url, ROLE: 'api' });
    cleanups.push(() => t.stop());
    const s = await signUp(t.app);
    const form = multipart([
      { name: 'uid', value: s.me.uid },
      { name: 'target', filename: 't.jpg', contentType: 'image/jpeg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') },
      { name: 'source', filename: 's.jpg', contentType: 'image/jpeg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: s.cookie } });
    expect(res.statusCode).toBe(202);
    return { t, dir: data.dir, url: database.url, cookie: s.cookie, uid: s.me.uid, swap: res.json<UploadResponse>() };
  }

  const usageOf = async (db: Db, uid: string) => (await db.selectFrom('users').select('usage').where('uid', '=', uid).executeTakeFirstOrThrow()).usage;

  it('killed on its last attempt: the restarted server fails the swap, gives its count back, ends its stream', async () => {
    const q = await queuedSwap();
    // This attempt is the job's last (as after two failed ones).
    await q.t.ctx.db.updateTable('jobs').set({ max_attempts: 1 }).where('id', '=', q.swap.jobId).execute();
    expect(await usageOf(q.t.ctx.db, q.uid)).toBe(1);
    await q.t.stop();
    cleanups.pop();

    const db = createDatabase(q.url).db;
    cleanups.push(() => db.destroy());
    const env = { ...process.env, DATA_DIR: q.dir, DATABASE_URL: q.url, LOG_LEVEL: 'warn', WEB_DIST: q.dir, ROLE: 'all', ENGINE_WORKERS: '1', JOB_LEASE_MS: '1500', JOB_POLL_MS: '100' };
    const victim = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...env, PORT: String(await freePort()) }, stdio: 'ignore' });
    children.push(victim);
    const swapStatus = async () => (await db.selectFrom('swaps').select('status').where('id', '=', q.swap.id).executeTakeFirstOrThrow()).status;
    await waitUntil(async () => (await swapStatus()) === 'running', 60_000, 'the swap to run');
    victim.kill('SIGKILL');
    await new Promise((r) => victim.once('exit', r));
    expect(await swapStatus()).toBe('running');

    const port = await freePort();
    const out: string[] = [];
    const restarted = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    restarted.stdout!.on('data', (b: Buffer) => out.push(b.toString()));
    restarted.stderr!.on('data', (b: Buffer) => out.push(b.toString()));
    children.push(restarted);
    const row = await waitUntil(async () => {
      const r = await db.selectFrom('swaps').selectAll().where('id', '=', q.swap.id).executeTakeFirstOrThrow();
      return r.status !== 'running' ? r : null;
    }, 30_000, 'the swap to settle');
    expect(row).toMatchObject({ status: 'failed', error_code: 'engine_failed', quota_period: null });
    expect(await usageOf(db, q.uid)).toBe(0);
    const job = await db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', q.swap.jobId).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', attempts: 1 });

    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/app/api/health`).catch(() => null))?.ok, 30_000, 'HTTP');
    const ac = AbortSignal.timeout(10_000);
    const events = await fetch(`http://127.0.0.1:${port}/app/api/jobs/${q.swap.jobId}/events`, { headers: { cookie: q.cookie }, signal: ac });
    const body = await events.text();
    expect(body).toContain('event: failed');
    expect(body).toContain('"code":"engine_failed"');
    restarted.kill('SIGTERM');
    expect(await new Promise((r) => restarted.once('exit', r))).toBe(0);
  }, 150_000);

  it('at start, swaps whose job is gone or finished are failed and given back; waiting ones without a job are enqueued', async () => {
    const q = await queuedSwap();
    const db = q.t.ctx.db;
    const more = await q.t.ctx.swaps.createBatch(q.uid, 'main', [
      { source: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg'), target: fixture('012_ai-sfhq-east-asian-woman.jpg') },
      { source: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg'), target: fixture('012_ai-sfhq-east-asian-woman.jpg') },
    ]);
    expect(await usageOf(db, q.uid)).toBe(3);
    // 1: running, its job gone. 2: running, its job failed (the process died before the hook ran).
    // 3: waiting, its job never enqueued (a crash between commit and enqueue).
    await db.updateTable('swaps').set({ status: 'running' }).where('id', 'in', [q.swap.id, more[0]!.id]).execute();
    await db.deleteFrom('jobs').where('id', 'in', [q.swap.jobId, more[1]!.jobId]).execute();
    await db.updateTable('jobs').set({ status: 'failed', error: 'gone' }).where('id', '=', more[0]!.jobId).execute();

    // The events stream ends on the job's failure even while the row still says running.
    const res = await q.t.app.inject({ url: `/app/api/jobs/${more[0]!.jobId}/events`, headers: { cookie: q.cookie } });
    expect(res.body).toContain('event: failed');

    const fixed = await q.t.ctx.swaps.reconcile();
    expect(fixed).toEqual({ requeued: 1, failed: 2 });
    const rows = await db.selectFrom('swaps').select(['id', 'status', 'error_code']).where('uid', '=', q.uid).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[q.swap.id]).toMatchObject({ status: 'failed', error_code: 'engine_failed' });
    expect(byId[more[0]!.id]).toMatchObject({ status: 'failed', error_code: 'engine_failed' });
    expect(byId[more[1]!.id]).toMatchObject({ status: 'queued' });
    expect(await q.t.ctx.queue.get(more[1]!.jobId)).toMatchObject({ status: 'queued' });
    expect(await usageOf(db, q.uid)).toBe(1);
    // Run again, it changes nothing.
    expect(await q.t.ctx.swaps.reconcile()).toEqual({ requeued: 0, failed: 0 });
  }, 60_000);

  it('with an events stream open, SIGTERM ends the stream and the process exits 0 at once', async () => {
    const q = await queuedSwap();
    await q.t.stop();
    cleanups.pop();
    const port = await freePort();
    // ROLE=api: the swap stays queued, so its stream stays open until the server ends it.
    const env = { ...process.env, DATA_DIR: q.dir, DATABASE_URL: q.url, LOG_LEVEL: 'warn', WEB_DIST: q.dir, ROLE: 'api', PORT: String(port) };
    const server = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: 'ignore' });
    children.push(server);
    const exit = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/app/api/health`).catch(() => null))?.ok, 60_000, 'HTTP');
    const events = await fetch(`http://127.0.0.1:${port}/app/api/jobs/${q.swap.jobId}/events`, { headers: { cookie: q.cookie } });
    const reader = events.body!.getReader();
    let seen = '';
    while (!seen.includes('event: queued')) seen += new TextDecoder().decode((await reader.read()).value);
    const rest = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })().catch(() => true);
    const t0 = Date.now();
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await rest).toBe(true);
  }, 90_000);

  it('SIGTERM during a running swap: the job finishes, then the process exits 0 within 2 s', async () => {
    const q = await queuedSwap();
    await q.t.stop();
    cleanups.pop();
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: q.dir, DATABASE_URL: q.url, LOG_LEVEL: 'warn', WEB_DIST: q.dir, ROLE: 'all', ENGINE_WORKERS: '1', JOB_POLL_MS: '100', PORT: String(port) };
    const server = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: 'ignore' });
    children.push(server);
    const exit = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    const db = createDatabase(q.url).db;
    cleanups.push(() => db.destroy());
    const statusOf = async (id: string) => (await db.selectFrom('swaps').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    // The first swap warms the engine; the second is the one running at SIGTERM.
    await waitUntil(async () => (await statusOf(q.swap.id)) === 'done', 60_000, 'the first swap');
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/app/api/health`).catch(() => null))?.ok, 30_000, 'HTTP');
    const fd = new FormData();
    fd.append('uid', q.uid);
    fd.append('target', new Blob([fixture('012_ai-sfhq-east-asian-woman.jpg')], { type: 'image/jpeg' }), 't.jpg');
    fd.append('source', new Blob([fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg')], { type: 'image/jpeg' }), 's.jpg');
    const second = (await (await fetch(`http://127.0.0.1:${port}/app/api/upload`, { method: 'POST', headers: { cookie: q.cookie }, body: fd })).json()) as UploadResponse;
    await waitUntil(async () => (await statusOf(second.id)) === 'running', 30_000, 'the second swap to run');
    const events = await fetch(`http://127.0.0.1:${port}/app/api/jobs/${second.jobId}/events`, { headers: { cookie: q.cookie } });
    const stream = events.text();
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    const exitedAt = Date.now();
    await stream;
    const row = await db.selectFrom('swaps').select(['status', 'completed_at']).where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(exitedAt - row.completed_at!).toBeLessThan(2000);
  }, 90_000);
});
