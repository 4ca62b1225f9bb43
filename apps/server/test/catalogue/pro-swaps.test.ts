// Pro-mode swaps (POST /proshoot/upload, /prosoccer/upload) on the real upload → job → gallery
// machinery: a catalogue target by its url (never fetched), a custom target, the kept analysis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueEntry, CatalogueUploadResult, SwapList, UploadResponse } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { SOCCER_META, proUpload, signUpAs, uploadCatalogue, type Caller } from './support.ts';

let t: TestApp;
let operator: Caller;
let alice: Caller;
let bob: Caller;
let model: CatalogueEntry;
let player: CatalogueEntry;
const FACE = fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg');

async function addEntry(kind: string, file: string, metadata?: unknown): Promise<CatalogueEntry> {
  const res = await uploadCatalogue(t, operator, kind, [{ name: file, body: fixture(file) }], metadata);
  const r = res.json<CatalogueUploadResult>().results[0]!;
  if (r.status !== 'added') throw new Error(`not added: ${res.body}`);
  return r.entry;
}

async function waitForSwap(kind: string, id: string, who: Caller) {
  const until = Date.now() + 90_000;
  for (;;) {
    const res = await t.app.inject({ url: `/app/api/${kind}/swaps/${who.uid}?include=pending`, headers: { cookie: who.cookie } });
    const item = res.json<SwapList>()[id];
    if (item && (item.status === 'done' || item.status === 'failed')) return item;
    if (Date.now() > until) throw new Error(`swap ${id} still ${item?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  operator = await signUpAs(t, 'operator');
  alice = await signUpAs(t, 'user');
  bob = await signUpAs(t, 'user');
  model = await addEntry('proshoot', '012_ai-sfhq-east-asian-woman.jpg');
  player = await addEntry('prosoccer', '013_ai-sfhq-beard-glasses-elderly.jpg', SOCCER_META);
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /app/api/proshoot/upload and /prosoccer/upload', () => {
  it('swaps onto a catalogue model and lists the result in the proshoot gallery only', async () => {
    const res = await proUpload(t, alice, 'proshoot', { uid: alice.uid, targetImageUrl: `http://localhost:8080${model.url}` }, { source: FACE });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<UploadResponse>();
    expect(await waitForSwap('proshoot', id, alice)).toMatchObject({ status: 'done' });
    const row = await t.ctx.db.selectFrom('swaps').select(['mode', 'target_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ mode: 'proshoot', target_key: expect.stringMatching(/^catalogue\/proshoot\//) });
    const main = await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } });
    expect(Object.keys(main.json())).toEqual([]);
  }, 120_000);

  it('swaps onto a player for prosoccer, and onto a custom target in both modes', async () => {
    const soccer = await proUpload(t, alice, 'prosoccer', { uid: alice.uid, targetImageUrl: player.url }, { source: FACE });
    expect(soccer.statusCode).toBe(202);
    const custom = await proUpload(t, alice, 'proshoot', { uid: alice.uid }, { source: FACE, target: fixture('007_ai-tpdne-older-woman.jpg') });
    expect(custom.statusCode).toBe(202);
    const soccerCustom = await proUpload(t, alice, 'prosoccer', { uid: alice.uid, targetImageUrl: '' }, { source: FACE, target: fixture('007_ai-tpdne-older-woman.jpg') });
    expect(soccerCustom.statusCode).toBe(202);
    expect(await waitForSwap('prosoccer', soccer.json<UploadResponse>().id, alice)).toMatchObject({ status: 'done' });
    expect(await waitForSwap('proshoot', custom.json<UploadResponse>().id, alice)).toMatchObject({ status: 'done' });
    expect(await waitForSwap('prosoccer', soccerCustom.json<UploadResponse>().id, alice)).toMatchObject({ status: 'done' });
    const row = await t.ctx.db.selectFrom('swaps').select('target_key').where('id', '=', custom.json<UploadResponse>().id).executeTakeFirstOrThrow();
    expect(row.target_key).toMatch(new RegExp(`^uploads/${alice.uid}/`));
  }, 180_000);

  it('uses the face analysis kept at upload instead of detecting the target again', async () => {
    // A photo this engine worker has never seen; its kept analysis is emptied, so only a swap that
    // reads the kept analysis (and does not detect) can find no face in it.
    const fresh = await addEntry('proshoot', '001_nasa-eileen-collins.png');
    await t.ctx.db.updateTable('catalogue_entries').set({ analysis: JSON.stringify({ faces: [] }) }).where('id', '=', fresh.id).execute();
    const res = await proUpload(t, alice, 'proshoot', { uid: alice.uid, targetImageUrl: fresh.url }, { source: fixture('012_ai-sfhq-east-asian-woman.jpg') });
    expect(await waitForSwap('proshoot', res.json<UploadResponse>().id, alice)).toMatchObject({ status: 'failed', error: { code: 'no_face_target' } });
  }, 120_000);

  it('refuses a targetImageUrl that is not one of our entries of that mode, and missing fields', async () => {
    const foreign = [
      'https://images.example.com/model.jpg',
      `https://evil.example${model.url}x`,
      player.url,
      '/app/api/media/swaps/00000000-0000-0000-0000-000000000000/result',
      'file:///etc/passwd',
    ];
    for (const url of foreign) {
      const res = await proUpload(t, alice, 'proshoot', { uid: alice.uid, targetImageUrl: url }, { source: FACE });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'unknown_target', details: { field: 'targetImageUrl' } });
    }
    const wrongMode = await proUpload(t, alice, 'prosoccer', { uid: alice.uid, targetImageUrl: model.url }, { source: FACE });
    expect(wrongMode.json().error.details).toEqual({ field: 'targetImageUrl' });
    const noSource = await proUpload(t, alice, 'proshoot', { uid: alice.uid, targetImageUrl: model.url }, {});
    expect(noSource.json().error).toMatchObject({ code: 'missing_field', details: { field: 'source' } });
    const noTarget = await proUpload(t, alice, 'prosoccer', { uid: alice.uid }, { source: FACE });
    expect(noTarget.json().error).toMatchObject({ code: 'missing_field', details: { field: 'targetImageUrl' } });
    const noUid = await proUpload(t, alice, 'proshoot', { targetImageUrl: model.url }, { source: FACE });
    expect(noUid.json().error).toMatchObject({ details: { field: 'uid' } });
    const other = await proUpload(t, alice, 'proshoot', { uid: bob.uid, targetImageUrl: model.url }, { source: FACE });
    expect(other.statusCode).toBe(404);
  });
});
