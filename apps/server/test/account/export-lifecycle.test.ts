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
