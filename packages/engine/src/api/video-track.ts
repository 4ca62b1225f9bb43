// One frame of a video's face track: find the chosen face (the detector now and then, else the mesh
// read from the last landmarks), smooth its landmarks over time, and decide how much of the swap
// the frame shows. A lost face is held a few frames, then the swap fades out; it fades back in when
// the face returns, so a covered or missed frame never flashes between swapped and not.
import type { RgbImage } from '../core/image.ts';
import { faceInRegion, type Face } from '../face/face.ts';
import { oneEuro } from '../face/one-euro.ts';
import { detectOnImage } from '../detect/detect.ts';
import { shrunk } from '../io/decode.ts';
import { faceOfMesh, followFace } from '../detect/follow.ts';
import { cosine, faceDescriptor } from '../detect/identity.ts';
import type { Models } from '../models/models.ts';
import type { Timer } from './image-cache.ts';
import type { VideoTrack } from './video-options.ts';

/** Frames a lost face's last landmarks are held (still swapped) before the swap fades out. */
export const HOLD_FRAMES = 3;
/** Frames the swap takes to fade out when the face is lost, and in when it returns. */
export const FADE_FRAMES = 6;
/** Once faded out, the detector looks again every this many frames (it is the slow step). */
const LOST_RETRY = 3;
/**
 * Detection cadence, seconds: the detector runs this often whatever the mesh follows, to notice a
 * face it missed or another one taking the followed face's place (about 10 ms a frame at 720p30).
 */
const DETECT_EVERY_S = 1;
/**
 * Longest side of the copy the detector reads: it finds faces at 256 px whatever it is given, and
 * the face it keeps is read again at full resolution (followFace), so a larger copy only costs time
 * (320 ms a detection at 1280×720 against 200 at 640×360, on a busy machine).
 */
const DETECT_SIDE = 640;
/**
 * Cosine from which a face is the chosen person: faces of one person across a clip's frames read
 * 0.7–0.95 against the person's mean descriptor, different people under 0.4.
 */
export const PERSON_MIN = 0.5;
/** Overlap (intersection over union) from which a detected face is the face followed so far. */
const SAME_BOX = 0.3;

export interface TrackedFrame {
  /** The face to swap (smoothed, or held while lost), or null. */
  face: Face | null;
  /** How much of the swap the frame shows, 0..1. */
  fade: number;
  track: VideoTrack;
}

/** Frames between detections at `fps`. */
export function detectEvery(fps: number): number {
  return Math.max(1, Math.round(fps * DETECT_EVERY_S));
}

/**
 * The chosen face on frame `index`, from the state the previous frame left (`prev`: null at a
 * segment's start, or when it is not the frame just before).
 */
export async function trackFrame(models: Models, frame: RgbImage, index: number, fps: number, given: VideoTrack | null, person: Float32Array | null, minFaceSize: number, add: Timer): Promise<TrackedFrame> {
  const prev = given && given.index === index - 1 ? given : null;
  const lostBefore = prev?.lost ?? 0;
  let reading: Face | null = null;
  let detected = false;
  const last = prev?.read ? unflat(prev.read) : null;
  if (last && (prev!.sinceDetect + 1) < detectEvery(fps)) {
    const t = performance.now();
    reading = await followFace(models, frame, last, minFaceSize);
    add('follow', performance.now() - t);
  }
  // Detect when due, when the mesh lost the face, and while lost (sparser once faded out).
  if (!reading && (last || lostBefore <= HOLD_FRAMES + FADE_FRAMES || lostBefore % LOST_RETRY === 0)) {
    const t = performance.now();
    detected = true;
    reading = await pick(models, frame, prev, person, minFaceSize, add);
    add('detect', performance.now() - t);
  }
  const lost = reading ? 0 : lostBefore + 1;
  // A face back after the swap faded out may be anywhere: its filter starts again.
  const keep = prev && lostBefore <= HOLD_FRAMES ? prev.filter : null;
  let face: Face | null = null;
  let filter = prev?.filter ?? null;
  if (reading) {
    const { x, state } = oneEuro(keep, flat(reading.landmarks), index / fps, reading.size);
    filter = state;
    face = faceOfMesh(unflat(x), reading.score, reading.rotation, frame.width, frame.height, minFaceSize);
  } else if (filter) {
    face = faceOfMesh(unflat(filter.x), prev!.score, prev!.rotation, frame.width, frame.height, minFaceSize);
  }
  const want = reading || lost <= HOLD_FRAMES ? 1 : 0;
  // A segment starting on the face shows it at once: only a face lost or found mid-segment fades.
  const from = prev ? prev.fade : want;
  const fade = want > from ? Math.min(want, from + 1 / FADE_FRAMES) : Math.max(want, from - 1 / FADE_FRAMES);
  const track: VideoTrack = {
    index,
    read: reading ? flat(reading.landmarks) : null,
    rotation: reading?.rotation ?? prev?.rotation ?? { yaw: 0, pitch: 0, roll: 0 },
    score: reading?.score ?? prev?.score ?? 0,
    sinceDetect: detected ? 0 : (prev?.sinceDetect ?? 0) + 1,
    lost,
    filter: fade > 0 ? filter : null,
    fade: round3(fade),
    // Judged of the frame's face by the swap (swap-frames.ts), which fills them in.
    blur: detected ? null : prev?.blur ?? null,
    noHandsAt: prev?.noHandsAt ?? null,
  };
  return { face: fade > 0 && face && !face.tooSmall ? face : null, fade: track.fade, track };
}

/** The detector's face that continues the track: the chosen person's, else the one followed so far, else the largest. */
async function pick(models: Models, frame: RgbImage, prev: VideoTrack | null, person: Float32Array | null, minFaceSize: number, add: Timer): Promise<Face | null> {
  const chosen = await choose(models, frame, prev, person, minFaceSize, add);
  // Read as every other frame is (the same crop, at full resolution): a detection frame does not jump.
  return chosen && ((await followFace(models, frame, chosen.landmarks, minFaceSize)) ?? chosen);
}

/** The frame's faces, found on a copy at most DETECT_SIDE long, in frame pixels. */
async function detectScaled(models: Models, frame: RgbImage, minFaceSize: number): Promise<Face[]> {
  const { image, sx, sy } = await shrunk(frame, DETECT_SIDE);
  const faces = await detectOnImage(models, image, minFaceSize * Math.max(sx, sy), undefined, true);
  if (sx === 1 && sy === 1) return faces;
  return faces.map((f) => {
    const back = faceInRegion(f, 0, 0, sx, sy);
    return { ...back, partial: f.partial, tooSmall: back.size < minFaceSize };
  });
}

async function choose(models: Models, frame: RgbImage, prev: VideoTrack | null, person: Float32Array | null, minFaceSize: number, add: Timer): Promise<Face | null> {
  const faces = (await detectScaled(models, frame, minFaceSize)).filter((f) => !f.tooSmall);
  if (faces.length === 0) return null;
  const was = prev?.filter ? boxOf(prev.filter.x) : null;
  const overlapping = was ? faces.filter((f) => iou(boxOf(flat(f.landmarks)), was) >= SAME_BOX) : [];
  // The one face there, where the followed face was: still the person, no descriptor needed.
  if (prev?.read && faces.length === 1 && overlapping.length === 1) return faces[0]!;
  if (person) {
    const t = performance.now();
    let best: Face | null = null, bestSim = PERSON_MIN;
    for (const f of faces) {
      const sim = cosine(await faceDescriptor(models, frame, f), person);
      if (sim >= bestSim) { best = f; bestSim = sim; }
    }
    add('person', performance.now() - t);
    return best;
  }
  if (was && overlapping.length > 0) return overlapping.sort((a, b) => iou(boxOf(flat(b.landmarks)), was) - iou(boxOf(flat(a.landmarks)), was))[0]!;
  return faces[0]!;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The box of the first 468 points of flat x, y, z landmarks. */
function boxOf(xyz: ArrayLike<number>): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < 468; i++) {
    const x = xyz[3 * i]!, y = xyz[3 * i + 1]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

function iou(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - inter);
}

function flat(points: ReadonlyArray<readonly number[]>): number[] {
  const out = new Array<number>(points.length * 3);
  points.forEach((p, i) => { out[3 * i] = p[0]!; out[3 * i + 1] = p[1]!; out[3 * i + 2] = p[2] ?? 0; });
  return out;
}

function unflat(xyz: readonly number[]): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i + 2 < xyz.length; i += 3) out.push([xyz[i]!, xyz[i + 1]!, xyz[i + 2]!]);
  return out;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
