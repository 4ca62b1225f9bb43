// The video upload's refusals and allowance, through the real app, database, storage and ffprobe:
// each bad clip gets its code and leaves nothing stored; Free has no video; Standard's sixth of the
// month is refused; cancelling gives the allowance back once. ROLE=api: jobs are enqueued, never run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapList, UploadResponse, VideoCancelResponse, VideoStatus } from '@visage/contracts';
import { currentEvent } from '../../src/modules/swaps/job-events.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { multipart } from '../support/multipart.ts';
import { tempDir } from '../support/tmp.ts';
import { testClip } from './clips.ts';

const MAX_BYTES = 300 * 1024;
const tmp = tempDir('visage-video-limits-');
let t: TestApp;
let photo: Buffer;
let clip: Buffer;
let long: Buffer;

beforeAll(async () => {
  t = await makeApp({ ROLE: 'api', VIDEO_MAX_SECONDS: '2', VIDEO_MAX_BYTES: String(MAX_BYTES) });
  photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c08060' } }).jpeg().toBuffer();
  clip = readFileSync(testClip(tmp.dir, 1, '320x240', 'ok.mp4'));
  long = readFileSync(testClip(tmp.dir, 3, '160x120', 'long.mp4'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  tmp.remove();
});

async function user(patch: { subscription?: string; video_usage?: number } = {}) {
  const s = await signUp(t.app);
  if (Object.keys(patch).length > 0) await t.ctx.db.updateTable('users').set(patch).where('uid', '=', s.me.uid).execute();
  return { cookie: s.cookie, uid: s.me.uid, email: s.me.profile.email };
}

function upload(who: { cookie: string; uid: string }, target: Buffer, filename = 'clip.mp4') {
  const form = multipart([
    { name: 'uid', value: who.uid },
    { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: photo },
    { name: 'target', filename, contentType: 'video/mp4', body: target },
  ]);
  return t.app.inject({ method: 'POST', url: '/app/api/video/upload', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
}

const videoUsage = async (uid: string) => (await t.ctx.db.selectFrom('users').select('video_usage').where('uid', '=', uid).executeTakeFirstOrThrow()).video_usage;
const stored = (uid: string) => {
  const dir = join(t.ctx.config.storageDir, 'uploads', uid);
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe('video upload limits', () => {
  it('refuses a Free account before reading the clip, and says so in the status', async () => {
    const free = await user();
    const res = await upload(free, clip);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('video_plan_required');
    const status = (await t.app.inject({ url: '/app/api/video/status', headers: { cookie: free.cookie } })).json<VideoStatus>();
    expect(status).toMatchObject({ available: true, reason: null, maxSeconds: 2, maxBytes: MAX_BYTES, maxHeight: 1080, plan: 'free', usage: 0, limit: 0, left: 0 });
  });

  it('refuses a clip too long, too large, not a video or unreadable, keeping nothing', async () => {
    const std = await user({ subscription: 'standard' });
    const cases: Array<[Buffer, number, string]> = [
      [long, 400, 'video_too_long'],
      [Buffer.concat([clip.subarray(0, 32), randomBytes(MAX_BYTES)]), 413, 'video_too_large'],
      [photo, 415, 'unsupported_video'],
      [Buffer.concat([clip.subarray(0, 32), randomBytes(2000)]), 400, 'corrupt_video'],
    ];
    for (const [body, status, code] of cases) {
      const res = await upload(std, body);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    expect(await videoUsage(std.uid)).toBe(0);
    expect(stored(std.uid)).toBe(0);
    expect(await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', std.uid).execute()).toEqual([]);
  });

  it("takes Standard's fifth of the month, refuses the sixth, and gives one back on cancel, once", async () => {
    const std = await user({ subscription: 'standard', video_usage: 4 });
    const res = await upload(std, clip);
    expect(res.statusCode).toBe(202);
    const created = res.json<UploadResponse>();
    expect(created).toMatchObject({ status: 'queued', jobId: `video-${created.id}` });
    expect(await videoUsage(std.uid)).toBe(5);
    // The clip and the face photo are kept under the account's uploads.
    expect(stored(std.uid)).toBe(2);
    const sixth = await upload(std, clip);
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([402, 'video_quota_exceeded']);
    expect(sixth.json().error.message).toMatch(/5 video swaps/);
    const list = (await t.app.inject({ url: `/app/api/swaps/${std.uid}?include=pending`, headers: { cookie: std.cookie } })).json<SwapList>();
    expect(list[created.id]!.video).toMatchObject({ width: 320, height: 240, fps: 25, duration: 1, downscaled: false });
    expect(list[created.id]!.video!.url).toBeUndefined();

    const other = await user({ subscription: 'standard' });
    const foreign = await t.app.inject({ method: 'POST', url: `/app/api/video/${created.id}/cancel`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      const cancel = await t.app.inject({ method: 'POST', url: `/app/api/video/${created.id}/cancel`, headers: { cookie: std.cookie } });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json<VideoCancelResponse>()).toEqual({ id: created.id, status: 'failed' });
      expect(await videoUsage(std.uid)).toBe(4);
    }
    const row = await t.ctx.db.selectFrom('swaps').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error_code: 'cancelled', quota_period: null, kind: 'video' });
    // Image swaps' allowance is left alone.
    expect((await t.ctx.db.selectFrom('users').select('usage').where('uid', '=', std.uid).executeTakeFirstOrThrow()).usage).toBe(0);
    const status = (await t.app.inject({ url: '/app/api/video/status', headers: { cookie: std.cookie } })).json<VideoStatus>();
    expect(status).toMatchObject({ plan: 'standard', usage: 4, limit: 5, left: 1 });
  });

  it("reads a running swap's progress from its segments, and erasure takes its clip and segments", async () => {
    const std = await user({ subscription: 'standard' });
    const { id, jobId } = (await upload(std, clip)).json<UploadResponse>();
    // As a worker elsewhere leaves it: two segments started 2 s ago, 13 + 4 of 25 frames swapped.
    const row = await t.ctx.db.selectFrom('swaps').select('video').where('id', '=', id).executeTakeFirstOrThrow();
    const facts = { ...(JSON.parse(row.video!) as object), startedAt: Date.now() - 2000 };
    await t.ctx.db.updateTable('swaps').set({ status: 'running', video: JSON.stringify(facts) }).where('id', '=', id).execute();
    await t.ctx.db.insertInto('video_segments').values([
      { swap_id: id, idx: 0, first_frame: 0, frames: 13, frames_done: 13, status: 'done', result_key: `videos/${std.uid}/${id}/seg-0.mp4`, worker: 'w:1', updated_at: Date.now() },
      { swap_id: id, idx: 1, first_frame: 13, frames: 12, frames_done: 4, status: 'running', result_key: null, worker: 'w:2', updated_at: Date.now() },
    ]).execute();
    await t.ctx.storage.put(`videos/${std.uid}/${id}/seg-0.mp4`, clip, 'video/mp4');
    const event = await currentEvent(id, jobId, t.ctx.swaps, t.ctx.queue);
    expect(event).toMatchObject({ type: 'running', stage: 'swap', frames: { done: 17, total: 25 } });
    // 17 frames took 2 s: the 8 left take about 0.94 s at that pace.
    expect(event.type === 'running' && event.etaMs).toBeGreaterThanOrEqual(940);
    expect(event.type === 'running' && event.etaMs).toBeLessThan(3000);

    const erased = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: std.email }, headers: { cookie: std.cookie } });
    expect(erased.statusCode).toBe(204);
    expect(await t.ctx.storage.list(`uploads/${std.uid}/`)).toEqual([]);
    expect(await t.ctx.storage.list(`videos/${std.uid}/`)).toEqual([]);
    expect(await t.ctx.db.selectFrom('video_segments').select('idx').where('swap_id', '=', id).execute()).toEqual([]);
    expect(await t.ctx.queue.get(jobId)).toBeNull();
  });

  it('answers 503 video_off when ffmpeg cannot be found, and still starts', async () => {
    const off = await makeApp({ ROLE: 'api', FFMPEG_PATH: '/nowhere/ffmpeg' });
    try {
      const s = await signUp(off.app);
      const status = (await off.app.inject({ url: '/app/api/video/status', headers: { cookie: s.cookie } })).json<VideoStatus>();
      expect(status).toMatchObject({ available: false, reason: 'no_ffmpeg' });
      const res = await off.app.inject({ method: 'POST', url: '/app/api/video/people', headers: { cookie: s.cookie } });
      expect([res.statusCode, res.json().error.code]).toEqual([503, 'video_off']);
    } finally {
      await off.close();
    }
  });
});
