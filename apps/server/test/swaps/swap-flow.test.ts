// The swap flow through the real app, database, storage, queue and face engine.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, type SwapList, type UploadResponse } from '@visage/contracts';
import { SWAP_FORM_FILES } from '../../src/modules/swaps/swap-form.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { DIGITAL_SOURCE_TYPE } from '../../src/modules/swaps/labelling.ts';
import { toSwapItem } from '../../src/modules/swaps/service.ts';
import type { SwapRow } from '../../src/modules/swaps/repository.ts';

let t: TestApp;
let alice: { cookie: string; uid: string };
let bob: { cookie: string; uid: string };

const TARGET = '012_ai-sfhq-east-asian-woman.jpg';
const FACE = '008_ai-sfhq-frontal-glasses-darkskin.jpg';

function uploadForm(uid: string, target: Buffer, source: Buffer, names = ['target.jpg', 'face.jpg']) {
  return multipart([
    { name: 'uid', value: uid },
    { name: 'target', filename: names[0]!, contentType: 'image/jpeg', body: target },
    { name: 'source', filename: names[1]!, contentType: 'image/jpeg', body: source },
  ]);
}

async function upload(who: { cookie: string }, uid: string, target: Buffer, source: Buffer) {
  const form = uploadForm(uid, target, source);
  return t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
}

async function waitForSwap(id: string, who: { cookie: string; uid: string }, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ url: `/app/api/swaps/${who.uid}?include=pending`, headers: { cookie: who.cookie } });
    const item = res.json<SwapList>()[id];
    if (item && (item.status === 'done' || item.status === 'failed')) return item;
    if (Date.now() > until) throw new Error(`swap ${id} still ${item?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  const a = await signUp(t.app);
  const b = await signUp(t.app);
  alice = { cookie: a.cookie, uid: a.me.uid };
  bob = { cookie: b.cookie, uid: b.me.uid };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /app/api/upload → job → gallery', () => {
  let done: { id: string; jobId: string };

  it('swaps the face and lists the result, newest first, with a labelled image', async () => {
    const res = await upload(alice, alice.uid, fixture(TARGET), fixture(FACE));
    expect(res.statusCode).toBe(202);
    // Where the upload's time went, step by step (read by bench:flow).
    expect(String(res.headers['server-timing'])).toMatch(/^read;dur=[\d.]+, decode;dur=[\d.]+, content;dur=[\d.]+, store;dur=[\d.]+, reserve;dur=[\d.]+, enqueue;dur=[\d.]+, total;dur=[\d.]+$/);
    const body = res.json<UploadResponse>();
    expect(body.status).toBe('queued');
    done = body;

    const item = await waitForSwap(body.id, alice);
    expect(item.status).toBe('done');

    const list = (await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } })).json<SwapList>();
    expect(Object.keys(list)).toEqual([body.id]);
    expect(list[body.id]).toMatchObject({ id: body.id, status: 'done' });
    expect(list[body.id]!.warnings).toBeUndefined();

    const img = await t.app.inject({ url: list[body.id]!.image_url, headers: { cookie: alice.cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.xmp?.toString()).toContain(DIGITAL_SOURCE_TYPE);
    expect(meta.exif).toBeUndefined();

    const thumb = await t.app.inject({ url: list[body.id]!.thumb_url, headers: { cookie: alice.cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(['image/webp', 'image/jpeg']).toContain(thumb.headers['content-type']);
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(tm.width ?? 0, tm.height ?? 0)).toBeLessThanOrEqual(480);
  }, 90_000);

  it('answers 304 when the list has not changed since the ETag the client holds', async () => {
    const first = await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A browser (accepts gzip) gets the same list compressed, under the same ETag.
    const zipped = await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie, 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(etag);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
  });

  it('streams the finished job as Server-Sent Events', async () => {
    const res = await t.app.inject({ url: `/app/api/jobs/${done.jobId}/events`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('event: done');
    expect(res.body).toContain(`"swapId":"${done.id}"`);
  });

  it('counts the finished swap once in the monthly usage', async () => {
    const me = await t.app.inject({ url: '/app/api/me', headers: { cookie: alice.cookie } });
    expect(me.json().usage).toBe(1);
  });

  it('never makes a second gallery entry when the job runs again', async () => {
    const again = await t.ctx.swaps.run(done.id, 2, () => undefined, t.ctx.engine);
    expect(again.status).toBe('done');
    await t.ctx.swaps.enqueue(done.id, done.jobId);
    const list = (await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } })).json<SwapList>();
    expect(Object.keys(list)).toEqual([done.id]);
    const me = await t.app.inject({ url: '/app/api/me', headers: { cookie: alice.cookie } });
    expect(me.json().usage).toBe(1);
  });

  /** A copy of the first swap's row under `id`, not yet finished. */
  const unfinishedCopy = async (id: string, status: 'queued' | 'running') => {
    const first = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', done.id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('swaps')
      .values({ ...first, id, job_id: `swap-${id}`, status, result_key: null, thumb_key: null, metrics: null, completed_at: null, created_at: Date.now() })
      .execute();
  };

  it('picks up a swap whose job was never enqueued (crash between store and enqueue)', async () => {
    const id = '00000000-0000-4000-8000-00000000a001';
    await unfinishedCopy(id, 'queued');
    expect((await t.ctx.swaps.reconcile()).requeued).toBe(1);
    expect((await waitForSwap(id, alice)).status).toBe('done');
  }, 60_000);

  it('leaves no result files when the swap was failed while an attempt still ran', async () => {
    const id = '00000000-0000-4000-8000-00000000a002';
    await unfinishedCopy(id, 'running');
    // The engine finishes after the swap was given up on (its last attempt's lease lost).
    const late = { swap: async (opts: Parameters<typeof t.ctx.engine.swap>[0]) => { const r = await t.ctx.engine.swap(opts); await t.ctx.swaps.fail(id, 'engine_failed'); return r; } };
    expect((await t.ctx.swaps.run(id, 3, () => undefined, late)).status).toBe('failed');
    expect(await t.ctx.storage.list(`results/${alice.uid}/${id}`)).toEqual([]);
    // Done by another attempt meanwhile: the same keys are that attempt's, and stay.
    const other = '00000000-0000-4000-8000-00000000a003';
    await unfinishedCopy(other, 'running');
    const keys = { result_key: `results/${alice.uid}/${other}.jpg`, thumb_key: `results/${alice.uid}/${other}-thumb.webp` };
    const beaten = { swap: async (opts: Parameters<typeof t.ctx.engine.swap>[0]) => { const r = await t.ctx.engine.swap(opts); await t.ctx.db.updateTable('swaps').set({ status: 'done', ...keys }).where('id', '=', other).execute(); return r; } };
    expect((await t.ctx.swaps.run(other, 2, () => undefined, beaten)).status).toBe('done');
    expect([await t.ctx.storage.exists(keys.result_key), await t.ctx.storage.exists(keys.thumb_key)]).toEqual([true, true]);
  }, 60_000);

  /** 007 with its lower 38% cut off: a close selfie without its mouth. */
  const withoutMouth = async () => {
    const img = fixture('007_ai-tpdne-older-woman.jpg');
    const { width, height } = await sharp(img).metadata();
    return sharp(img).extract({ left: 0, top: 0, width: width!, height: Math.round(height! * 0.62) }).jpeg().toBuffer();
  };

  /** 008 out of focus (a blur of sigma 3): its 305-px face holds the detail of a 77-px one. */
  const outOfFocus = () => sharp(fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg')).blur(3).jpeg({ quality: 92 }).toBuffer();

  it.each([
    ['the face photo\'s mouth is covered, so its lower face came from the target', '014_ai-sfhq-scarf-over-mouth.jpg', ['source_covered']],
    // 015 is also lit hard from one side: a dark half of its face stays.
    ['a hand rests against the face photo, so the part it covers came from the target', '015_ai-sfhq-hand-on-cheek.jpg', ['source_hand', 'source_side_lit']],
    ['the face photo\'s edge cuts off its mouth, so the mouth came from the target', withoutMouth, ['source_partial']],
    ['the face photo is blurred, so the new face is softer than the photo', outOfFocus, ['source_blurry']],
    // The engine's verdict: 009's profile drawn onto 012's frontal face reads as a pose leak (labelled bad by eye).
    ['the result likely looks pasted on, its head turned unlike the target\'s', '009_ai-sfhq-profile-darkskin-man.jpg', ['source_side_on', 'result_pose']],
  ])('says when %s', async (_what, faceFile, warnings) => {
    const d = await signUp(t.app);
    const who = { cookie: d.cookie, uid: d.me.uid };
    const res = await upload(who, who.uid, fixture(TARGET), typeof faceFile === 'string' ? fixture(faceFile) : await faceFile());
    const item = await waitForSwap(res.json<UploadResponse>().id, who);
    expect(item.status).toBe('done');
    expect(item.warnings).toEqual(warnings);
  }, 90_000);

  it('lists only the warnings the contract knows, and none on a swap that is not done', () => {
    const row = { id: 'x', uid: 'u', status: 'done', created_at: 1, metrics: JSON.stringify({ timings: {}, warnings: ['source_side_on', 'from_a_newer_engine'] }) } as unknown as SwapRow;
    expect(toSwapItem(row).warnings).toEqual(['source_side_on']);
    expect(toSwapItem({ ...row, metrics: '{"warnings":["from_a_newer_engine"]}' }).warnings).toBeUndefined();
    expect(toSwapItem({ ...row, metrics: 'not json' }).warnings).toBeUndefined();
    expect(toSwapItem({ ...row, status: 'failed' }).warnings).toBeUndefined();
  });

  it('records why a swap failed when the target shows no face', async () => {
    const res = await upload(alice, alice.uid, fixture('016_cc0-coffee-noface.png'), fixture(FACE));
    expect(res.statusCode).toBe(202);
    const { id } = res.json<UploadResponse>();
    const item = await waitForSwap(id, alice);
    expect(item.status).toBe('failed');
    expect(item.error).toEqual({ code: 'no_face_target', message: 'No face was found in the target photo.' });
    const list = (await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } })).json<SwapList>();
    expect(list[id]).toBeUndefined();
  }, 60_000);
});

describe('upload checks', () => {
  it('refuses a file that is not JPEG or PNG by its content, whatever its name', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const res = await upload(alice, alice.uid, gif, fixture(FACE));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Please select a valid image file (jpeg, png, or jpg).');
  });

  it('cuts off a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(10_485_761, 0xff);
    big[0] = 0xff;
    big[1] = 0xd8;
    const res = await upload(alice, alice.uid, big, fixture(FACE));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file size should be less than 10 MB.');
  });

  it('refuses a declared body too large for the form before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/upload',
      payload: 'x',
      headers: { cookie: alice.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String((SWAP_FORM_FILES + 1) * MAX_UPLOAD_BYTES) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('needs both images', async () => {
    const form = multipart([
      { name: 'uid', value: alice.uid },
      { name: 'target', filename: 't.jpg', contentType: 'image/jpeg', body: fixture(TARGET) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: alice.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please select both target and source images.');
  });

  it('needs a session', async () => {
    const form = uploadForm(alice.uid, fixture(TARGET), fixture(FACE));
    const res = await t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('free tier', () => {
  it('refuses an eleventh swap in the month with a clear message, storing nothing', async () => {
    const carol = await signUp(t.app);
    await t.ctx.db.updateTable('users').set({ usage: 10 }).where('uid', '=', carol.me.uid).execute();
    const res = await upload({ cookie: carol.cookie }, carol.me.uid, fixture(TARGET), fixture(FACE));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('quota_exceeded');
    expect(res.json().error.message).toMatch(/^You have used the 10 free swaps of this month\. They renew on \d{4}-\d{2}-01\.$/);
    const list = await t.app.inject({ url: `/app/api/swaps/${carol.me.uid}?include=pending`, headers: { cookie: carol.cookie } });
    expect(list.json()).toEqual({});
  });
});

describe('one user cannot reach another user’s swaps', () => {
  it('answers 404 for the list, the images, the job events and an upload under the other uid', async () => {
    const list = (await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: { cookie: alice.cookie } })).json<SwapList>();
    const item = Object.values(list)[0]!;
    const asBob = { cookie: bob.cookie };
    expect((await t.app.inject({ url: `/app/api/swaps/${alice.uid}`, headers: asBob })).statusCode).toBe(404);
    expect((await t.app.inject({ url: item.image_url, headers: asBob })).statusCode).toBe(404);
    expect((await t.app.inject({ url: item.thumb_url, headers: asBob })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/app/api/jobs/swap-${item.id}/events`, headers: asBob })).statusCode).toBe(404);
    expect((await upload(bob, alice.uid, fixture(TARGET), fixture(FACE))).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/app/api/swaps/${bob.uid}`, headers: asBob })).json()).toEqual({});
  });
});
