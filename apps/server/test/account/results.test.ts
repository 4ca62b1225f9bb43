// A finished swap's actions (download with its AI label, delete, compare photo) and upload
// retention, through the real app, engine, database and storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SwapList } from '@visage/contracts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { DIGITAL_SOURCE_TYPE } from '../../src/modules/swaps/labelling.ts';
import { appOn, uploadSwap, waitForSwap, type Who } from './support.ts';

const sqlite = databaseTargets[0]!;

describe('with uploads deleted at once (UPLOAD_RETENTION_HOURS=0)', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let alice: Who;
  let bob: Who;
  let id: string;
  const req = (who: Who, url: string, method: 'GET' | 'DELETE' = 'GET') => t.app.inject({ method, url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    ({ t, drop } = await appOn(sqlite, 'local', { UPLOAD_RETENTION_HOURS: '0' }));
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    alice = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
    bob = { cookie: b.cookie, uid: b.me.uid, email: b.me.profile.email };
    id = await uploadSwap(t.app, alice);
    expect((await waitForSwap(t.app, alice, id)).status).toBe('done');
  }, 180_000);

  afterAll(async () => {
    await drop?.();
  });

  it('deletes the uploaded photos as soon as the swap ends; the result stays', async () => {
    // Right after the row says done: the job purges them once the swap is stored (seen lagging in CI).
    await expect.poll(() => t.ctx.storage.list(`uploads/${alice.uid}/`), { timeout: 10_000 }).toEqual([]);
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.uploads_deleted_at).toBeGreaterThan(0);
    const item = (await req(alice, `/app/api/swaps/${alice.uid}`)).json<SwapList>()[id]!;
    expect(item.original_url).toBeUndefined();
    expect((await req(alice, `/app/api/media/swaps/${id}/original`)).statusCode).toBe(404);
    expect((await req(alice, item.image_url)).statusCode).toBe(200);
  });

  it('downloads the result as an attachment carrying its AI label, for its owner only', async () => {
    const res = await req(alice, `/app/api/media/swaps/${id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="visage-ai-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.jpg"$/);
    expect((await sharp(res.rawPayload).metadata()).xmp?.toString()).toContain(DIGITAL_SOURCE_TYPE);
    expect((await req(bob, `/app/api/media/swaps/${id}/download`)).statusCode).toBe(404);
    expect((await req(alice, '/app/api/media/swaps/not-a-uuid/download')).statusCode).toBe(400);
  });

  it('deletes a result for its owner only: file, thumbnail and row go', async () => {
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await req(bob, `/app/api/swaps/${alice.uid}/${id}`, 'DELETE')).statusCode).toBe(404);
    expect((await req(bob, `/app/api/swaps/${bob.uid}/${id}`, 'DELETE')).statusCode).toBe(404);
    expect(await t.ctx.storage.exists(row.result_key!)).toBe(true);
    expect((await req(alice, `/app/api/swaps/${alice.uid}/${id}`, 'DELETE')).statusCode).toBe(204);
    expect(await t.ctx.storage.exists(row.result_key!)).toBe(false);
    expect(await t.ctx.storage.exists(row.thumb_key!)).toBe(false);
    expect(await t.ctx.db.selectFrom('swaps').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await req(alice, `/app/api/swaps/${alice.uid}`)).json()).toEqual({});
    expect((await req(alice, `/app/api/swaps/${alice.uid}/${id}`, 'DELETE')).statusCode).toBe(404);
  });
});

describe('the retention sweep (UPLOAD_RETENTION_HOURS=24)', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  const HOUR = 3600_000;

  beforeAll(async () => {
    ({ t, drop } = await appOn(sqlite, 'local', { UPLOAD_RETENTION_HOURS: '24' }));
  }, 60_000);

  afterAll(async () => {
    await drop?.();
  });

  async function swapRow(id: string, source: string, target: string, status: 'done' | 'failed' | 'queued', endedHoursAgo: number | null) {
    for (const key of [source, target]) await t.ctx.storage.put(key, Buffer.from(key), 'image/jpeg');
    const now = Date.now();
    await t.ctx.db
      .insertInto('swaps')
      .values({
        id, uid: 'u1', mode: 'bulk', status, job_id: `swap-${id}`, source_key: source, target_key: target, result_key: null, thumb_key: null,
        error_code: null, error_message: null, metrics: null, created_at: now - 48 * HOUR, completed_at: endedHoursAgo === null ? null : now - endedHoursAgo * HOUR, uploads_deleted_at: null, kind: 'image', video: null,
      })
      .execute();
  }

  it('deletes only uploads/ photos of swaps ended over 24 hours ago; catalogue and saved faces stay', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await swapRow(id(1), 'uploads/u1/a-source.jpg', 'catalogue/c/team.jpg', 'done', 25);
    await swapRow(id(2), 'faces/u1/saved.jpg', 'uploads/u1/b-target.jpg', 'failed', 30);
    await swapRow(id(3), 'uploads/u1/c-source.jpg', 'uploads/u1/c-target.jpg', 'done', 23);
    // A bulk job's one face used by a swap still queued: kept until that one is past retention too.
    await swapRow(id(4), 'uploads/u1/shared-face.jpg', 'uploads/u1/d-target.jpg', 'done', 26);
    await swapRow(id(5), 'uploads/u1/shared-face.jpg', 'uploads/u1/e-target.jpg', 'queued', null);

    expect(await t.ctx.results.sweep()).toBe(2);
    expect(await t.ctx.results.sweep()).toBe(0); // idempotent
    const left = (await t.ctx.storage.list('')).sort();
    expect(left).toEqual(
      ['catalogue/c/team.jpg', 'faces/u1/saved.jpg', 'uploads/u1/c-source.jpg', 'uploads/u1/c-target.jpg', 'uploads/u1/d-target.jpg', 'uploads/u1/e-target.jpg', 'uploads/u1/shared-face.jpg'].sort(),
    );
    const marked = await t.ctx.db.selectFrom('swaps').select(['id', 'uploads_deleted_at']).orderBy('id').execute();
    expect(marked.map((r) => r.uploads_deleted_at !== null)).toEqual([true, true, false, false, false]);
  });
});
