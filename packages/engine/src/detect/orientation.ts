// Faces at any roll. The detector finds faces within about 45° of upright, and the mesh model reads
// the crop it is given as an upright face whatever it holds: a photo turned a quarter (a phone photo
// without its orientation tag, someone lying down) had no face found, and one upside down or rolled
// 60–70° had its face read the wrong way up and swapped as such, an upright face pasted across an
// upside-down one. These steps put that right:
// - a face the mesh model is unsure of is read again turned by each of TURNS from its own axis, and
//   a turn it is sure of wins by a margin (see the constants). An upright face reads 1 to float
//   precision, so most photos pay nothing. Over the fixtures, readings the wrong way round or 40–60°
//   off read logits of -2 to 10.3; upright faces at 2.8 (a near-profile) to 10.8 or 1;
// - a photo with no face found upright is searched again turned a quarter each way, then upside down;
//   one with a face read a quarter or half turn round is searched again turned that way for more;
// - a box the detector found but the mesh could not read upright, beside faces it could, is read at
//   every turn (a face turned sideways beside upright ones, see facesInBoxes);
// - a face read either way, or rolled on the upright crop it was read from, is read again from its
//   own landmarks until its crop holds still, and at every turn again if it ends unsure.
import type { Models } from '../models/models.ts';
import { framing, meshConfidence, readFaces, type Framing, type RefinedFace } from './mesh-refine.ts';

type Tf = Models['tf'];
type Tensor = ReturnType<Tf['tensor']>;

/** Mesh confidence (as a logit) below which a face is read again at other turns. */
const MAX_UNSURE_LOGIT = 11;
/** Mesh confidence (logit) a reading at another turn must reach to replace the first. */
const SURE_LOGIT = 12;
/** How much surer (logit) than the first reading a turn of an eighth or none must read the face. */
const TURN_MARGIN = 2;
/**
 * How much surer (logit) than the first reading and than any small turn a quarter turn or more must
 * read it: turning an upright face over is the worst mistake this could make, and an upright face
 * with a scarf over its mouth reads 1.9 surer upside down than upright (12.5 against 10.6),
 * though less so than along its own axis (12.0 against 12.5).
 */
const BIG_TURN_MARGIN = 4;
/**
 * Turns (radians) tried on an unsure face, from its own axis: as it is, an eighth, a quarter, three
 * eighths (a face read upright at 135° of roll: the scarf fixture) and a half.
 */
const TURNS = [0, Math.PI / 4, -Math.PI / 4, Math.PI / 2, -Math.PI / 2, (3 * Math.PI) / 4, (-3 * Math.PI) / 4, Math.PI];
/** Indices into TURNS: none or an eighth; a quarter or more. */
const SMALL_TURNS = [0, 1, 2], BIG_TURNS = [3, 4, 5, 6, 7], ALL_TURNS = [...SMALL_TURNS, ...BIG_TURNS];
/** Most times a turned face is read again from its own landmarks, and how little its crop may move then (see moved). */
const MAX_REREADS = 5, STEADY = 0.01;
/**
 * Largest head turn (yaw, radians) at which a face read on an upright crop but rolled along its own
 * axis is read again along that axis (see settleOrientation). The mesh model reads a crop as an
 * upright face: a baby's face rolled 50° read 13° of roll with full confidence, 37° short, and its swap sat
 * that far off. Near-profile heads hold far better on an upright crop (the reason the first pass
 * has no rotation correction): a small profile rolled 21° read along its axis moved by up to 4.7 px
 * (of 68), and some results' faces were no longer found.
 */
const ROLLED_MAX_YAW = (30 * Math.PI) / 180;
/** Quarter turns (clockwise) of the whole photo tried when none finds a face upright. */
export const PHOTO_TURNS = [1, 3, 2] as const;

function logit(p: number): number {
  return p >= 1 ? Infinity : Math.log(p / (1 - p));
}

/** A photo's RGB pixels as floats (h × w, interleaved), read back from the model's tensor once. */
export interface Pixels { data: Float32Array; h: number; w: number }

/**
 * `photo` turned `quarters` quarter turns clockwise, exactly (no resampling), as a [1, h', w', 3]
 * tensor. The pixels are moved here rather than by tf's transpose and reverse, which took 10–20 ms
 * on the wasm backend for a 512 px photo, three times over on every photo with no face upright.
 */
export function turnPhoto(tf: Tf, photo: Pixels, quarters: 1 | 2 | 3): Tensor {
  const { data, h, w } = photo;
  const out = new Float32Array(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const to = 3 * (quarters === 1 ? x * h + (h - 1 - y) : quarters === 3 ? (w - 1 - x) * h + y : (h - 1 - y) * w + (w - 1 - x));
      const from = 3 * (y * w + x);
      out[to] = data[from]!; out[to + 1] = data[from + 1]!; out[to + 2] = data[from + 2]!;
    }
  }
  return tf.tensor4d(out, quarters === 2 ? [1, h, w, 3] : [1, w, h, 3], 'float32');
}

/** Maps a point of the photo turned `quarters` clockwise (see turnPhoto) back onto the photo, h × w. */
export function unturnPoint(x: number, y: number, quarters: 1 | 2 | 3, h: number, w: number): [number, number] {
  if (quarters === 1) return [y, h - 1 - x];
  if (quarters === 3) return [w - 1 - y, x];
  return [w - 1 - x, h - 1 - y];
}

/**
 * The faces read (the nulls, faces the mesh was not confident of, left out), each one the mesh
 * model is unsure of (below MAX_UNSURE_LOGIT) read again at every turn of TURNS
 * from its own axis; where one reads it surer (see the margins), the face is read there, then from
 * its own landmarks until its crop holds still (see steady). Faces it is sure of are returned as
 * they are, unless rolled along their own axis (see ROLLED_MAX_YAW) or `readTurned` (faces framed
 * by a turned or rotation-corrected pass): then they are read until they hold still. A face that
 * comes out of that unsure is read at every turn then.
 */
export async function settleOrientation(models: Models, image: Tensor, h: number, w: number, faces: Array<RefinedFace | null>, minScore: number, readTurned = false): Promise<RefinedFace[]> {
  const unsure = faces.flatMap((f, k) => (f && isUnsure(f) ? [k] : []));
  // Read again until still: every face read on another reading's crop; of those read on upright
  // crops, the ones rolled along their own axis.
  const reread = faces.flatMap((f, k) => (f && (readTurned || (Math.abs(f.angle.yaw) < ROLLED_MAX_YAW && framing(f.mesh, true).angle !== 0)) ? [k] : []));
  if (unsure.length === 0 && reread.length === 0) return present(faces);
  const out = faces.slice();
  const moved = new Set([...(await turnUnsure(models, image, h, w, out, unsure, minScore)), ...reread]);
  await steady(models, image, h, w, out, [...moved], minScore);
  // A face can end unsure once still, read at every turn or not: a portrait turned 70° was first read
  // upside down along the turned photo's axis at a logit of 9.3 to 11 (the crop's resampling
  // decides which: over 11 it is not checked), then at 2 once still; a near profile turned 60°, checked,
  // read right way up at 11.8 (short of SURE_LOGIT), then at 0.8 upside down once still. Read at
  // every turn again, each reads surest the right way up.
  const late = [...moved].filter((k) => out[k] && isUnsure(out[k]));
  if (late.length > 0) await steady(models, image, h, w, out, await turnUnsure(models, image, h, w, out, late, minScore), minScore);
  return present(out);
}

function isUnsure(f: RefinedFace): boolean {
  return logit(f.score) < MAX_UNSURE_LOGIT;
}

/** The faces read, the nulls (faces the mesh was not confident of) left out. */
function present(faces: Array<RefinedFace | null>): RefinedFace[] {
  return faces.filter((f): f is RefinedFace => f !== null);
}

/**
 * Faces `which` of `faces` read again at every turn of TURNS from their own axis; where one reads a
 * face surer (see the margins), the face is read there, in place. Returns the faces read anew.
 */
async function turnUnsure(models: Models, image: Tensor, h: number, w: number, faces: Array<RefinedFace | null>, which: number[], minScore: number): Promise<number[]> {
  if (which.length === 0) return [];
  const tries: Framing[] = which.flatMap((k) => TURNS.map((t) => framing(faces[k]!.mesh, true, t)));
  const scores = await meshConfidence(models, image, h, w, tries);
  const chosen: Array<{ k: number; frame: Framing }> = [];
  which.forEach((k, j) => {
    const at = (t: number) => turnLogit(scores, j, t);
    const small = bestTurn(scores, j, SMALL_TURNS), big = bestTurn(scores, j, BIG_TURNS);
    const before = logit(faces[k]!.score);
    let pick = -1;
    if (at(big) >= SURE_LOGIT && at(big) >= Math.max(before, at(small)) + BIG_TURN_MARGIN) pick = big;
    else if (at(small) >= SURE_LOGIT && at(small) >= before + TURN_MARGIN) pick = small;
    if (pick >= 0) chosen.push({ k, frame: tries[j * TURNS.length + pick]! });
  });
  if (chosen.length === 0) return [];
  const first = await readFaces(models, image, h, w, chosen.map((c) => c.frame), minScore);
  const read: number[] = [];
  chosen.forEach(({ k }, j) => { if (first[j]) { faces[k] = first[j]; read.push(k); } });
  return read;
}

/**
 * Faces in the detector's boxes that the mesh model could not read upright (Human's crops, image
 * pixels): each box read at every turn of TURNS, and where one reads a face with a logit of
 * SURE_LOGIT or more, the face read there until its crop holds still. This finds a face turned
 * sideways beside an upright one, where the photo itself is not turned (see detect.ts).
 */
export async function facesInBoxes(models: Models, image: Tensor, h: number, w: number, boxes: Framing['box'][], minScore: number): Promise<RefinedFace[]> {
  if (boxes.length === 0) return [];
  const tries: Framing[] = boxes.flatMap((box) => TURNS.map((angle) => ({ box, angle })));
  const scores = await meshConfidence(models, image, h, w, tries);
  const frames = boxes.flatMap((_, j) => {
    const pick = bestTurn(scores, j, ALL_TURNS);
    return turnLogit(scores, j, pick) >= SURE_LOGIT ? [tries[j * TURNS.length + pick]!] : [];
  });
  if (frames.length === 0) return [];
  const first = await readFaces(models, image, h, w, frames, minScore);
  await steady(models, image, h, w, first, first.map((_, k) => k), minScore);
  return present(first);
}

/** The logit of face `j`'s reading at TURNS[t], from scores laid out face by face, turn by turn. */
function turnLogit(scores: Float32Array, j: number, t: number): number {
  return logit(scores[j * TURNS.length + t]!);
}

/** Which of the turns `ts` (indices into TURNS) reads face `j` surest. */
function bestTurn(scores: Float32Array, j: number, ts: readonly number[]): number {
  return ts.reduce((b, t) => (turnLogit(scores, j, t) > turnLogit(scores, j, b) ? t : b));
}

/** Whether two crops differ by more than STEADY of their side in place or size, or by STEADY radians in turn. */
function moved(a: Framing, b: Framing): boolean {
  const side = a.box.x1 - a.box.x0;
  const shift = Math.hypot(b.box.x0 + b.box.x1 - a.box.x0 - a.box.x1, b.box.y0 + b.box.y1 - a.box.y0 - a.box.y1) / 2;
  const turn = Math.abs(Math.atan2(Math.sin(b.angle - a.angle), Math.cos(b.angle - a.angle)));
  return shift > STEADY * side || Math.abs(b.box.x1 - b.box.x0 - side) > STEADY * side || turn > STEADY;
}

/**
 * Faces `which` read again from their own landmarks (along their own axis), in place, until the
 * crop those frame holds still (see moved): a face first read on a crop framed by another reading
 * (a turn that won, the turned photo's mesh, the rotation-corrected pass) comes out too small and
 * off centre, the crop too tight for it, and each reading from its own landmarks frames it better
 * (a portrait turned a quarter: 198, 226, 248, 251, 253 px across; upright 253).
 */
async function steady(models: Models, image: Tensor, h: number, w: number, faces: Array<RefinedFace | null>, which: number[], minScore: number): Promise<void> {
  let live = which.filter((k) => faces[k]);
  for (let round = 0; round < MAX_REREADS && live.length > 0; round++) {
    const frames = live.map((k) => framing(faces[k]!.mesh, true));
    const again = await readFaces(models, image, h, w, frames, minScore);
    const next: number[] = [];
    live.forEach((k, j) => {
      const r = again[j];
      if (!r) return;
      faces[k] = r;
      if (moved(frames[j]!, framing(r.mesh, true))) next.push(k);
    });
    live = next;
  }
}
