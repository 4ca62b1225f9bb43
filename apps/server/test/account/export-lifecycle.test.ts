// Data exports' lifecycle on every database: one being built per account however many clicks,
// an export whose job ended elsewhere is failed (not left "running" for ever), and the expiry
// sweep gets past exports it must leave. The app runs as ROLE=api here, so no job is ever run.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport } from '@visage/contracts';
import type { ExportRow } from '../../src/modules/account/repository.ts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { appOn } from './support.ts';

describe.each(databaseTargets.filter((d) => d.enabled))('data exports on $kind', (d) => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let cookie: string;
  let uid: string;
  const pending = () => t.ctx.db.selectFrom('data_exports').selectAll().where('uid', '=', uid).where('status', 'in', ['queued', 'running']).execute();
  const row = (over: Partial<ExportRow>): ExportRow => {
    const id = randomUUID();
    return { id, uid: randomUUID(), status: 'running', job_id: `export-${id}`, storage_key: null, size: null, error: null, created_at: 1, completed_at: null, expires_at: 2, ...over };
  };

  beforeAll(async () => {
    ({ t, drop } = await appOn(d, 'local', { ROLE: 'api' }));
    const me = await signUp(t.app, { firstName: 'ada', lastName: 'export' });
    cookie = me.cookie;
    uid = me.me.uid;
  }, 60_000);
  afterAll(async () => drop?.());

  it('starts one export for twenty clicks at once', async () => {
    const clicks = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie } })));
    expect(clicks.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    const ids = new Set(clicks.map((r) => r.json<DataExport>().id));
    expect(ids.size).toBe(1);
    expect(await pending()).toHaveLength(1);
    expect((await t.ctx.queue.get(`export-${[...ids][0]}`))?.status).toBe('queued');
  });

  it('fails an export whose job failed for good outside its handler, and lets its owner start another', async () => {
    const [stuck] = await pending();
    await t.ctx.jobs.failed('account.export', { exportId: stuck!.id }, 'worker lost');
    expect(await pending()).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie } });
    expect(again.json<DataExport>().id).not.toBe(stuck!.id);
    expect(await pending()).toHaveLength(1);
  });

  it('allows three exports a day, each replacing the one before (its ZIP deleted), then refuses with 429', async () => {
    const other = await signUp(t.app, { firstName: 'bea', lastName: 'export' });
    const start = () => t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie: other.cookie } });
    // What the job would leave: a ZIP in storage and the row done (no job runs with ROLE=api).
    const finish = async (id: string) => {
      const key = `exports/${other.me.uid}/${id}.zip`;
      await t.ctx.storage.put(key, Buffer.from('zip'), 'application/zip');
      await t.ctx.db.updateTable('data_exports').set({ status: 'done', storage_key: key, size: 3 }).where('id', '=', id).execute();
      return key;
    };
    let previous: { id: string; key: string } | null = null;
    for (let i = 0; i < 3; i += 1) {
      const res = await start();
      expect(res.statusCode, res.body).toBe(202);
      const id = res.json<DataExport>().id;
      if (previous) {
        expect(await t.ctx.storage.exists(previous.key)).toBe(false);
        expect(await t.ctx.queue.get(`export-${previous.id}`)).toBeNull();
      }
      const rows = await t.ctx.db.selectFrom('data_exports').select('id').where('uid', '=', other.me.uid).execute();
      expect(rows.map((r) => r.id)).toEqual([id]);
      previous = { id, key: await finish(id) };
    }
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'export_limit', message: 'You have reached the limit of 3 data exports a day. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    // The last export is kept, downloadable.
    expect(await t.ctx.storage.exists(previous!.key)).toBe(true);
    // A day later the window starts again.
    await t.ctx.db.updateTable('export_allowances').set({ window_start: Date.now() - 25 * 3600_000 }).where('uid', '=', other.me.uid).execute();
    expect((await start()).statusCode).toBe(202);
  });

  it('at start, fails exports whose job is gone and keeps those whose job waits', async () => {
    const orphan = row({});
    await t.ctx.db.insertInto('data_exports').values(orphan).execute();
    const [waiting] = await pending();
    expect(await t.ctx.account.exports.reconcile(1)).toBe(1);
    const after = await t.ctx.db.selectFrom('data_exports').select(['id', 'status']).where('id', 'in', [orphan.id, waiting!.id]).execute();
    expect(Object.fromEntries(after.map((r) => [r.id, r.status]))).toEqual({ [orphan.id]: 'failed', [waiting!.id]: 'queued' });
  });

  it('sweeps past more expired exports than a batch that it must leave, and removes the rest', async () => {
    const running = Array.from({ length: 5 }, (_, i) => row({ expires_at: 10 + i }));
    const done = row({ status: 'done', expires_at: 100 });
    await t.ctx.db.insertInto('data_exports').values([...running, done]).execute();
    // A batch of 2 with 5 to leave first: the old sweep fetched the same 2 rows for ever.
    // (The failed export of the test above has expired too.)
    expect(await t.ctx.account.exports.sweepExpired(2)).toBe(2);
    const left = await t.ctx.db.selectFrom('data_exports').select('id').where('id', 'in', [...running, done].map((r) => r.id)).execute();
    expect(left.map((r) => r.id).sort()).toEqual(running.map((r) => r.id).sort());
  }, 10_000);
});
