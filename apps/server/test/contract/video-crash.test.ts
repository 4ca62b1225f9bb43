// A video swap whose worker dies mid-segment loses nothing and does nothing twice: the server is
// SIGKILLed once a segment has frames swapped; the restarted server takes the segment again from its
// first frame (its job's lease lapsed), finishes the clip, and the result has every frame once, one
// MP4 is stored and the allowance is counted once.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '@visage/contracts';
import { createDatabase } from '../../src/infra/db/database.ts';
import { makeApp, signUp, testDatabase } from '../auth/support/app.ts';
import { fixture, FIXTURES_DIR } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { tempDir, waitUntil } from '../support/tmp.ts';
import { photoClip } from '../video/clips.ts';
import { freePort } from '../../../../scripts/lib-stack.mjs';
import { endedAfterEach } from '../support/processes.ts';

const MAIN = resolve(import.meta.dirname, '../../src/main.ts');

describe('a video swap whose worker is killed mid-segment', () => {
  const { children, cleanups } = endedAfterEach();

  it('is finished by the restarted server with every frame once, one result and one use counted', async () => {
    const data = tempDir('visage-videocrash-');
    const database = await testDatabase(data.dir);
    cleanups.push(() => data.remove(), () => database.drop());
    // Queued by an API-only app: nothing runs until the server below starts.
    const env = { DATA_DIR: data.dir, DATABASE_URL: database.url, VIDEO_SEGMENT_SECONDS: '1.2', CONTENT_CHECK: 'false' };
    const t = await makeApp({ ...env, ROLE: 'api' });
    const s = await signUp(t.app);
    await t.ctx.db.updateTable('users').set({ subscription: 'standard' }).where('uid', '=', s.me.uid).execute();
    const clip = photoClip(data.dir, join(FIXTURES_DIR, '012_ai-sfhq-east-asian-woman.jpg'), 2.4);
    const form = multipart([
      { name: 'uid', value: s.me.uid },
      { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') },
      { name: 'target', filename: 'clip.mp4', contentType: 'video/mp4', body: readFileSync(clip) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/app/api/video/upload', payload: form.payload, headers: { ...form.headers, cookie: s.cookie } });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<UploadResponse>();
    cleanups.push(() => t.stop());

    const db = createDatabase(database.url).db;
    cleanups.push(() => db.destroy());
    const server = { ...process.env, ...env, LOG_LEVEL: 'warn', WEB_DIST: data.dir, DEMO_CONTENT: 'false', ROLE: 'all', ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1', JOB_LEASE_MS: '1500', JOB_POLL_MS: '100' };
    const start = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...server, PORT: String(await freePort()) }, stdio: 'ignore' });
      children.push(child);
      return child;
    };
    const segments = () => db.selectFrom('video_segments').select(['idx', 'frames', 'frames_done', 'status']).where('swap_id', '=', id).orderBy('idx').execute();

    const victim = await start();
    // Killed once the first segment has a chunk of frames swapped and encoded, before it ends.
    await waitUntil(async () => (await segments()).some((g) => g.status === 'running' && g.frames_done > 0 && g.frames_done < g.frames), 120_000, 'a segment part done');
    victim.kill('SIGKILL');
    await new Promise((r) => victim.once('exit', r));
    expect((await db.selectFrom('swaps').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('running');

    const restarted = await start();
    const row = await waitUntil(async () => {
      const r = await db.selectFrom('swaps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return r.status === 'done' || r.status === 'failed' ? r : null;
    }, 180_000, 'the video swap to end');
    expect(row.status, `${row.error_code}: ${row.error_message}`).toBe('done');
    expect((await segments()).map((g) => [g.frames_done, g.status])).toEqual([[30, 'done'], [30, 'done']]);
    const user = await db.selectFrom('users').select('video_usage').where('uid', '=', s.me.uid).executeTakeFirstOrThrow();
    expect(user.video_usage).toBe(1);

    // One MP4, every frame of the clip once.
    const key = row.result_key!;
    const stored = (await t.ctx.storage.list(key.slice(0, key.lastIndexOf('/') + 1))).filter((k) => k.endsWith('.mp4'));
    expect(stored).toEqual([key]);
    const file = join(data.dir, 'result.mp4');
    writeFileSync(file, (await t.ctx.storage.get(key))!.body);
    const frames = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]).toString().trim();
    expect(Math.abs(Number(frames) - 60)).toBeLessThanOrEqual(1);
    restarted.kill('SIGTERM');
    expect(await new Promise((r) => restarted.once('exit', r))).toBe(0);
  }, 420_000);
});

