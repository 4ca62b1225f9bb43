// Swap events: a real swap through the app and engine ends in one signed `swap.completed` post
// to the receiver; a failed swap's event carries its error; the event id is stable, so a swap
// told of twice (a job run again) still makes one delivery.
import type { WebhookEvent, WebhookWithSecret } from '@visage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapRow } from '../../src/modules/swaps/repository.ts';
import { swapEvent } from '../../src/modules/webhooks/swap-events.ts';
import { uploadSwap, waitForSwap, type Who } from '../account/support.ts';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { waitUntil } from '../support/tmp.ts';
import { startReceiver, type Receiver } from './support.ts';

const row = (patch: Partial<SwapRow>): SwapRow => ({
  id: '0b7e4a52-5d8c-4e0e-9a57-3c2d1f0e9b11',
  uid: 'u1',
  mode: 'main',
  status: 'done',
  job_id: 'swap-x',
  source_key: 'uploads/u1/s.jpg',
  target_key: 'uploads/u1/t.jpg',
  result_key: 'results/u1/x.jpg',
  thumb_key: 'results/u1/x-thumb.webp',
  error_code: null,
  error_message: null,
  metrics: JSON.stringify({ warnings: ['source_blurry', 'not-a-warning'] }),
  created_at: 1000,
  completed_at: 2000,
  quota_period: null,
  face_id: null,
  uploads_deleted_at: null,
  kind: 'image',
  video: null,
  face_map: null,
  target_analysis: null,
  ...patch,
});

describe('swap events', () => {
  it('tells of a done swap (result, warnings) and of a failed one (its error), with stable ids', () => {
    const done = swapEvent(row({}), 'https://visage.example.com/');
    expect(done).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'swap.completed',
      created: 2000,
      data: { swap: { id: row({}).id, status: 'done', resultUrl: `https://visage.example.com/app/api/v1/swaps/${row({}).id}/result`, warnings: ['source_blurry'] } },
    });
    expect(swapEvent(row({}), 'https://visage.example.com')!.id).toBe(done!.id);
    const failed = swapEvent(row({ status: 'failed', error_code: 'no_face_source', error_message: 'No face was found in the face photo.', metrics: null }));
    expect(failed).toMatchObject({ type: 'swap.failed', data: { swap: { status: 'failed', error: { code: 'no_face_source', message: 'No face was found in the face photo.' } } } });
    expect(failed!.data.swap.resultUrl).toBeUndefined();
    expect(failed!.id).not.toBe(done!.id);
    expect(swapEvent(row({ status: 'running' }))).toBeNull();
  });
});

describe('a real swap', () => {
  let t: TestApp;
  let receiver: Receiver;
  let who: Who;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await makeApp({ JOB_POLL_MS: '50', WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8', ENGINE_WORKERS: '1', CONTENT_CHECK: 'false', PUBLIC_URL: 'http://visage.test' });
    const a = await signUp(t.app);
    who = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('posts swap.completed once the swap is done, once only, and again if the end was not told', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app/api/account/webhooks', headers: { cookie: who.cookie }, payload: { url: receiver.url, events: ['swap.completed', 'swap.failed'] } });
    const { secret } = res.json<WebhookWithSecret>();
    const swapId = await uploadSwap(t.app, who);
    expect((await waitForSwap(t.app, who, swapId)).status).toBe('done');
    const post = await waitUntil(() => receiver.posts[0], 20_000, 'the webhook post');
    expect(receiver.verifies(post, secret)).toBe(true);
    const event = JSON.parse(post.body) as WebhookEvent;
    expect(event).toMatchObject({ type: 'swap.completed', data: { swap: { id: swapId, status: 'done', resultUrl: `http://visage.test/app/api/v1/swaps/${swapId}/result` } } });

    const rows = () => t.ctx.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).where('uid', '=', who.uid).execute();
    await waitUntil(async () => (await rows())[0]?.status === 'delivered', 20_000, 'the delivery recorded');

    // Told again (a swap job run twice): the same event, no second delivery.
    await t.ctx.webhooks.swapEnded((await t.ctx.swaps.get(swapId))!);
    expect(await rows()).toEqual([{ event_id: event.id, status: 'delivered' }]);
    expect(receiver.posts).toHaveLength(1);

    // A worker that died right after the end, on the last attempt, before the event was queued:
    // the job's terminal failure hook tells of the ended swap again, which stays done.
    await t.ctx.db.deleteFrom('webhook_deliveries').where('uid', '=', who.uid).execute();
    await t.ctx.jobs.failed('swap.run', { swapId }, 'worker lost');
    const again = await waitUntil(() => receiver.posts[1], 20_000, 'the event posted again');
    expect(JSON.parse(again.body)).toEqual(event);
    expect((await t.ctx.swaps.get(swapId))!.status).toBe('done');
  }, 180_000);
});
