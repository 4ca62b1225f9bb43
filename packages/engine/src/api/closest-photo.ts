// Of several photos of one person, the one whose face is seen most like a target face: the warp
// keeps the source's own shading and foreshortening, so a photo turned and lit like the target
// leaves the least for the blend to hide.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { factKind } from '../face/facts.ts';

/** Mean luminance (0..255) of the face's left and right halves as seen in the photo, and of the whole face. */
export interface PhotoLight { left: number; right: number; mean: number }

/** A face with its light, when it was read (faceLuminance). */
export type LitFace = Face & { light?: PhotoLight };

/** A face's light, by face index. */
export const PHOTO_LIGHT = factKind<PhotoLight>('photo light');

/**
 * Cost of each difference, in the units of one degree of yaw:
 * - yaw 1 per degree: turning shows or hides a cheek and an ear, what a warp cannot invent;
 * - pitch 0.8 per degree: tilting moves the nose over the lips and the brows over the eyes, a little less visible;
 * - roll 0.1 per degree: the warp rotates in the image plane exactly, so it costs almost nothing;
 * - light balance 60 per unit of (right − left) / mean: a face lit from one side (balance ≈ 0.5)
 *   onto an evenly lit one weighs like 30° of yaw;
 * - overall level 0.15 per luminance step: the relighting stage corrects most of it.
 */
export const CLOSEST_WEIGHTS = { yaw: 1, pitch: 0.8, roll: 0.1, balance: 60, mean: 0.15 } as const;

/** Index in `candidates` of the face closest to `target` in pose and light (the first on a tie); -1 for none. */
export function closestPhoto(target: LitFace, candidates: LitFace[]): number {
  let best = -1, bestCost = Infinity;
  candidates.forEach((c, i) => {
    const cost = photoDistance(target, c);
    if (cost < bestCost) { best = i; bestCost = cost; }
  });
  return best;
}

/** The weighted pose and light difference of two faces; light only counts when both were read. */
export function photoDistance(a: LitFace, b: LitFace): number {
  const W = CLOSEST_WEIGHTS;
  const pose = W.yaw * Math.abs(a.rotation.yaw - b.rotation.yaw) + W.pitch * Math.abs(a.rotation.pitch - b.rotation.pitch) + W.roll * angleGap(a.rotation.roll, b.rotation.roll);
  if (!a.light || !b.light) return pose;
  return pose + W.balance * Math.abs(balance(a.light) - balance(b.light)) + W.mean * Math.abs(a.light.mean - b.light.mean);
}

function balance(l: PhotoLight): number {
  return (l.right - l.left) / Math.max(1, l.mean);
}

function angleGap(x: number, y: number): number {
  const d = Math.abs(x - y) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * Luminance of the face's inner region (the landmark box less a tenth on each side, so hair and
 * background weigh little), split at the nose bridge (mesh point 168) into the image's left and right.
 * Sampled on a grid of about 48 × 48 points: enough for a mean, cheap on any photo size.
 */
export function faceLuminance(img: RgbImage, face: Face): PhotoLight {
  const { x, y, width, height } = face.box;
  const x0 = Math.max(0, x + width * 0.1), x1 = Math.min(img.width - 1, x + width * 0.9);
  const y0 = Math.max(0, y + height * 0.1), y1 = Math.min(img.height - 1, y + height * 0.9);
  const mid = face.landmarks[168]?.[0] ?? x + width / 2;
  const step = Math.max(1, Math.min(x1 - x0, y1 - y0) / 48);
  let ls = 0, ln = 0, rs = 0, rn = 0;
  for (let py = y0; py <= y1; py += step) {
    const row = Math.round(py) * img.width;
    for (let px = x0; px <= x1; px += step) {
      const o = (row + Math.round(px)) * 3;
      const lum = 0.2126 * img.data[o]! + 0.7152 * img.data[o + 1]! + 0.0722 * img.data[o + 2]!;
      if (px < mid) { ls += lum; ln++; } else { rs += lum; rn++; }
    }
  }
  const left = ln ? ls / ln : 0, right = rn ? rs / rn : 0;
  const n = ln + rn;
  return { left: round1(left), right: round1(right), mean: round1(n ? (ls + rs) / n : 0) };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
