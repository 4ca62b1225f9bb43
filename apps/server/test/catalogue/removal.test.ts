// Removing a catalogue photo that swaps were made from: each person's swaps keep their "before"
// (the compare photo) as a copy of their own, which upload retention and erasure then remove like
// any photo they uploaded. Rows are written straight to the database: no engine work is needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapList } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { signUpAs, type Caller } from './support.ts';

const HOUR = 3600_000;
const PHOTO = fixture('012_ai-sfhq-east-asian-woman.jpg');
let t: TestApp;
let operator: Caller;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  t = await makeApp({ UPLOAD_RETENTION_HOURS: '24' });
  operator = await signUpAs(t, 'operator');
  alice = await signUpAs(t, 'user');
  bob = await signUpAs(t, 'user');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function addEntry(id: string): Promise<string> {
  const imageKey = `catalogue/proshoot/${id}.jpg`;
  await t.ctx.storage.put(imageKey, PHOTO, 'image/jpeg');
  await t.ctx.storage.put(`catalogue/proshoot/${id}-thumb.webp`, PHOTO, 'image/webp');
  await t.ctx.db.insertInto('catalogue_entries').values({
    id, kind: 'proshoot', image_key: imageKey, thumb_key: `catalogue/proshoot/${id}-thumb.webp`, width: 1, height: 1,
    gender: 'female', ethnicity: '', age_range: '', face_shape: '', hair_type: '', hair_length: '', hair_color: '', eyes_shape: '', nose_shape: '', lips_shape: '', cheeks_shape: '',
    player_id: null, country: null, club: null, analysis: '{"faces":[]}', created_by: operator.uid, created_at: Date.now(),
  }).execute();
  return imageKey;
}

async function doneSwap(who: Caller, target: string, endedHoursAgo: number, uploadsDeleted = false): Promise<string> {
  const id = crypto.randomUUID();
  const source = `uploads/${who.uid}/${id}-source.jpg`;
  await t.ctx.storage.put(source, PHOTO, 'image/jpeg');
  await t.ctx.storage.put(`results/${who.uid}/${id}.jpg`, PHOTO, 'image/jpeg');
  const ended = Date.now() - endedHoursAgo * HOUR;
  await t.ctx.db.insertInto('swaps').values({
    id, uid: who.uid, mode: 'proshoot', status: 'done', job_id: `swap-${id}`, source_key: source, target_key: target, result_key: `results/${who.uid}/${id}.jpg`,
    thumb_key: `results/${who.uid}/${id}.jpg`, error_code: null, error_message: null, metrics: null, created_at: ended, completed_at: ended, uploads_deleted_at: uploadsDeleted ? ended : null, kind: 'image', video: null,
  }).execute();
  return id;
}

const get = (who: Caller, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
const targetOf = async (id: string) => (await t.ctx.db.selectFrom('swaps').select('target_key').where('id', '=', id).executeTakeFirstOrThrow()).target_key;

describe('DELETE /app/api/admin/{kind}/{id} with swaps made from the photo', () => {
  it('keeps every kept swap\'s compare photo, one copy per person, then retention removes it', async () => {
    const entry = crypto.randomUUID();
    const key = await addEntry(entry);
    const a1 = await doneSwap(alice, key, 1);
    const a2 = await doneSwap(alice, key, 2);
    const b1 = await doneSwap(bob, key, 1);
    const old = await doneSwap(bob, key, 30, true);

    const removed = await t.app.inject({ method: 'DELETE', url: `/app/api/admin/proshoot/${entry}`, headers: { cookie: operator.cookie } });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.storage.exists(key)).toBe(false);
    expect((await get(alice, `/app/api/media/catalogue/${entry}/image`)).statusCode).toBe(404);

    for (const [who, id] of [[alice, a1], [alice, a2], [bob, b1]] as const) {
      const list = (await get(who, `/app/api/proshoot/swaps/${who.uid}`)).json<SwapList>();
      expect(list[id]?.original_url).toBe(`/app/api/media/swaps/${id}/original`);
      const before = await get(who, list[id]!.original_url!);
      expect(before.statusCode).toBe(200);
      expect(before.rawPayload.equals(PHOTO)).toBe(true);
    }
    // One copy per person, under their own uploads; a swap past retention shows no "before" and is left alone.
    expect(await targetOf(a1)).toBe(await targetOf(a2));
    expect(await targetOf(a1)).toMatch(new RegExp(`^uploads/${alice.uid}/`));
    expect(await targetOf(b1)).toMatch(new RegExp(`^uploads/${bob.uid}/`));
    expect(await targetOf(old)).toBe(key);
    expect((await t.ctx.storage.list(`uploads/${bob.uid}/`)).filter((k) => k.endsWith('-target.jpg'))).toEqual([await targetOf(b1)]);

    // Alice's swaps pass retention: her copy goes with her other uploads, once neither swap needs it.
    const copy = await targetOf(a1);
    await t.ctx.db.updateTable('swaps').set({ completed_at: Date.now() - 25 * HOUR }).where('id', '=', a1).execute();
    await t.ctx.results.sweep();
    expect(await t.ctx.storage.exists(copy)).toBe(true);
    await t.ctx.db.updateTable('swaps').set({ completed_at: Date.now() - 25 * HOUR }).where('id', '=', a2).execute();
    await t.ctx.results.sweep();
    expect(await t.ctx.storage.exists(copy)).toBe(false);
    expect((await get(alice, `/app/api/media/swaps/${a2}/original`)).statusCode).toBe(404);
  });
});
