// swapFrames: one chunk of a video segment's frames swapped in turn. The face photo is analysed once
// per worker (the image cache keeps it and every fact judged of it); each frame has the chosen face
// tracked and smoothed (video-track.ts), runs the stage list on it, and gives back only the
// rectangle it changed. Nothing a single photo needs beside the swap is done per frame: no identity
// score, verdict, encode or thumbnail.
import type { RgbImage } from '../core/image.ts';
import { EngineError } from '../core/errors.ts';
import { faceRoi, type Face } from '../face/face.ts';
import { ImageFacts } from '../face/facts.ts';
import { DEFAULT_MIN_FACE_SIZE } from '../detect/detect.ts';
import { BLUR } from '../focus/face-blur.ts';
import { HANDS } from '../hands/find.ts';
import { DEFAULT_MAX_PIXELS } from '../io/decode.ts';
import { loadModels, type Models } from '../models/models.ts';
import { Scratch } from '../raster/scratch.ts';
import type { Roi } from '../raster/warp.ts';
import type { FaceSwapInput } from '../stages/context.ts';
import { swapFace, workFactor } from '../swap/reduced-copy.ts';
import { SPECIAL_CASES } from '../swap/special-cases.ts';
import { decodeCached, type ImageEntry, type Timer } from './image-cache.ts';
import { DEFAULT_RESHAPE, DEFAULT_SOURCE_SHAPE } from './options.ts';
import { sourceAt } from './source-at.ts';
import { analyseSources, type SourcePhoto } from './source-photos.ts';
import type { FramePatch, RawFrame, SwapFramesOptions, SwapFramesResult, VideoTrack } from './video-options.ts';
import { trackFrame } from './video-track.ts';

/**
 * Frames between two looks for hands against a face none was against: the hand model is read on
 * both cheeks, a large part of a frame's time. Once one is found it is looked for every frame (it
 * moves); the occlusion stage keeps a new hand's skin in front meanwhile.
 */
export const HANDS_EVERY = 3;
/**
 * Face size from which a frame's face is swapped on a copy of its region reduced by a whole factor
 * (swap/reduced-copy.ts), so that it is worked at 200–400 px: a video frame's face holds less detail
 * than a photo's (compression, motion), and the stages' time grows with its pixels.
 */
export const VIDEO_WORK_FACE = 400;
/** Margin of the face's region searched for the swap's changes (the stages write within 0.12). */
const CHANGED_MARGIN = 0.25;

/** The frame the swap writes, reused from frame to frame (a 720p frame is 2.7 MB). */
const frameCopy = new Scratch(Uint8Array);

/** The seed of every frame's grain: the same noise each frame, so the skin's texture does not crawl. */
const FRAME_SEED = 0x5eed;

export async function swapFrames(opts: SwapFramesOptions): Promise<SwapFramesResult> {
  checkFrames(opts);
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const add: Timer = (stage, v) => { timings[stage] = Math.round(((timings[stage] ?? 0) + v) * 10) / 10; };
  const minFaceSize = DEFAULT_MIN_FACE_SIZE;
  let t = performance.now();
  const models = await loadModels();
  const decoded = await decodeCached(opts.source, DEFAULT_MAX_PIXELS, minFaceSize);
  const [[photo]] = await analyseSources(models, [[decoded]], minFaceSize, () => {}, () => undefined, [opts.sourceAnalysis ?? null]) as [[SourcePhoto]];
  add('source', performance.now() - t);
  const person = opts.person ? Float32Array.from(opts.person) : null;
  let track = opts.track ?? null;
  const patches: Array<FramePatch | null> = [];
  for (const [k, raw] of opts.frames.entries()) {
    const frame: RgbImage = { data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), width: raw.width, height: raw.height };
    t = performance.now();
    const step = await trackFrame(models, frame, opts.firstIndex + k, opts.fps, track, person, minFaceSize, add);
    add('track', performance.now() - t);
    track = step.track;
    patches.push(step.face ? await swapOnFrame(models, photo, frame, step.face, step.fade, track, add) : null);
  }
  timings.total = Math.round((performance.now() - t0) * 10) / 10;
  return { patches, track: track!, timings };
}

function checkFrames(opts: SwapFramesOptions): void {
  if (!Buffer.isBuffer(opts.source) || opts.source.length === 0) throw new EngineError('invalid_options', 'The face photo is missing.');
  if (!Array.isArray(opts.frames)) throw new EngineError('invalid_options', 'frames must be a list of frames.');
  if (!Number.isInteger(opts.firstIndex) || opts.firstIndex < 0) throw new EngineError('invalid_options', 'firstIndex must be a whole number from 0.');
  if (!(opts.fps > 0 && opts.fps <= 240)) throw new EngineError('invalid_options', 'fps must be above 0 and at most 240.');
  checkRawFrames(opts.frames);
}

/** Each frame's bytes match its size (RGB24). */
export function checkRawFrames(frames: RawFrame[]): void {
  for (const [k, f] of frames.entries()) {
    const ok = Number.isInteger(f?.width) && Number.isInteger(f?.height) && f.width > 0 && f.height > 0 && f.data instanceof Uint8Array && f.data.length === f.width * f.height * 3;
    if (!ok) throw new EngineError('invalid_options', `Frame ${k} is not RGB24 of its width and height.`);
  }
}

/**
 * The swap of one frame's face, as the rectangle it changed, shown `fade` of the way (0..1). What
 * the special cases judge of the face less often than every frame comes from `track` and goes back
 * into it (see carryFacts).
 */
async function swapOnFrame(models: Models, photo: SourcePhoto, frame: RgbImage, face: Face, fade: number, track: VideoTrack, add: Timer): Promise<FramePatch | null> {
  let t = performance.now();
  const target: ImageEntry = { img: frame, faces: [face], facts: new ImageFacts() };
  carryFacts(track, target.facts);
  let judgedSrc = photo.face;
  let onto: Face[] = [face];
  const inputs: FaceSwapInput[] = [];
  for (const special of SPECIAL_CASES) {
    if (!special.facts) continue;
    t = performance.now();
    const judged = special.facts.judge({ models, source: photo.entry, srcFace: judgedSrc, target, targets: onto });
    judgedSrc = judged.srcFace ?? judgedSrc;
    onto = judged.targets ?? onto;
    if (judged.input) inputs.push(judged.input(0));
    add(special.facts.timing, performance.now() - t);
  }
  t = performance.now();
  const from = await sourceAt(photo.entry, judgedSrc, onto[0]!);
  add('reduce', performance.now() - t);
  const input: FaceSwapInput = { reshape: DEFAULT_RESHAPE, sourceShape: DEFAULT_SOURCE_SHAPE, sourceLight: from.light, sourceWithoutGlasses: from.bare };
  for (const given of inputs) Object.assign(input, given);
  t = performance.now();
  // Written and read back without an await between: one copy serves every frame (see scratch.ts).
  const out: RgbImage = { data: frameCopy.take(frame.data.length), width: frame.width, height: frame.height };
  out.data.set(frame.data);
  add('copy', performance.now() - t);
  swapFace(from.img, from.face, out, onto[0]!, add, FRAME_SEED, input, Math.max(workFactor(from.face.size, face.size), Math.floor(face.size / VIDEO_WORK_FACE)));
  keepFacts(track, target.facts);
  t = performance.now();
  const patch = changedRect(frame, out, fade, faceRoi(face, frame.width, frame.height, CHANGED_MARGIN));
  add('patch', performance.now() - t);
  return patch;
}

/** The facts `track` holds put into a frame's, where still good: the blur between detections, no hands between looks. */
function carryFacts(track: VideoTrack, facts: ImageFacts): void {
  if (track.blur) facts.set(BLUR, 0, track.blur);
  if (track.noHandsAt !== null && track.index - track.noHandsAt < HANDS_EVERY) facts.set(HANDS, 0, []);
}

/** What the frame's swap judged, kept in `track` for the next frames. */
function keepFacts(track: VideoTrack, facts: ImageFacts): void {
  const blur = facts.get(BLUR, 0);
  track.blur = blur ? { sigma: blur.sigma, blur: blur.blur, sharpSize: blur.sharpSize } : null;
  const hands = facts.get(HANDS, 0);
  if (hands && hands.length > 0) track.noHandsAt = null;
  else if (track.noHandsAt === null || track.index - track.noHandsAt >= HANDS_EVERY) track.noHandsAt = track.index;
}

/**
 * The smallest rectangle holding every pixel `out` changed from `frame` within `within` (the stages
 * write only inside the face's region), mixed `fade` of the way from the frame to `out`.
 */
export function changedRect(frame: RgbImage, out: RgbImage, fade: number, within: Roi = { x: 0, y: 0, w: frame.width, h: frame.height }): FramePatch | null {
  const w = frame.width;
  const a = frame.data, b = out.data;
  let x0 = w, y0 = frame.height, x1 = -1, y1 = -1;
  for (let y = within.y; y < within.y + within.h; y++) {
    const row = (y * w + within.x) * 3, end = within.w * 3;
    let first = -1, lastAt = -1;
    for (let i = 0; i < end; i++) if (a[row + i] !== b[row + i]) { first = i; break; }
    if (first < 0) continue;
    for (let i = end - 1; i >= first; i--) if (a[row + i] !== b[row + i]) { lastAt = i; break; }
    if (y < y0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, within.x + ((first / 3) | 0));
    x1 = Math.max(x1, within.x + ((lastAt / 3) | 0));
  }
  if (x1 < 0 || fade <= 0) return null;
  const pw = x1 - x0 + 1, ph = y1 - y0 + 1;
  const data = Buffer.allocUnsafe(pw * ph * 3);
  for (let y = 0; y < ph; y++) {
    const from = ((y0 + y) * w + x0) * 3;
    if (fade >= 1) { data.set(b.subarray(from, from + pw * 3), y * pw * 3); continue; }
    for (let i = 0; i < pw * 3; i++) {
      const o = a[from + i]!;
      data[y * pw * 3 + i] = Math.round(o + fade * (b[from + i]! - o));
    }
  }
  return { x: x0, y: y0, width: pw, height: ph, data };
}
