#!/usr/bin/env node
// npm run bench:video: one video swap through the scaled-out stack (scripts/lib-stack.mjs: one
// API process and two worker processes over PostgreSQL, BullMQ on Redis and S3). Builds a 10 s
// 1280×720 30 fps clip of one talking face with a tone (not stored: made here, in a temp folder),
// makes a Standard user, uploads a face photo and the clip to POST /app/api/video/upload, follows
// the job's events, and prints: the time from the upload to the stored result (target ≤ 30 s),
// each process's peak RSS (VmHWM; its engine and classifier child processes apart), the
// segments each worker took, and the result's temporal stability (target ≤ 1.3×) and landmark
// jitter against the clip's.
// Options: --clip FILE (another clip, e.g. fixtures/video/pan.mp4), --workers N (default 2),
// --frames N (measure only the first N frames), --log FILE (the processes' log lines, appended).
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { faceFixture } from '../fixtures/index.mjs';
import { createUser } from './lib-bench.mjs';
import { encodeFrames, probeVideo } from './lib-ffmpeg.mjs';
import { signIn, stackEnv, startServices, startStack } from './lib-stack.mjs';
import { VIDEO_TARGETS } from './lib-video-figures.mjs';
import { hires, portraitScene, windowOf } from './lib-video-scenes.mjs';

register();
const { talkingFace } = await import('./lib-talking-face.mjs');
const { measureSwap } = await import('./lib-video-measure.mjs');

const { values: opts } = parseArgs({ options: { clip: { type: 'string' }, workers: { type: 'string', default: '2' }, frames: { type: 'string' }, log: { type: 'string' } } });
const WORKERS = Number(opts.workers);
const UPLOAD_TARGET_S = 30;
const admin = { email: 'bench-video-admin@example.com', password: 'Velvet-Otter-42-Lantern' };
const user = { email: 'bench-video@example.com', password: 'Copper-Heron-77-Meadow' };
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** 10 s, 1280×720, 30 fps: a portrait talking while the camera drifts slowly across it. */
async function buildClip(file) {
  const [W, H, FPS, SECONDS] = [1280, 720, 30, 10];
  const scene = await portraitScene(hires('sfhq-2x4-r2c2.jpg'), { width: 1440, height: 810, photoHeight: 640 });
  const talk = await talkingFace(scene);
  async function* frames() {
    for (let k = 0; k < FPS * SECONDS; k++) {
      const t = k / FPS;
      const open = Math.max(0, Math.sin(2 * Math.PI * 2.2 * t)) ** 0.8 * (0.6 + 0.4 * Math.sin(0.7 * t));
      const still = { width: scene.width, height: scene.height, data: talk(open) };
      yield windowOf(still, { x: 80 + 80 * Math.sin((2 * Math.PI * t) / SECONDS), y: 45 + 30 * Math.sin((2 * Math.PI * t) / 7), w: W, h: H });
    }
  }
  await encodeFrames({ out: file, width: W, height: H, fps: FPS, frames: frames(), crf: 20, preset: 'veryfast' });
}

/** Peak resident memory of a process so far, in MB (VmHWM); NaN once it is gone. */
function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The processes a process started that still run, and theirs (/proc/<pid>/task/<pid>/children). */
function descendants(pid) {
  let direct = [];
  try {
    direct = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return direct.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * A worker's peak: its own, and the sum of the peaks of the processes it keeps (the engine's pool
 * and the content classifier run as child processes; ffmpeg's come and go and are not counted).
 */
function workerPeak(pid) {
  const kept = descendants(pid).map(peakRssMb).filter(Number.isFinite);
  return { own: peakRssMb(pid), children: kept.reduce((a, b) => a + b, 0), count: kept.length };
}

async function json(res, expected) {
  if (res.status !== expected) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Follows the job's events to its end; returns the last one. `onEvent` sees each. */
async function followEvents(url, cookie, jobId, onEvent) {
  const res = await fetch(`${url}/app/api/jobs/${encodeURIComponent(jobId)}/events`, { headers: { cookie, accept: 'text/event-stream' } });
  if (res.status !== 200) throw new Error(`events answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of res.body) {
    pending += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const data = pending.slice(0, end).split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
      pending = pending.slice(end + 2);
      if (!data) continue;
      const event = JSON.parse(data);
      onEvent(event);
      if (event.type === 'done' || event.type === 'failed') return event;
    }
  }
  throw new Error('the event stream ended before the job did');
}

const dir = mkdtempSync(join(tmpdir(), 'visage-bench-video-'));
async function main() {
  const clipFile = opts.clip ? resolve(opts.clip) : join(dir, 'clip-1280x720-10s.mp4');
  log(`bench:video: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (!opts.clip) {
    log('building the 10 s 1280×720 30 fps clip…');
    await buildClip(clipFile);
  }
  const clip = probeVideo(clipFile);
  log(`clip ${basename(clipFile)}: ${clip.width}×${clip.height}, ${clip.duration.toFixed(1)} s at ${clip.fps} fps, ${(clip.bytes / 1e6).toFixed(1)} MB, sound ${clip.audio ?? 'none'}`);

  const services = await startServices();
  const client = new pg.Client({ connectionString: services.databaseUrl });
  let stack;
  const figures = {};
  try {
    const env = { ...stackEnv({ ...services, queueName: 'bench-video' }), DEMO_CONTENT: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ENGINE_WORKERS: '1' };
    log(`starting one API process and ${WORKERS} worker processes, and waiting for their models…`);
    const logTo = opts.log ? (role, chunk) => appendFileSync(opts.log, String(chunk).replace(/^(?=.)/gm, `${role} `)) : undefined;
    stack = await startStack({ workers: WORKERS, env, logTo, loaded: true });
    await client.connect();
    // The user comes from the user:create command, and an admin puts them on Standard (billing is off).
    const uid = createUser({ ...process.env, ...env }, { email: user.email, password: user.password });
    const adminCookie = await signIn(stack.url, admin.email, admin.password);
    await json(await fetch(`${stack.url}/app/api/admin/users/${uid}`, { method: 'PATCH', headers: { cookie: adminCookie, 'content-type': 'application/json' }, body: JSON.stringify({ plan: 'standard' }) }), 200);
    const cookie = await signIn(stack.url, user.email, user.password);
    const status = await json(await fetch(`${stack.url}/app/api/video/status`, { headers: { cookie } }), 200);
    if (!status.available) throw new Error(`video is off on this server: ${status.reason}`);
    log(`user ${uid} on ${status.plan}: ${status.left ?? 'unlimited'} video swaps left`);

    const form = new FormData();
    form.append('uid', uid);
    form.append('source', new Blob([faceFixture('012_ai-sfhq-east-asian-woman.jpg')], { type: 'image/jpeg' }), 'face.jpg');
    form.append('target', new Blob([readFileSync(clipFile)], { type: clipFile.endsWith('.webm') ? 'video/webm' : clipFile.endsWith('.mov') ? 'video/quicktime' : 'video/mp4' }), basename(clipFile));
    form.append('person', '0');
    const started = performance.now();
    const upload = await json(await fetch(`${stack.url}/app/api/video/upload`, { method: 'POST', headers: { cookie }, body: form }), 202);
    figures.acceptedS = (performance.now() - started) / 1000;
    log(`upload accepted in ${figures.acceptedS.toFixed(1)} s: swap ${upload.id}, job ${upload.jobId}`);
    let lastShown = -1;
    const end = await followEvents(stack.url, cookie, upload.jobId, (e) => {
      if (e.type !== 'running' || !e.frames || e.frames.done === lastShown) return;
      lastShown = e.frames.done;
      log(`  ${e.frames.done}/${e.frames.total} frames${e.etaMs === undefined ? '' : `, about ${Math.round(e.etaMs / 1000)} s left`}`);
    });
    figures.totalS = (performance.now() - started) / 1000;
    if (end.type === 'failed') throw new Error(`the video swap failed: ${end.code}: ${end.message}`);
    log(`result stored ${figures.totalS.toFixed(1)} s after the upload began`);
    figures.rss = { api: workerPeak(stack.api.child.pid), workers: stack.workers.map((w) => workerPeak(w.child.pid)) };
    // A segment names the process that swapped it last as host:pid.
    const { rows } = await client.query('select worker, count(*)::int as n, sum(frames)::int as frames from video_segments where swap_id = $1 group by worker order by worker', [upload.id]);
    const pids = stack.workers.map((w) => w.child.pid);
    figures.segments = pids.map((pid, i) => {
      const row = rows.find((r) => Number(String(r.worker).split(':').pop()) === pid);
      return { name: `worker ${i + 1} (pid ${pid})`, n: row?.n ?? 0, frames: row?.frames ?? 0 };
    });
    for (const r of rows) if (!pids.includes(Number(String(r.worker).split(':').pop()))) figures.segments.push({ name: String(r.worker), n: r.n, frames: r.frames });

    const media = await fetch(`${stack.url}/app/api/media/swaps/${upload.id}/video`, { headers: { cookie } });
    if (media.status !== 200) throw new Error(`the result video answered ${media.status}`);
    const resultFile = join(dir, 'result.mp4');
    writeFileSync(resultFile, Buffer.from(await media.arrayBuffer()));
    figures.result = probeVideo(resultFile);
  } finally {
    await client.end().catch(() => undefined);
    await stack?.stop();
    await services.stop();
  }

  log('measuring the result against the clip (the engine finds the face in every frame of each)…');
  const measured = await measureSwap(clipFile, join(dir, 'result.mp4'), {
    maxFrames: opts.frames ? Number(opts.frames) : Infinity,
    onFrame: (k) => k % 60 === 0 && log(`  ${k} frames measured`),
  });

  const mark = (ok) => (ok ? 'ok' : 'OVER');
  const peaks = (p) => `${p.own.toFixed(0)} MB${p.count ? ` + ${p.children.toFixed(0)} MB in ${p.count} child process${p.count > 1 ? 'es' : ''}` : ''}`;
  const r = figures.result;
  console.log(`
  clip          ${clip.width}×${clip.height} ${clip.duration.toFixed(1)} s ${clip.fps} fps; result ${r.width}×${r.height} ${r.duration.toFixed(1)} s ${r.codec}+${r.audio ?? 'no sound'}, ${(r.bytes / 1e6).toFixed(1)} MB
  upload→stored ${figures.totalS.toFixed(1)} s (accepted in ${figures.acceptedS.toFixed(1)} s)   target ≤ ${UPLOAD_TARGET_S} s: ${mark(figures.totalS <= UPLOAD_TARGET_S)}
  peak RSS      API ${peaks(figures.rss.api)}; workers ${figures.rss.workers.map(peaks).join('; ')}
  segments      ${figures.segments.map((s) => `${s.name}: ${s.n} (${s.frames} frames)`).join('; ')}
  stability     ${measured.temporalStability.toFixed(2)}× the clip's frame-to-frame change in the face box   target ≤ ${VIDEO_TARGETS.temporalStability}×: ${mark(measured.temporalStability <= VIDEO_TARGETS.temporalStability)}
  jitter        ${measured.jitter.ratio.toFixed(2)}× the clip's (${(measured.jitter.result * 1000).toFixed(2)} vs ${(measured.jitter.original * 1000).toFixed(2)} thousandths of the face's height)
  frames        ${measured.frames} compared; a face found in ${measured.facesFound.original} of the clip's, ${measured.facesFound.result} of the result's
  load after    ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

// The engine's wasm runtime rethrows uncaught errors with its whole source: say what failed instead.
main().then(() => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}, (err) => {
  rmSync(dir, { recursive: true, force: true });
  console.error(`bench:video failed: ${err.stack ?? err}`);
  process.exit(1);
});
