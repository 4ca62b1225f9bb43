// videoPeople: who is in a clip, from a few sampled frames. Each frame's faces are detected and
// described; faces are grouped across frames by descriptor (one person a group, at most one face
// of a frame in it), and people are ordered by how large and how long they are seen.
import sharp from 'sharp';
import type { RgbImage } from '../core/image.ts';
import { EngineError } from '../core/errors.ts';
import type { Face } from '../face/face.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage } from '../detect/detect.ts';
import { cosine, faceDescriptor } from '../detect/identity.ts';
import { loadModels } from '../models/models.ts';
import { checkRawFrames } from './swap-frames.ts';
import type { RawFrame, VideoPeopleOptions, VideoPeopleResult, VideoPersonFound } from './video-options.ts';
import { PERSON_MIN } from './video-track.ts';

/** Side of a person's thumbnail, and the margin around the face it shows (share of the face's size). */
const THUMB_SIDE = 160, THUMB_MARGIN = 0.35;
/** Most frames read: people are found on a sample, never a whole clip. */
export const MAX_PEOPLE_FRAMES = 32;

interface Seen { frame: number; face: Face; desc: Float32Array }
interface Group { seen: Seen[]; mean: Float32Array }

export async function videoPeople(opts: VideoPeopleOptions): Promise<VideoPeopleResult> {
  if (!Array.isArray(opts.frames) || opts.frames.length === 0) throw new EngineError('invalid_options', 'videoPeople needs at least one frame.');
  if (opts.frames.length > MAX_PEOPLE_FRAMES) throw new EngineError('invalid_options', `videoPeople reads at most ${MAX_PEOPLE_FRAMES} frames.`);
  checkRawFrames(opts.frames);
  const minFaceSize = opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE;
  const models = await loadModels();
  const groups: Group[] = [];
  for (const [k, raw] of opts.frames.entries()) {
    const img = asImage(raw);
    const seen: Seen[] = [];
    // Faces far below the usable size are left out: they cannot be described reliably.
    for (const face of await detectOnImage(models, img, Math.min(minFaceSize, DEFAULT_MIN_FACE_SIZE) / 2, undefined, true)) {
      seen.push({ frame: k, face, desc: await faceDescriptor(models, img, face) });
    }
    assign(groups, seen);
  }
  const n = opts.frames.length;
  const people = await Promise.all(groups.map((g) => person(g, opts.frames, n, minFaceSize)));
  const score = (p: VideoPersonFound) => p.size * p.seen;
  return { people: people.sort((a, b) => score(b) - score(a)) };
}

function asImage(raw: RawFrame): RgbImage {
  return { data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), width: raw.width, height: raw.height };
}

/** One frame's faces into the groups: the most alike pairs first, one face a group, a new group for the rest. */
function assign(groups: Group[], seen: Seen[]): void {
  const pairs: Array<{ s: Seen; g: Group; sim: number }> = [];
  for (const s of seen) for (const g of groups) {
    const sim = cosine(s.desc, g.mean);
    if (sim >= PERSON_MIN) pairs.push({ s, g, sim });
  }
  pairs.sort((a, b) => b.sim - a.sim);
  const placed = new Set<Seen>(), taken = new Set<Group>();
  for (const { s, g } of pairs) {
    if (placed.has(s) || taken.has(g)) continue;
    placed.add(s);
    taken.add(g);
    g.seen.push(s);
    g.mean = meanOf(g.seen.map((x) => x.desc));
  }
  for (const s of seen) if (!placed.has(s)) groups.push({ seen: [s], mean: s.desc });
}

/** The normalised mean of descriptors. */
function meanOf(list: Float32Array[]): Float32Array {
  const out = new Float32Array(list[0]!.length);
  for (const d of list) for (let i = 0; i < out.length; i++) out[i]! += d[i]!;
  let norm = 0;
  for (let i = 0; i < out.length; i++) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

async function person(g: Group, frames: RawFrame[], n: number, minFaceSize: number): Promise<VideoPersonFound> {
  const heights = g.seen.map((s) => s.face.box.height).sort((a, b) => a - b);
  const boxes: VideoPersonFound['boxes'] = frames.map(() => null);
  for (const s of g.seen) boxes[s.frame] = [s.face.box.x, s.face.box.y, s.face.box.width, s.face.box.height];
  const largest = g.seen.reduce((a, b) => (b.face.size > a.face.size ? b : a));
  const usableIn = g.seen.filter((s) => !(s.face.size < minFaceSize)).length;
  return {
    descriptor: Array.from(g.mean, (v) => Math.round(v * 1e6) / 1e6),
    thumbnail: await thumbnail(frames[largest.frame]!, largest.face),
    seen: Math.round((g.seen.length / n) * 1000) / 1000,
    size: Math.round(median(heights)),
    usable: usableIn * 2 > g.seen.length,
    boxes,
  };
}

function median(sorted: number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

/** The face's square with a margin, THUMB_SIDE px, JPEG. */
async function thumbnail(frame: RawFrame, face: Face): Promise<Buffer> {
  const { x, y, width, height } = face.box;
  const side = Math.max(width, height) * (1 + 2 * THUMB_MARGIN);
  const s = Math.max(1, Math.min(Math.round(side), frame.width, frame.height));
  const left = Math.min(frame.width - s, Math.max(0, Math.round(x + width / 2 - s / 2)));
  const top = Math.min(frame.height - s, Math.max(0, Math.round(y + height / 2 - s / 2)));
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .extract({ left, top, width: s, height: s })
    .resize(THUMB_SIDE, THUMB_SIDE)
    .jpeg({ quality: 85 })
    .toBuffer();
}
