// Video swap timing and stability: a synthetic 1280×720 clip (a still fixture photo slowly zoomed
// and panned over a blurred copy of itself, rendered with sharp) swapped with swapFrames in chunks,
// as one engine worker runs a segment. Prints ms per frame by stage and the temporal stability:
// the mean absolute frame-to-frame change inside the changed rectangle, of the result and of the
// input (a swap that flickers moves more than its input).
//   npx tsx bench/video-frames.ts [frames=60] [chunk=12]
//   VIDEO_TARGET, VIDEO_SOURCE: fixture file names; VIDEO_POOL=1: through a one-worker pool (IPC
//   included); VIDEO_OUT=dir: writes every 10th result frame as PNG.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FACES_DIR } from '../../../fixtures/index.mjs';
import { tuneHeapForSwaps } from '../src/heap.ts';
import { createEnginePool, swapFrames, type FramePatch, type RawFrame, type SwapFramesOptions, type SwapFramesResult, type VideoTrack } from '../src/index.ts';

const W = 1280, H = 720, FPS = 30;
const count = Number(process.argv[2] ?? 60);
const chunk = Number(process.argv[3] ?? 12);
const target = readFileSync(path.join(FACES_DIR, process.env.VIDEO_TARGET ?? '012_ai-sfhq-east-asian-woman.jpg'));
const source = readFileSync(path.join(FACES_DIR, process.env.VIDEO_SOURCE ?? '003_navy-grace-hopper.jpg'));

/** Frame i: the photo at a slowly growing size, drifting sideways and back, over its blurred self. */
async function clip(n: number): Promise<RawFrame[]> {
  const bg = await sharp(target).resize(W, H, { fit: 'cover' }).blur(12).raw().toBuffer();
  const frames: RawFrame[] = [];
  for (let i = 0; i < n; i++) {
    const side = Math.round(620 * (1 + 0.12 * (i / Math.max(1, n - 1))));
    const fg = await sharp(target).resize(side, side).raw().toBuffer();
    const left = Math.round(W / 2 - side / 2 + 80 * Math.sin((2 * Math.PI * i) / Math.max(30, n)));
    const top = Math.round(H / 2 - side / 2 + 10);
    const data = await sharp(bg, { raw: { width: W, height: H, channels: 3 } })
      .composite([{ input: fg, raw: { width: side, height: side, channels: 3 }, left, top }])
      .removeAlpha().raw().toBuffer();
    frames.push({ width: W, height: H, data: data.subarray(0, W * H * 3) });
  }
  return frames;
}

function applied(frame: RawFrame, p: FramePatch | null): Buffer {
  const out = Buffer.from(frame.data);
  if (!p) return out;
  for (let y = 0; y < p.height; y++) p.data.copy(out, ((p.y + y) * W + p.x) * 3, y * p.width * 3, (y + 1) * p.width * 3);
  return out;
}

/** Mean absolute change per channel between two frames inside a rectangle. */
function change(a: Buffer, b: Buffer, r: { x: number; y: number; width: number; height: number }): number {
  let s = 0;
  for (let y = r.y; y < r.y + r.height; y++) for (let i = (y * W + r.x) * 3; i < (y * W + r.x + r.width) * 3; i++) s += Math.abs(a[i]! - b[i]!);
  return s / (r.width * r.height * 3);
}

// The garbage collector as a pool worker has it.
tuneHeapForSwaps();
const frames = await clip(count);
const pool = process.env.VIDEO_POOL === '1' ? createEnginePool({ size: 1 }) : null;
await pool?.ready();
const run = (o: SwapFramesOptions): Promise<SwapFramesResult> => (pool ? pool.swapFrames(o) : swapFrames(o));
// The source analysed and every model warmed, as a worker is after its first chunk.
await run({ source, frames: frames.slice(0, 1), firstIndex: 0, fps: FPS });

const timings: Record<string, number> = {};
const patches: Array<FramePatch | null> = [];
let track: VideoTrack | null = null;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let firstChunk = 0;
for (let k = 0; k < count; k += chunk) {
  const t = performance.now();
  const r = await run({ source, frames: frames.slice(k, k + chunk), firstIndex: k, fps: FPS, track });
  if (k === 0) firstChunk = performance.now() - t;
  track = r.track;
  patches.push(...r.patches);
  for (const [s, v] of Object.entries(r.timings)) timings[s] = (timings[s] ?? 0) + v;
}
const wall = performance.now() - t0;
const inWorker = pool ? timings.total ?? 0 : 0;
const cpu = process.cpuUsage(cpu0);
await pool?.close();

const per = (v: number) => (v / count).toFixed(1);
console.log(`${count} frames ${W}×${H}, chunks of ${chunk}${pool ? ', through a one-worker pool' : ''}: ${per(wall)} ms/frame wall (first chunk ${(firstChunk / Math.min(chunk, count)).toFixed(1)} ms/frame)${pool ? '' : `, ${per((cpu.user + cpu.system) / 1000)} ms/frame of CPU (the stage times are wall-clock: on a busy machine they count other processes' turns too)`}`);
if (pool) console.log(`in the worker ${per(inWorker)} ms/frame; carrying frames there and patches back ${per(wall - inWorker)} ms/frame (${(((wall - inWorker) / count) * chunk).toFixed(0)} ms a chunk of ${chunk})`);
console.log('by stage (ms/frame): ' + Object.entries(timings).sort((a, b) => b[1] - a[1]).map(([s, v]) => `${s} ${per(v)}`).join(', '));
const swapped = patches.filter(Boolean).length;
let inChange = 0, outChange = 0, pairs = 0;
const results = frames.map((f, i) => applied(f, patches[i] ?? null));
for (let i = 1; i < count; i++) {
  const r = patches[i];
  if (!r || !patches[i - 1]) continue;
  inChange += change(frames[i]!.data, frames[i - 1]!.data, r);
  outChange += change(results[i]!, results[i - 1]!, r);
  pairs++;
}
console.log(`swapped ${swapped}/${count} frames; frame-to-frame change in the face rectangle: result ${(outChange / pairs).toFixed(2)}, input ${(inChange / pairs).toFixed(2)} (ratio ${(outChange / inChange).toFixed(3)})`);
if (process.env.VIDEO_OUT) {
  mkdirSync(process.env.VIDEO_OUT, { recursive: true });
  for (let i = 0; i < count; i += 10) await sharp(results[i]!, { raw: { width: W, height: H, channels: 3 } }).png().toFile(path.join(process.env.VIDEO_OUT, `frame-${String(i).padStart(3, '0')}.png`));
}
