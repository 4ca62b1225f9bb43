// The monthly allowance is reserved in the transaction that creates the swap:
// concurrent uploads can never pass it together, refused uploads leave nothing stored, and a
// failed swap gives its count back exactly once. On SQLite and on PostgreSQL (TEST_DATABASE_URL).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@visage/contracts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets, type TestDatabase } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`swap allowance: ${target.kind}`, () => {
    let t: TestApp;
    let database: TestDatabase;
    let png: Buffer;

    beforeAll(async () => {
      database = await target.create();
      // ROLE=api: swaps are created and enqueued, never run, so usage moves only by the quota rules.
      // A long decode line: this test is about the allowance, not the decode bound (503).
      t = await makeApp({ DATABASE_URL: database.url, ROLE: 'api', IMAGE_DECODE_QUEUE: '100' });
      png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c08060' } }).png().toBuffer();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await database?.drop();
    });

    async function user(usage: number, patch: { role?: 'user' | 'operator'; subscription?: string } = {}) {
      const s = await signUp(t.app);
      await t.ctx.db.updateTable('users').set({ usage, ...patch }).where('uid', '=', s.me.uid).execute();
      return { cookie: s.cookie, uid: s.me.uid };
    }
    function upload(who: { cookie: string; uid: string }) {
      const form = multipart([
        { name: 'uid', value: who.uid },
        { name: 'target', filename: 't.png', contentType: 'image/png', body: png },
        { name: 'source', filename: 's.png', contentType: 'image/png', body: png },
      ]);
      return t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    }
    const usageOf = async (uid: string) => (await t.ctx.db.selectFrom('users').select('usage').where('uid', '=', uid).executeTakeFirstOrThrow()).usage;
    const uploadsOf = (uid: string) => {
      const dir = join(t.ctx.config.storageDir, 'uploads', uid);
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };

    it('20 uploads at once at 9 of 10: exactly one accepted, usage ends at 10, nothing of the refused kept', async () => {
      const u = await user(9);
      const answers = await Promise.all(Array.from({ length: 20 }, () => upload(u)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([202, ...Array<number>(19).fill(402)]);
      expect(answers.find((r) => r.statusCode === 402)!.json().error.code).toBe('quota_exceeded');
      expect(await usageOf(u.uid)).toBe(10);
      const swaps = await t.ctx.db.selectFrom('swaps').selectAll().where('uid', '=', u.uid).execute();
      expect(swaps).toHaveLength(1);
      expect(uploadsOf(u.uid)).toBe(2);
    }, 60_000);

    it('a batch is reserved all or nothing', async () => {
      const u = await user(7);
      const item = { source: png, target: png };
      await expect(t.ctx.swaps.createBatch(u.uid, 'main', [item, item, item, item])).rejects.toMatchObject({ status: 402 });
      expect(await usageOf(u.uid)).toBe(7);
      expect(uploadsOf(u.uid)).toBe(0);
      const made = await t.ctx.swaps.createBatch(u.uid, 'main', [item, item, item]);
      expect(made).toHaveLength(3);
      expect(await usageOf(u.uid)).toBe(10);
      for (const m of made) expect(await t.ctx.queue.get(m.jobId)).toMatchObject({ status: 'queued' });
    }, 60_000);

    it('a failed swap gives its count back, once, whichever path fails it', async () => {
      const u = await user(9);
      const res = await upload(u);
      expect(res.statusCode).toBe(202);
      const { id } = res.json<UploadResponse>();
      expect(await usageOf(u.uid)).toBe(10);
      expect(await t.ctx.swaps.fail(id, 'engine_failed')).toBe(true);
      // The job's onFailed hook and a second fail() find it failed already: nothing given twice.
      await t.ctx.jobs.failed('swap.run', { swapId: id }, 'lease lapsed');
      expect(await t.ctx.swaps.fail(id, 'engine_failed')).toBe(false);
      expect(await usageOf(u.uid)).toBe(9);
      const row = await t.ctx.swaps.get(id);
      expect(row).toMatchObject({ status: 'failed', error_code: 'engine_failed', quota_period: null });
      // The count given back can be used again.
      expect((await upload(u)).statusCode).toBe(202);
      expect((await upload(u)).statusCode).toBe(402);
    }, 60_000);

    it('operators and paid plans stay unlimited, and are still counted', async () => {
      const op = await user(10, { role: 'operator' });
      const paid = await user(10, { subscription: 'standard' });
      expect((await upload(op)).statusCode).toBe(202);
      expect((await upload(paid)).statusCode).toBe(202);
      expect(await usageOf(op.uid)).toBe(11);
    }, 60_000);

    it('a new month starts at zero before the reservation', async () => {
      const u = await user(10);
      await t.ctx.db.updateTable('users').set({ reset_date: '2020-01-01' }).where('uid', '=', u.uid).execute();
      expect((await upload(u)).statusCode).toBe(202);
      const row = await t.ctx.db.selectFrom('users').select(['usage', 'reset_date']).where('uid', '=', u.uid).executeTakeFirstOrThrow();
      expect(row.usage).toBe(1);
      expect(row.reset_date > '2020-01-01').toBe(true);
    }, 60_000);
  });
}
