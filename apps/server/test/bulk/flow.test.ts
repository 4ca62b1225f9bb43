// Bulk swaps through the real engine: a bulk, a saved face (checked for one usable face, replace
// asked for), a bulk with the saved face (results tagged), and the admin test page's swap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkUploadResponse, SavedFace } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { account, get, jpeg, post, waitForSwaps, type Who } from './support.ts';

let t: TestApp;
let op: Who;
let op2: Who;
const TARGET = fixture('012_ai-sfhq-east-asian-woman.jpg');
const FACE = fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const NO_FACE = fixture('016_cc0-coffee-noface.png');
const CREW = fixture('004_nasa-apollo11-crew.jpg');

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  op = await account(t, 'operator');
  op2 = await account(t, 'operator');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /69/bulk-upload', () => {
  it('makes one swap per target; a target without a face fails alone; results listed newest first', async () => {
    const res = await post(t, op, '/app/api/69/bulk-upload', [jpeg('face.jpg', FACE, 'source'), jpeg('a.jpg', TARGET, 'targets'), jpeg('b.png', NO_FACE, 'targets')]);
    expect(res.statusCode).toBe(202);
    const body = res.json<BulkUploadResponse>();
    expect(body.swaps).toHaveLength(2);
    expect(body.swaps.every((s) => s.jobId === `swap-${s.id}` && s.status === 'queued')).toBe(true);
    const rows = await waitForSwaps(t, body.swaps.map((s) => s.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(body.swaps[0]!.id)).toMatchObject({ status: 'done', mode: 'bulk', uid: op.uid });
    expect(byId.get(body.swaps[1]!.id)).toMatchObject({ status: 'failed', error_code: 'no_face_target' });
    expect((await get(t, op, '/app/api/admin/swaps')).json()).toEqual([`/app/api/media/swaps/${body.swaps[0]!.id}/result`]);
    const img = await get(t, op, `/app/api/media/swaps/${body.swaps[0]!.id}/result`);
    expect(img.headers['content-type']).toBe('image/jpeg');
  }, 180_000);
});

describe('saved faces', () => {
  let face: SavedFace;
  const upload = (who: Who, id: string, image: Buffer, extra: { name: string; value: string }[] = []) =>
    post(t, who, '/app/api/user/face/upload', [{ name: 'uid', value: who.uid }, { name: 'id', value: id }, ...extra, jpeg('f.jpg', image, 'image')]);

  it('refuses a photo without exactly one usable face, and a missing image', async () => {
    expect((await upload(op, 'coffee', NO_FACE)).json().error.code).toBe('no_face');
    expect((await upload(op, 'crew', CREW)).json().error.code).toBe('several_faces');
    const none = await post(t, op, '/app/api/user/face/upload', [{ name: 'uid', value: op.uid }, { name: 'id', value: 'x' }]);
    expect(none.json().error).toMatchObject({ code: 'image_missing', message: 'Please select an image.' });
    expect((await upload(op, 'a/b', FACE)).statusCode).toBe(400);
    // Another operator's uid in the form: not written into their library.
    const foreign = await post(t, op, '/app/api/user/face/upload', [{ name: 'uid', value: op2.uid }, { name: 'id', value: 'x' }, jpeg('f.jpg', FACE, 'image')]);
    expect(foreign.statusCode).toBe(404);
  }, 120_000);

  it('saves a face, asks before replacing its id, and lists it with its URL', async () => {
    const res = await upload(op, 'Grace H', FACE);
    expect(res.statusCode).toBe(201);
    face = res.json<SavedFace>();
    expect(face.id).toBe('Grace H');
    const again = await upload(op, 'Grace H', FACE);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('face_exists');
    const replaced = await upload(op, 'Grace H', FACE, [{ name: 'replace', value: 'true' }]);
    expect(replaced.statusCode).toBe(201);
    face = replaced.json<SavedFace>();
    const list = (await get(t, op, `/app/api/user/face/${op.uid}`)).json<SavedFace[]>();
    expect(list).toEqual([face]);
    const img = await get(t, op, face.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const keys = await t.ctx.db.selectFrom('saved_faces').select('key').execute();
    expect(keys.map((k) => k.key.split('/')[0])).toEqual(['faces']);
  }, 120_000);

  it('bulk2: the saved face onto each target, results tagged with its id and kept apart from the face', async () => {
    const res = await post(t, op, '/app/api/v2/69/bulk-upload', [{ name: 'faceImageUrl', value: face.url }, { name: 'faceId', value: 'Grace H' }, jpeg('a.jpg', TARGET, 'targets')]);
    expect(res.statusCode).toBe(202);
    const body = res.json<BulkUploadResponse>();
    expect(body.faceId).toBe('Grace H');
    const [row] = await waitForSwaps(t, body.swaps.map((s) => s.id));
    expect(row).toMatchObject({ status: 'done', face_id: 'Grace H' });
    expect(row!.source_key).toMatch(/^faces\//);
    const page = (await get(t, op, `/app/api/v2/admin/swaps?page=1&limit=100&faceId=${encodeURIComponent('Grace H')}`)).json();
    expect(page).toEqual({ swaps: [`/app/api/media/swaps/${row!.id}/result`], total: 1 });
    const mismatch = await post(t, op, '/app/api/v2/69/bulk-upload', [{ name: 'faceImageUrl', value: face.url }, { name: 'faceId', value: 'other' }, jpeg('a.jpg', TARGET, 'targets')]);
    expect(mismatch.json().error.code).toBe('face_id_mismatch');

    // Deleting the face keeps the file the swap was made from.
    const del = await t.app.inject({ method: 'DELETE', url: `/app/api/user/face/${op.uid}/${encodeURIComponent('Grace H')}`, headers: { cookie: op.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await get(t, op, `/app/api/user/face/${op.uid}`)).json()).toEqual([]);
    expect(await t.ctx.storage.exists(row!.source_key)).toBe(true);
    const gone = await t.app.inject({ method: 'DELETE', url: `/app/api/user/face/${op.uid}/nothing`, headers: { cookie: op.cookie } });
    expect(gone.statusCode).toBe(404);
    // ...until the last swap made from it is deleted: then the file goes too.
    const swapGone = await t.app.inject({ method: 'DELETE', url: `/app/api/swaps/${op.uid}/${row!.id}`, headers: { cookie: op.cookie } });
    expect(swapGone.statusCode).toBe(204);
    expect(await t.ctx.storage.exists(row!.source_key)).toBe(false);
  }, 180_000);
});

describe('POST /admin/upload', () => {
  it('swaps one pair for the test page and lists it in /admin/swaps', async () => {
    const res = await post(t, op2, '/app/api/admin/upload', [jpeg('t.jpg', TARGET, 'target'), jpeg('s.jpg', FACE, 'source')]);
    expect(res.statusCode).toBe(202);
    const { id } = res.json<{ id: string }>();
    const [row] = await waitForSwaps(t, [id]);
    expect(row).toMatchObject({ status: 'done', mode: 'admin_test' });
    expect((await get(t, op2, '/app/api/admin/swaps')).json()).toEqual([`/app/api/media/swaps/${id}/result`]);
    expect((await post(t, op2, '/app/api/admin/upload', [jpeg('t.jpg', TARGET, 'target')])).json().error.code).toBe('images_missing');
  }, 120_000);
});
