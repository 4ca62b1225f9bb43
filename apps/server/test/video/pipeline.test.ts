// A whole video swap through the real app, database, storage, queue, ffmpeg and face engine: a
// short clip of a fixture face with sound and a rotation flag, cut in segments (one job each),
// swapped, joined; ffprobe then checks the result keeps the clip's rate, length, sound and
// orientation, and the face in it changed.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapList, UploadResponse, VideoPeopleResponse } from '@visage/contracts';
import { findMediaTools, type RawFrame } from '../../src/infra/media/index.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { fixture, FIXTURES_DIR } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';
import { photoClip } from './clips.ts';

const TARGET = '012_ai-sfhq-east-asian-woman.jpg';
const FACE = '008_ai-sfhq-frontal-glasses-darkskin.jpg';
const tmp = tempDir('visage-video-flow-');
let t: TestApp;
let who: { cookie: string; uid: string };
let clipPath: string;

beforeAll(async () => {
  // Segments of 0.5 s: the 1.2 s clip is cut in three, taken by two job slots.
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '2', VIDEO_SEGMENT_SECONDS: '0.5', JOB_POLL_MS: '50' });
  const s = await signUp(t.app);
  await t.ctx.db.updateTable('users').set({ subscription: 'standard' }).where('uid', '=', s.me.uid).execute();
  who = { cookie: s.cookie, uid: s.me.uid };
  clipPath = photoClip(tmp.dir, join(FIXTURES_DIR, TARGET), 1.2);
}, 60_000);
afterAll(async () => {
  await t?.close();
  tmp.remove();
});

const probe = (file: string, entries: string) => execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', entries, '-of', 'json', file]).toString();

async function waitForVideo(id: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = (await t.app.inject({ url: `/app/api/swaps/${who.uid}?include=pending`, headers: { cookie: who.cookie } })).json<SwapList>();
    const item = list[id];
    if (item && (item.status === 'done' || item.status === 'failed')) return item;
    if (Date.now() > until) throw new Error(`video swap ${id} still ${item?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The largest mean difference over 16×16 blocks: a swapped face moves some blocks far more than re-encoding moves any. */
function blockDiff(a: RawFrame, b: RawFrame): number {
  let most = 0;
  for (let by = 0; by + 16 <= a.height; by += 16) {
    for (let bx = 0; bx + 16 <= a.width; bx += 16) {
      let sum = 0;
      for (let y = by; y < by + 16; y++) for (let x = bx * 3; x < (bx + 16) * 3; x++) sum += Math.abs(a.data[y * a.width * 3 + x]! - b.data[y * a.width * 3 + x]!);
      most = Math.max(most, sum / (16 * 16 * 3));
    }
  }
  return most;
}

describe('a video swap, end to end', () => {
  it('swaps every frame in segments and joins them with the sound, rate, length and orientation kept', async () => {
    const clip = readFileSync(clipPath);
    const peopleForm = multipart([{ name: 'target', filename: 'clip.mp4', contentType: 'video/mp4', body: clip }]);
    const found = await t.app.inject({ method: 'POST', url: '/app/api/video/people', payload: peopleForm.payload, headers: { ...peopleForm.headers, cookie: who.cookie } });
    expect(found.statusCode, found.body).toBe(200);
    const people = found.json<VideoPeopleResponse>();
    expect(people).toMatchObject({ width: 240, height: 320, fps: 25, duration: 1.2 });
    expect(people.people).toHaveLength(1);
    expect(people.people[0]).toMatchObject({ index: 0, usable: true, seen: 1 });
    expect(people.people[0]!.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    const form = (person: string) => multipart([
      { name: 'uid', value: who.uid },
      { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: fixture(FACE) },
      { name: 'target', filename: 'clip.mp4', contentType: 'video/mp4', body: clip },
      { name: 'person', value: person },
    ]);
    const post = (f: ReturnType<typeof form>) => t.app.inject({ method: 'POST', url: '/app/api/video/upload', payload: f.payload, headers: { ...f.headers, cookie: who.cookie } });
    const nobody = await post(form('1'));
    expect([nobody.statusCode, nobody.json().error.code]).toEqual([400, 'unknown_person']);
    const res = await post(form('0'));
    expect(res.statusCode, res.body).toBe(202);
    const { id, jobId } = res.json<UploadResponse>();

    const item = await waitForVideo(id);
    expect(item.status, JSON.stringify(item.error)).toBe('done');
    expect(item.video).toMatchObject({ url: `/app/api/media/swaps/${id}/video`, original_url: `/app/api/media/swaps/${id}/original`, width: 240, fps: 25, downscaled: false });

    // One segment per job, each taken by a worker and recorded.
    const segments = await t.ctx.db.selectFrom('video_segments').selectAll().where('swap_id', '=', id).orderBy('idx').execute();
    expect(segments.map((s) => [s.first_frame, s.frames, s.frames_done, s.status])).toEqual([[0, 13, 13, 'done'], [13, 13, 13, 'done'], [26, 4, 4, 'done']]);
    expect(segments.every((s) => /^.+:\d+$/.test(s.worker ?? ''))).toBe(true);
    const jobs = await Promise.all(segments.map((s) => t.ctx.queue.get(`vseg-${id}-${s.idx}`)));
    expect(jobs.map((j) => j?.status)).toEqual(['done', 'done', 'done']);
    // The join job ends just after it marked the swap done; then the segments' files are gone.
    await waitUntil(async () => (await t.ctx.queue.get(`vjoin-${id}`))?.status === 'done', 30_000, 'the join job to end');
    expect(await t.ctx.storage.list(`videos/${who.uid}/${id}/`)).toEqual([]);

    // The person chosen from the people found is the one swapped (kept from the people call).
    const facts = JSON.parse((await t.ctx.swaps.get(id))!.video!) as { descriptor: number[] | null; person: number };
    expect(facts.person).toBe(0);
    expect(facts.descriptor!.length).toBeGreaterThan(10);

    // The events stream of the swap's job id ends with done; the frames' count comes from the segments.
    const events = await t.app.inject({ url: `/app/api/jobs/${jobId}/events`, headers: { cookie: who.cookie } });
    expect(events.body).toContain('event: done');
    const row = await t.ctx.swaps.get(id);
    expect(await t.ctx.video.service.progress(row!, jobId)).toMatchObject({ type: 'running', frames: { done: 30, total: 30 } });

    const video = await t.app.inject({ url: item.video!.url!, headers: { cookie: who.cookie } });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['accept-ranges']).toBe('bytes');
    const out = join(tmp.dir, 'result.mp4');
    writeFileSync(out, video.rawPayload);
    const streams = JSON.parse(probe(out, 'stream=codec_type,codec_name,width,height,r_frame_rate,nb_read_frames,duration:stream_side_data=rotation:format_tags=comment')) as {
      streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; r_frame_rate: string; nb_read_frames?: string; duration: string; side_data_list?: unknown[] }>;
      format: { tags: { comment: string } };
    };
    const v = streams.streams.find((s) => s.codec_type === 'video')!;
    const a = streams.streams.find((s) => s.codec_type === 'audio');
    expect(v).toMatchObject({ codec_name: 'h264', width: 240, r_frame_rate: '25/1' });
    // Upright as the clip was shown: its height over its width, no rotation flag left to apply.
    expect(v.height!).toBeGreaterThan(v.width!);
    expect(v.side_data_list).toBeUndefined();
    expect(Math.abs(Number(v.nb_read_frames) - 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(v.duration) - 1.2)).toBeLessThanOrEqual(0.04 + 1e-6);
    expect(a?.codec_name).toBe('aac');
    expect(streams.format.tags.comment).toMatch(/^Manipulated video: a face was swapped with Visage\./);

    // The face changed: a frame of the result against the same frame of the clip.
    const media = findMediaTools()!;
    const size = { width: v.width!, height: v.height! };
    const [before] = await media.sample(clipPath, [0.6], { maxHeight: 1080, size });
    const [after] = await media.sample(out, [0.6], { maxHeight: 1080, size });
    // Encoding the clip again without a swap moves no block by more than about 3 (measured 3.1; swapped: 87.8).
    const moved = blockDiff(before!, after!);
    expect(moved).toBeGreaterThan(15);

    // A <video> element's seek, the poster as the picture, the clip as uploaded.
    const part = await t.app.inject({ url: item.video!.url!, headers: { cookie: who.cookie, range: 'bytes=100-199' } });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, `bytes 100-199/${video.rawPayload.length}`, 100]);
    expect(part.rawPayload.equals(video.rawPayload.subarray(100, 200))).toBe(true);
    const poster = await t.app.inject({ url: item.image_url, headers: { cookie: who.cookie } });
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const original = await t.app.inject({ url: item.video!.original_url!, headers: { cookie: who.cookie, range: 'bytes=0-' } });
    expect([original.statusCode, original.rawPayload.length]).toEqual([206, statSync(clipPath).size]);

    // Deleting the swap takes its MP4, poster, clip and segment rows.
    const del = await t.app.inject({ method: 'DELETE', url: `/app/api/swaps/${who.uid}/${id}`, headers: { cookie: who.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await t.ctx.storage.list(`results/${who.uid}/`)).toEqual([]);
    expect(await t.ctx.db.selectFrom('video_segments').select('idx').where('swap_id', '=', id).execute()).toEqual([]);
  }, 300_000);

  it('stops a running swap on cancel: its segments end, their files go, the allowance comes back', async () => {
    const usage = async () => (await t.ctx.db.selectFrom('users').select('video_usage').where('uid', '=', who.uid).executeTakeFirstOrThrow()).video_usage;
    const before = await usage();
    const form = multipart([
      { name: 'uid', value: who.uid },
      { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: fixture(FACE) },
      { name: 'target', filename: 'clip.mp4', contentType: 'video/mp4', body: readFileSync(clipPath) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/app/api/video/upload', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    const { id } = res.json<UploadResponse>();
    expect(await usage()).toBe(before + 1);
    // Cancelled once a segment has started swapping.
    await waitUntil(async () => (await t.ctx.db.selectFrom('video_segments').select('idx').where('swap_id', '=', id).where('status', '=', 'running').execute()).length > 0, 120_000, 'a segment to start');
    const cancel = await t.app.inject({ method: 'POST', url: `/app/api/video/${id}/cancel`, headers: { cookie: who.cookie } });
    expect(cancel.json()).toEqual({ id, status: 'failed' });
    expect(await usage()).toBe(before);
    const segments = await t.ctx.db.selectFrom('video_segments').select('idx').where('swap_id', '=', id).execute();
    // Every segment job ends soon (at its next chunk at the latest); none goes on to a join.
    await waitUntil(async () => {
      const jobs = await Promise.all(segments.map((s) => t.ctx.queue.get(`vseg-${id}-${s.idx}`)));
      return jobs.every((j) => j === null || j.status === 'done');
    }, 60_000, 'the segment jobs to stop');
    expect(await t.ctx.queue.get(`vjoin-${id}`)).toBeNull();
    expect(await t.ctx.storage.list(`videos/${who.uid}/${id}/`)).toEqual([]);
    expect((await t.ctx.swaps.get(id))).toMatchObject({ status: 'failed', error_code: 'cancelled', result_key: null });
  }, 300_000);
});
