// "My faces" through the real app, engine, database and storage: the one-face check, the
// same-person check, the limits, another user's face, a swap made with a saved face (its photos
// kept by the retention sweep), and the faces in the data export and in erasure.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyFace, MyFaceList, UploadResponse } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { account, get, jpeg, post, waitForSwaps, type Who } from '../bulk/support.ts';

let t: TestApp;
let alice: Who;
let bob: Who;
const WOMAN = fixture('012_ai-sfhq-east-asian-woman.jpg');
const OTHER = fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const TARGET = fixture('010_ai-sfhq-threequarter-elderly-man.jpg');
const CREW = fixture('004_nasa-apollo11-crew.jpg');
const NO_FACE = fixture('016_cc0-coffee-noface.png');
let mirrored: Buffer;
let face: MyFace;

const create = (who: Who, name: string, photo?: Buffer) => post(t, who, '/app/api/me/faces', [{ name: 'name', value: name }, ...(photo ? [jpeg('p.jpg', photo, 'photo')] : [])]);
const addPhoto = (who: Who, id: string, photo: Buffer) => post(t, who, `/app/api/me/faces/${id}/photos`, [jpeg('p.jpg', photo, 'photo')]);
const send = (who: Who, method: 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: who.cookie } });
const myFiles = async (who: Who) => t.ctx.storage.list(`myfaces/${who.uid}/`);

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1', UPLOAD_RETENTION_HOURS: '24' });
  alice = await account(t, 'user');
  bob = await account(t, 'user');
  mirrored = await sharp(WOMAN).flop().jpeg({ quality: 92 }).toBuffer();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a face and its photos', () => {
  it('creates a named face from a photo with one usable face, kept with its descriptor and pose', async () => {
    const res = await create(alice, '  Mei  ', WOMAN);
    expect(res.statusCode).toBe(201);
    face = res.json<MyFace>();
    expect(face).toMatchObject({ name: 'Mei', photos: [{ url: expect.stringMatching(/^\/app\/api\/me\/faces\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}$/) }] });
    const list = (await get(t, alice, '/app/api/me/faces')).json<MyFaceList>();
    expect(list).toEqual({ faces: [face], maxFaces: 10, maxPhotos: 5 });
    const row = await t.ctx.db.selectFrom('my_face_photos').selectAll().executeTakeFirstOrThrow();
    expect(Buffer.from(row.descriptor, 'base64').length).toBe(1024 * 4);
    expect(JSON.parse(row.facts)).toMatchObject({ face: { rotation: { yaw: expect.any(Number) } }, light: { mean: expect.any(Number) } });
    const img = await get(t, alice, face.photos[0]!.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toMatch(/^private/);
  }, 120_000);

  it('refuses several faces, no face, no photo and an empty name, storing nothing', async () => {
    const before = await myFiles(alice);
    expect((await create(alice, 'crew', CREW)).json().error).toMatchObject({ code: 'several_faces', message: 'This photo shows more than one face. Please choose a photo with exactly one face.' });
    expect((await create(alice, 'coffee', NO_FACE)).json().error.code).toBe('no_face');
    expect((await create(alice, 'none')).json().error.code).toBe('photo_missing');
    expect((await create(alice, '   ', WOMAN)).statusCode).toBe(400);
    expect(await myFiles(alice)).toEqual(before);
  }, 120_000);

  it('adds a photo of the same person, refuses someone else with a message that says so', async () => {
    const added = await addPhoto(alice, face.id, mirrored);
    expect(added.statusCode).toBe(201);
    expect(added.json<MyFace>().photos).toHaveLength(2);
    const other = await addPhoto(alice, face.id, OTHER);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({ code: 'face_mismatch', message: 'This photo does not look like the other photos of this face. Please choose a photo of the same person.' });
    expect(other.json().error.details.similarity).toBeLessThan(0.72);
    expect(await myFiles(alice)).toHaveLength(2);
    face = added.json<MyFace>();
  }, 120_000);

  it('answers 404 for another user\'s face, whatever the route', async () => {
    const photo = face.photos[0]!;
    expect((await get(t, bob, photo.url)).statusCode).toBe(404);
    expect((await addPhoto(bob, face.id, WOMAN)).json().error.code).toBe('unknown_face');
    expect((await send(bob, 'PATCH', `/app/api/me/faces/${face.id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await send(bob, 'DELETE', `/app/api/me/faces/${face.id}/photos/${photo.id}`)).statusCode).toBe(404);
    expect((await send(bob, 'DELETE', `/app/api/me/faces/${face.id}`)).statusCode).toBe(404);
    expect((await get(t, bob, '/app/api/me/faces')).json<MyFaceList>().faces).toEqual([]);
    const swap = await post(t, bob, '/app/api/upload', [{ name: 'uid', value: bob.uid }, { name: 'source', value: face.id }, jpeg('t.jpg', TARGET, 'target')]);
    expect(swap.statusCode).toBe(404);
    expect(swap.json().error.code).toBe('unknown_face');
    expect((await get(t, alice, '/app/api/me/faces')).json<MyFaceList>().faces).toEqual([face]);
  }, 120_000);

  it('renames; a face keeps its last photo', async () => {
    const renamed = await send(alice, 'PATCH', `/app/api/me/faces/${face.id}`, { name: 'Mei Lin' });
    expect(renamed.json<MyFace>().name).toBe('Mei Lin');
    expect((await send(alice, 'PATCH', `/app/api/me/faces/${face.id}`, { name: 'x'.repeat(61) })).statusCode).toBe(400);
    const extra = (await addPhoto(alice, face.id, WOMAN)).json<MyFace>();
    const removed = await send(alice, 'DELETE', `/app/api/me/faces/${face.id}/photos/${extra.photos[2]!.id}`);
    expect(removed.json<MyFace>().photos.map((p) => p.id)).toEqual(face.photos.map((p) => p.id));
    expect(await myFiles(alice)).toHaveLength(2);
    const single = (await create(alice, 'single', OTHER)).json<MyFace>();
    const last = await send(alice, 'DELETE', `/app/api/me/faces/${single.id}/photos/${single.photos[0]!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_photo');
    expect((await send(alice, 'DELETE', `/app/api/me/faces/${single.id}`)).statusCode).toBe(204);
    expect(await myFiles(alice)).toHaveLength(2);
  }, 120_000);
});

describe('limits', () => {
  async function seedFace(who: Who, n: number, photos = 1): Promise<string> {
    const id = crypto.randomUUID();
    await t.ctx.db.insertInto('my_faces').values({ id, uid: who.uid, name: `seeded ${n}`, created_at: n, updated_at: n }).execute();
    for (let i = 0; i < photos; i++) {
      await t.ctx.db.insertInto('my_face_photos').values({ id: crypto.randomUUID(), face_id: id, uid: who.uid, key: `myfaces/${who.uid}/seeded-${n}-${i}.jpg`, descriptor: '', facts: '{}', created_at: i }).execute();
    }
    return id;
  }

  it('refuses an 11th face with a stable code, and a 6th photo, leaving no file behind', async () => {
    const carol = await account(t, 'user');
    for (let n = 0; n < 9; n++) await seedFace(carol, n);
    expect((await create(carol, 'tenth', WOMAN)).statusCode).toBe(201);
    const files = await myFiles(carol);
    const eleventh = await create(carol, 'eleventh', WOMAN);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({ code: 'faces_limit', message: 'You can keep up to 10 faces. Delete one to add another.' });
    expect(await myFiles(carol)).toEqual(files);
    const full = await seedFace(carol, 99, 5);
    await t.ctx.db.deleteFrom('my_faces').where('uid', '=', carol.uid).where('name', '=', 'seeded 0').execute();
    const sixth = await addPhoto(carol, full, WOMAN);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('photos_limit');
  }, 120_000);
});

describe('swapping with a saved face', () => {
  let swapId: string;

  it('takes the face id as the source: the swap reads the stored photos, never a copy', async () => {
    const res = await post(t, alice, '/app/api/upload', [{ name: 'uid', value: alice.uid }, { name: 'source', value: face.id }, jpeg('t.jpg', TARGET, 'target')]);
    expect(res.statusCode).toBe(202);
    swapId = res.json<UploadResponse>().id;
    const [row] = await waitForSwaps(t, [swapId]);
    expect(row).toMatchObject({ status: 'done' });
    expect(row!.source_key).toBe((await t.ctx.db.selectFrom('my_face_photos').select('key').where('face_id', '=', face.id).orderBy('created_at').executeTakeFirstOrThrow()).key);
    expect((await get(t, alice, `/app/api/media/swaps/${swapId}/result`)).statusCode).toBe(200);
  }, 180_000);

  it('takes the face id on the Pro modes\' upload too', async () => {
    const res = await post(t, alice, '/app/api/proshoot/upload', [{ name: 'uid', value: alice.uid }, { name: 'source', value: face.id }, jpeg('t.jpg', TARGET, 'target')]);
    expect(res.statusCode).toBe(202);
    const [row] = await waitForSwaps(t, [res.json<UploadResponse>().id]);
    expect(row).toMatchObject({ status: 'done', mode: 'proshoot' });
    expect(row!.source_key).toMatch(new RegExp(`^myfaces/${alice.uid}/`));
  }, 180_000);

  it('keeps the face photos through the retention sweep; the target upload goes', async () => {
    await t.ctx.db.updateTable('swaps').set({ completed_at: Date.now() - 48 * 3600_000 }).where('id', '=', swapId).execute();
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', swapId).executeTakeFirstOrThrow();
    expect(await t.ctx.results.sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.storage.exists(row.target_key)).toBe(false);
    expect(await myFiles(alice)).toHaveLength(2);
    expect((await get(t, alice, face.photos[1]!.url)).statusCode).toBe(200);
  });
});

describe('account data', () => {
  it('exports each face\'s name with its photos', async () => {
    const section = t.ctx.account.registry.sections.find((s) => s.name === 'myFaces')!;
    const { data, keys } = await section.collect(alice.uid);
    expect(data).toEqual([{ name: 'Mei Lin', createdAt: expect.any(String), updatedAt: expect.any(String), photos: keys.map((k) => `files/${k}`) }]);
    expect(keys.sort()).toEqual((await myFiles(alice)).sort());
  });

  it('erases the faces, their rows and every file under the account\'s folder', async () => {
    const me = (await get(t, alice, '/app/api/me')).json<{ profile: { email: string } }>();
    const res = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: me.profile.email }, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBeLessThan(300);
    expect(await myFiles(alice)).toEqual([]);
    expect(await t.ctx.db.selectFrom('my_faces').select('id').where('uid', '=', alice.uid).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('my_face_photos').select('id').where('uid', '=', alice.uid).execute()).toEqual([]);
  }, 120_000);
});
