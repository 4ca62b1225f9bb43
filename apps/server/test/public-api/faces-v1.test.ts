// The public API's faces with a key, on the real app, engine, queue, database and storage: a photo's
// faces (the detection kept for the create that follows), the key owner's saved faces, and swaps
// made from a saved face (JSON) or from several sources mapped onto chosen faces (multipart).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1SavedFaceList, v1Swap, type DetectFacesResponse, type MyFace, type V1Swap } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart, type Part } from '../support/multipart.ts';
import { bearer, developer, type Developer } from './support.ts';

let t: TestApp;
let dev: Developer;
let other: Developer;
let group: Buffer;
let saved: MyFace;
let detections = 0;

const FACE_A = fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const WOMAN = fixture('012_ai-sfhq-east-asian-woman.jpg');

/** Two people side by side, the right one's face larger. */
async function groupPhoto(): Promise<Buffer> {
  const left = await sharp(fixture('001_nasa-eileen-collins.png')).resize(420, 420).removeAlpha().toBuffer();
  const right = await sharp(WOMAN).resize(400, 400).toBuffer();
  return sharp({ create: { width: 900, height: 460, channels: 3, background: '#8090a0' } })
    .composite([{ input: left, left: 10, top: 20 }, { input: right, left: 480, top: 40 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const file = (name: string, body: Buffer): Part => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', body });
function postForm(url: string, parts: Part[], headers: Record<string, string>) {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers } });
}
const withKey = (who: Developer) => bearer(who.key.secret);

async function waitDone(id: string): Promise<V1Swap> {
  for (const until = Date.now() + 240_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const swap = (await t.app.inject({ url: `/app/api/v1/swaps/${id}`, headers: withKey(dev) })).json<V1Swap>();
    if (swap.status === 'done' || swap.status === 'failed') return swap;
  }
  throw new Error(`swap ${id} did not end`);
}

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  [dev, other, group] = await Promise.all([developer(t), developer(t), groupPhoto()]);
  const created = await postForm('/app/api/me/faces', [{ name: 'name', value: 'Mei' }, file('photo', WOMAN)], { cookie: dev.cookie });
  expect(created.statusCode, created.body).toBe(201);
  saved = created.json<MyFace>();
  const engine = t.ctx.engine;
  const realDetect = engine.detect;
  engine.detect = (...args) => { detections += 1; return realDetect(...args); };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the public API\'s faces', () => {
  it('lists the key owner\'s saved faces, each photo readable with the key and no other', async () => {
    const res = await t.app.inject({ url: '/app/api/v1/faces', headers: withKey(dev) });
    expect(res.statusCode).toBe(200);
    const list = v1SavedFaceList.parse(res.json());
    expect(list.faces).toEqual([{ id: saved.id, name: 'Mei', createdAt: saved.createdAt, photoCount: 1, photos: [{ id: saved.photos[0]!.id, url: `/app/api/v1/faces/${saved.id}/photos/${saved.photos[0]!.id}`, createdAt: saved.photos[0]!.createdAt }] }]);
    const photo = await t.app.inject({ url: list.faces[0]!.photos[0]!.url, headers: withKey(dev) });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.app.inject({ url: list.faces[0]!.photos[0]!.url, headers: withKey(other) })).json().error.code).toBe('not_found');
    expect((await t.app.inject({ url: '/app/api/v1/faces', headers: withKey(other) })).json().faces).toEqual([]);
  });

  it('answers detect like the app, and a multipart create on the same target maps two faces without detecting again', async () => {
    const res = await postForm('/app/api/v1/faces/detect', [file('image', group)], withKey(dev));
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<DetectFacesResponse>();
    expect([found.width, found.height]).toEqual([900, 460]);
    expect(found.faces.filter((f) => f.usable)).toHaveLength(2);
    // The app's detect on the same bytes answers the same.
    const app = await postForm('/app/api/faces/detect', [file('image', group)], { cookie: dev.cookie });
    expect(app.json()).toEqual(found);
    const before = detections;
    const faces = JSON.stringify([{ target: 0, source: 0 }, { target: 1, source: 1 }]);
    const parts = [file('target', group), file('source', FACE_A), { name: 'source', value: saved.id }, { name: 'faces', value: faces }];
    const once = { ...withKey(dev), 'idempotency-key': 'two-faces' };
    const created = await postForm('/app/api/v1/swaps', parts, once);
    expect(created.statusCode, created.body).toBe(202);
    expect(detections).toBe(before);
    // The same key: the same parts replay the answer; the sources in another order are another request.
    const replay = await postForm('/app/api/v1/swaps', parts, once);
    expect([replay.headers['idempotent-replayed'], replay.json<V1Swap>().id]).toEqual(['true', created.json<V1Swap>().id]);
    const swapped = await postForm('/app/api/v1/swaps', [parts[0]!, parts[2]!, parts[1]!, parts[3]!], once);
    expect(swapped.json().error.code).toBe('idempotency_key_reused');
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', created.json<V1Swap>().id).executeTakeFirstOrThrow();
    expect(row.uid).toBe(dev.uid);
    expect(JSON.parse(row.face_map!)).toMatchObject({ pairs: [{ target: 0, source: 0 }, { target: 1, source: 1 }] });
    expect(JSON.parse(row.target_analysis!).faces).toHaveLength(2);
    // An index detect did not find is refused before anything is stored.
    const bad = await postForm('/app/api/v1/swaps', [file('target', group), file('source', FACE_A), { name: 'faces', value: '[{"target":5,"source":0}]' }], withKey(dev));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_face_index');
  });

  it('creates from a saved face as JSON, to done; another account\'s saved face is 404 unknown_face', async () => {
    const target = (await t.app.inject({ url: '/app/api/v1/swaps?limit=1', headers: withKey(dev) })).json<{ items: V1Swap[] }>().items[0]!;
    const res = await t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: withKey(dev), payload: { source: { savedFaceId: saved.id }, target: { swapId: target.id } } });
    expect(res.statusCode, res.body).toBe(202);
    const swap = res.json<V1Swap>();
    const row = await t.ctx.db.selectFrom('swaps').select('source_key').where('id', '=', swap.id).executeTakeFirstOrThrow();
    expect(row.source_key.startsWith(`myfaces/${dev.uid}/`)).toBe(true);
    const done = v1Swap.parse(await waitDone(swap.id));
    expect(done.status, JSON.stringify(done.error)).toBe('done');
    expect((await t.app.inject({ url: done.resultUrl!, headers: withKey(dev) })).statusCode).toBe(200);
    // The multipart swap of two mapped faces (this one's target) ran to the end as well.
    expect((await waitDone(target.id)).status).toBe('done');

    const foreign = await t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: withKey(other), payload: { source: { savedFaceId: saved.id }, target: { swapId: target.id } } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('unknown_face');
    const foreignForm = await postForm('/app/api/v1/swaps', [file('target', group), { name: 'source', value: saved.id }], withKey(other));
    expect(foreignForm.statusCode).toBe(404);
    expect(foreignForm.json().error.code).toBe('unknown_face');
    const ownTarget = await t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: withKey(dev), payload: { source: { savedFaceId: '00000000-0000-4000-8000-000000000000' }, target: { swapId: target.id } } });
    expect(ownTarget.statusCode).toBe(404);
    expect(ownTarget.json().error.code).toBe('unknown_face');
    expect(await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', other.uid).execute()).toEqual([]);
  }, 300_000);

  it('refuses a session cookie alone on every faces route', async () => {
    const photo = `/app/api/v1/faces/${saved.id}/photos/${saved.photos[0]!.id}`;
    for (const url of ['/app/api/v1/faces', photo]) {
      const res = await t.app.inject({ url, headers: { cookie: dev.cookie } });
      expect(res.statusCode, url).toBe(401);
    }
    const detect = await postForm('/app/api/v1/faces/detect', [file('image', group)], { cookie: dev.cookie });
    expect(detect.statusCode).toBe(401);
    const create = await t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', headers: { cookie: dev.cookie }, payload: { source: { savedFaceId: saved.id }, target: { swapId: saved.id } } });
    expect(create.statusCode).toBe(401);
  });
});
