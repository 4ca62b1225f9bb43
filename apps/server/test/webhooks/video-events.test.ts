// Video events: a real video swap (two segments) posts one signed `video.progress` per finished
// segment, with its frames, then `swap.completed`, whose resultUrl answers the MP4 to the API key.
// A segment told of again (a job re-run after a crash) makes no second delivery.
import type { UploadResponse, WebhookEvent, WebhookWithSecret } from '@visage/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoProgressEvent } from '../../src/modules/webhooks/video-events.ts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { bearer, developer, FACE, TARGET, type Developer } from '../public-api/support.ts';
import { fixture, FIXTURES_DIR } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';
import { photoClip } from '../video/clips.ts';
import { startReceiver, type Receiver } from './support.ts';

const tmp = tempDir('visage-video-events-');

describe('video.progress', () => {
  it('has one id per (swap, segment), whatever the frames counted', () => {
    const at = { uid: 'u1', swapId: 's1', frames: { done: 5, total: 10 }, at: 1000 };
    const first = videoProgressEvent({ ...at, idx: 0 });
    expect(first).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: 'video.progress', created: 1000, data: { swap: { id: 's1', status: 'running' }, frames: { done: 5, total: 10 } } });
    expect(videoProgressEvent({ ...at, idx: 0, frames: { done: 10, total: 10 } }).id).toBe(first.id);
    expect(videoProgressEvent({ ...at, idx: 1 }).id).not.toBe(first.id);
  });
});

describe('a real video swap', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dev: Developer;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Segments of 0.2 s: the 0.4 s clip (10 frames) is cut in two.
    t = await makeApp({ JOB_POLL_MS: '50', WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8', ENGINE_WORKERS: '1', CONTENT_CHECK: 'false', VIDEO_SEGMENT_SECONDS: '0.2', PUBLIC_URL: 'http://visage.test' });
    dev = await developer(t);
    await t.ctx.db.updateTable('users').set({ subscription: 'standard' }).where('uid', '=', dev.uid).execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    tmp.remove();
  });

  it('posts a progress event per segment, then swap.completed with the MP4 as its result', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app/api/account/webhooks', headers: { cookie: dev.cookie }, payload: { url: receiver.url, events: ['video.progress', 'swap.completed'] } });
    const { secret } = res.json<WebhookWithSecret>();
    const form = multipart([
      { name: 'uid', value: dev.uid },
      { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: fixture(FACE) },
      { name: 'target', filename: 'clip.mp4', contentType: 'video/mp4', body: readFileSync(photoClip(tmp.dir, join(FIXTURES_DIR, TARGET), 0.4)) },
    ]);
    const upload = await t.app.inject({ method: 'POST', url: '/app/api/video/upload', payload: form.payload, headers: { ...form.headers, cookie: dev.cookie } });
    expect(upload.statusCode, upload.body).toBe(202);
    const { id } = upload.json<UploadResponse>();

    const events = () => receiver.posts.map((p) => JSON.parse(p.body) as WebhookEvent);
    await waitUntil(() => events().some((e) => e.type === 'swap.completed'), 240_000, 'swap.completed');
    expect(receiver.posts.every((p) => receiver.verifies(p, secret))).toBe(true);
    const progress = events().filter((e) => e.type === 'video.progress');
    expect(progress).toHaveLength(2);
    expect(new Set(progress.map((e) => e.id)).size).toBe(2);
    for (const e of progress) expect(e.data).toMatchObject({ swap: { id, status: 'running' }, frames: { total: 10 } });
    expect(progress.map((e) => e.data.frames!.done).sort((a, b) => a - b)).toEqual([5, 10]);

    // Told again of a finished segment: the same event id, no second delivery.
    const deliveries = () => t.ctx.db.selectFrom('webhook_deliveries').select('event_id').where('uid', '=', dev.uid).execute();
    const before = (await deliveries()).length;
    await t.ctx.webhooks.segmentFinished({ uid: dev.uid, swapId: id, idx: 0, frames: { done: 10, total: 10 }, at: 1 });
    expect((await deliveries()).length).toBe(before);

    // The completed event's result is the MP4, read with the API key (ranges, as a player asks).
    const completed = events().find((e) => e.type === 'swap.completed')!;
    expect(completed.data.swap).toMatchObject({ id, status: 'done', resultUrl: `http://visage.test/app/api/v1/swaps/${id}/result` });
    const url = completed.data.swap.resultUrl!.replace('http://visage.test', '');
    const whole = await t.app.inject({ url, headers: bearer(dev.key.secret) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-disposition']).toBe(`inline; filename="visage-${id.slice(0, 8)}.mp4"`);
    expect(whole.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const part = await t.app.inject({ url, headers: { ...bearer(dev.key.secret), range: 'bytes=0-7' } });
    expect([part.statusCode, part.rawPayload.length]).toEqual([206, 8]);
    const thumb = await t.app.inject({ url: `/app/api/v1/swaps/${id}/thumb`, headers: bearer(dev.key.secret) });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/jpeg']);
  }, 300_000);
});
