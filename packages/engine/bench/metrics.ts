// Image metrics for the benchmark: seam gradient ratio, blown highlights, face detail, light balance, skin tone, crease colour, background identity and PSNR.
import type { RgbImage } from '../src/core/image.ts';
import type { Face } from '../src/face/face.ts';
import type { Roi } from '../src/raster/warp.ts';
import { toLab } from '../src/verdict/skin-figures.ts';

function lum(img: RgbImage, i: number): number {
  const d = img.data;
  return 0.299 * d[3 * i]! + 0.587 * d[3 * i + 1]! + 0.114 * d[3 * i + 2]!;
}

function sobel(img: RgbImage, x: number, y: number): number {
  const w = img.width;
  if (x < 1 || y < 1 || x >= w - 1 || y >= img.height - 1) return 0;
  const i = y * w + x;
  const gx = lum(img, i - w + 1) + 2 * lum(img, i + 1) + lum(img, i + w + 1) - lum(img, i - w - 1) - 2 * lum(img, i - 1) - lum(img, i + w - 1);
  const gy = lum(img, i + w - 1) + 2 * lum(img, i + w) + lum(img, i + w + 1) - lum(img, i - w - 1) - 2 * lum(img, i - w) - lum(img, i - w + 1);
  return Math.hypot(gx, gy);
}

/** Pixels (image indices) within `radius` of the support mask's outline. */
export function contourRing(roi: Roi, support: Uint8Array, width: number, radius = 2): number[] {
  const { w, h } = roi;
  const edge = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!support[i]) continue;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1 || !support[i - 1] || !support[i + 1] || !support[i - w] || !support[i + w]) edge[i] = 1;
    }
  }
  const ring = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!edge[y * w + x]) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx, yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) ring[yy * w + xx] = 1;
        }
      }
    }
  }
  const out: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (ring[y * w + x]) out.push((roi.y + y) * width + roi.x + x);
  return out;
}

/** Mean Sobel magnitude on the ring in the result divided by the same in the original target. */
export function seamRatio(result: RgbImage, target: RgbImage, ring: number[]): number {
  let a = 0, b = 0;
  for (const i of ring) {
    const x = i % result.width, y = (i / result.width) | 0;
    a += sobel(result, x, y);
    b += sobel(target, x, y);
  }
  return b > 0 ? a / b : a > 0 ? Infinity : 1;
}

/** Luminance from which a pixel reads as blown to white. */
const BLOWN = 235;

/**
 * Over-contrast: the share of the pixels allowed to change (`support` over `roi`) that the swap made
 * white (luminance ≥ BLOWN) where the target was not.
 */
export function blownShare(result: RgbImage, target: RgbImage, roi: Roi, support: Uint8Array): number {
  let n = 0, blown = 0;
  for (let y = 0; y < roi.h; y++) {
    for (let x = 0; x < roi.w; x++) {
      if (!support[y * roi.w + x]) continue;
      const i = (roi.y + y) * result.width + roi.x + x;
      n++;
      if (lum(result, i) >= BLOWN && lum(target, i) < BLOWN) blown++;
    }
  }
  return n ? blown / n : 0;
}

/** Summed-area table ((w + 1) × (h + 1)) of `value` at each pixel index of `roi` in an image `width` wide. */
function integral(width: number, roi: Roi, value: (i: number) => number): Float64Array {
  const W = roi.w + 1;
  const t = new Float64Array(W * (roi.h + 1));
  for (let y = 0; y < roi.h; y++) {
    let row = 0;
    for (let x = 0; x < roi.w; x++) {
      row += value((roi.y + y) * width + roi.x + x);
      t[(y + 1) * W + x + 1] = t[y * W + x + 1]! + row;
    }
  }
  return t;
}

/** Summed-area table of luminance over `roi`. */
function integralLuma(img: RgbImage, roi: Roi): Float64Array {
  return integral(img.width, roi, (i) => lum(img, i));
}

/** Mean luminance of the (2r + 1)² box at ROI pixel (x, y), from a summed-area table. */
function boxMean(t: Float64Array, W: number, x: number, y: number, r: number): number {
  const x0 = x - r, y0 = y - r, x1 = x + r + 1, y1 = y + r + 1;
  return (t[y1 * W + x1]! - t[y0 * W + x1]! - t[y1 * W + x0]! + t[y0 * W + x0]!) / ((2 * r + 1) * (2 * r + 1));
}

/**
 * Softness: the mean absolute difference between 3×3 and 9×9 box means of luminance (edges at the
 * scale of eyes, brows and nostrils, not pixel noise or restored grain) over the pixels allowed to
 * change, in the result divided by the same in the target (under 1: softer than the face it replaced).
 */
export function detailRatio(result: RgbImage, target: RgbImage, roi: Roi, support: Uint8Array): number {
  const tr = integralLuma(result, roi), tt = integralLuma(target, roi), W = roi.w + 1;
  let a = 0, b = 0;
  for (let y = 4; y < roi.h - 4; y++) {
    for (let x = 4; x < roi.w - 4; x++) {
      if (!support[y * roi.w + x]) continue;
      a += Math.abs(boxMean(tr, W, x, y, 1) - boxMean(tr, W, x, y, 4));
      b += Math.abs(boxMean(tt, W, x, y, 1) - boxMean(tt, W, x, y, 4));
    }
  }
  return b > 0 ? a / b : 1;
}

type Point = readonly [number, number];
const at = (landmarks: ReadonlyArray<readonly number[]>, v: number): Point => [landmarks[v]![0]!, landmarks[v]![1]!];
const midpoint = (landmarks: ReadonlyArray<readonly number[]>, a: number, b: number): Point => [(landmarks[a]![0]! + landmarks[b]![0]!) / 2, (landmarks[a]![1]! + landmarks[b]![1]!) / 2];

/** Visits the pixels of a disc of `r` px around a point, inside the image. */
function eachInDisc(img: RgbImage, [px, py]: Point, r: number, visit: (i: number) => void): void {
  const cx = Math.round(px), cy = Math.round(py);
  for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) {
    if (x < 0 || y < 0 || x >= img.width || y >= img.height || (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
    visit(y * img.width + x);
  }
}

/**
 * Light balance: how far the brightness ratio of the two cheeks (discs of 4% of the face around
 * landmarks 50 and 280 of the target face) in the result is from that in the target, as
 * |ln(result ratio / target ratio)|. A source's own side light left on the new face shows here.
 */
export function cheekBalance(result: RgbImage, target: RgbImage, landmarks: ReadonlyArray<readonly number[]>, faceSize: number): number {
  const r = Math.max(1, Math.round(0.04 * faceSize));
  const disc = (img: RgbImage, v: number) => {
    let s = 0, n = 0;
    eachInDisc(img, at(landmarks, v), r, (i) => { s += lum(img, i); n++; });
    return n ? s / n + 1 : 1;
  };
  return Math.abs(Math.log((disc(result, 50) / disc(result, 280)) / (disc(target, 50) / disc(target, 280))));
}

/** Mean CIELAB colour over discs of radius r around the points. */
function meanLab(img: RgbImage, points: Point[], r: number): [number, number, number] {
  const acc: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (const p of points) {
    eachInDisc(img, p, r, (i) => {
      const c = toLab(img.data[3 * i]!, img.data[3 * i + 1]!, img.data[3 * i + 2]!);
      acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; n++;
    });
  }
  return acc.map((v) => v / Math.max(1, n)) as [number, number, number];
}

/** The cheeks' mean colour: discs of 6% of the face around landmarks 50 and 280. */
export function cheekLab(img: RgbImage, landmarks: ReadonlyArray<readonly number[]>, faceSize: number): [number, number, number] {
  return meanLab(img, [at(landmarks, 50), at(landmarks, 280)], Math.max(1, Math.round(0.06 * faceSize)));
}

/**
 * Skin tone: the CIELAB colour distance (a*, b* only: brightness is the light's, see cheekBalance)
 * between the mean colour of the cheeks (see cheekLab, at the target face's landmarks) in the result
 * and in the target. A face that does not take the skin tone around it (ashen on a dark face, orange
 * on a pale one) shows here; about 2 is a just-visible difference.
 */
export function toneShift(result: RgbImage, target: RgbImage, landmarks: ReadonlyArray<readonly number[]>, faceSize: number): number {
  const a = cheekLab(result, landmarks, faceSize), b = cheekLab(target, landmarks, faceSize);
  return Math.hypot(a[1] - b[1], a[2] - b[2]);
}

/**
 * Crease colour: over the middle of a face's box (60% of its width, from 30% of its height down),
 * the pixels darker than their surroundings (a box of about a twelfth of the face) by over 8 L*,
 * their mean change in (a*, b*) over their mean change in L*. Creases carried onto a paler skin
 * with their own skin's colour show as red-brown cracks: a result's figure far above both its
 * source's and its target's.
 */
export function creaseColour(img: RgbImage, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.round(box.x + box.width * 0.2)), y0 = Math.max(0, Math.round(box.y + box.height * 0.3));
  const roi = { x: x0, y: y0, w: Math.min(img.width - x0, Math.round(box.width * 0.6)), h: Math.min(img.height - y0, Math.round(box.height * 0.6)) };
  const lab = new Float32Array(3 * roi.w * roi.h);
  for (let y = 0; y < roi.h; y++) for (let x = 0; x < roi.w; x++) {
    const i = (roi.y + y) * img.width + roi.x + x;
    lab.set(toLab(img.data[3 * i]!, img.data[3 * i + 1]!, img.data[3 * i + 2]!), 3 * (y * roi.w + x));
  }
  const local = { x: 0, y: 0, w: roi.w, h: roi.h };
  const sums = [0, 1, 2].map((c) => integral(roi.w, local, (i) => lab[3 * i + c]!));
  const r = Math.max(1, Math.round(box.width / 24)), W = roi.w + 1;
  let dL = 0, da = 0, db = 0;
  for (let y = r; y < roi.h - r; y++) for (let x = r; x < roi.w - r; x++) {
    const i = 3 * (y * roi.w + x);
    const L = boxMean(sums[0]!, W, x, y, r);
    if (lab[i]! >= L - 8) continue;
    dL += L - lab[i]!; da += lab[i + 1]! - boxMean(sums[1]!, W, x, y, r); db += lab[i + 2]! - boxMean(sums[2]!, W, x, y, r);
  }
  return dL > 0 ? Math.hypot(da, db) / dL : 0;
}

/** A face in an image: its landmarks and size, for the colour measures. */
export interface FaceAt { img: RgbImage; landmarks: ReadonlyArray<readonly number[]>; size: number }

/** The lips' colour less the cheeks' (a*, b*): discs of 2% of the face in the middle of each lip (landmarks 0–13 and 14–17). */
export function lipsAgainstCheeks(f: FaceAt): [number, number] {
  const lips = meanLab(f.img, [midpoint(f.landmarks, 0, 13), midpoint(f.landmarks, 14, 17)], Math.max(1, Math.round(0.02 * f.size)));
  const cheeks = cheekLab(f.img, f.landmarks, f.size);
  return [lips[1] - cheeks[1], lips[2] - cheeks[2]];
}

/**
 * Lip tint: how far the lips' colour against the cheeks (CIELAB a*, b*) in the result is from the
 * source's. The skin takes the target's tone; lips that kept their own colour beside it turned
 * lavender on a warm face, and lips taking it whole turned orange with the teeth between them.
 */
export function lipTint(result: FaceAt, source: FaceAt): number {
  const r = lipsAgainstCheeks(result), s = lipsAgainstCheeks(source);
  return Math.hypot(r[0] - s[0], r[1] - s[1]);
}

export interface Box { x: number; y: number; width: number; height: number }

/** True when a pixel lies outside every face box grown by `grow` of its size on each side. */
export function outsideFaces(boxes: Box[], grow: number): (x: number, y: number) => boolean {
  const grown = boxes.map((b) => {
    const s = Math.max(b.width, b.height) * grow;
    return { x0: b.x - s, y0: b.y - s, x1: b.x + b.width + s, y1: b.y + b.height + s };
  });
  return (x, y) => grown.every((g) => x < g.x0 || x > g.x1 || y < g.y0 || y > g.y1);
}

/** Counts differing pixels and PSNR between two images over the pixels `keep` selects. */
export function compareOutside(a: RgbImage, b: RgbImage, keep: (x: number, y: number) => boolean): { differing: number; psnr: number; pixels: number } {
  let differing = 0, se = 0, pixels = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!keep(x, y)) continue;
      const p = (y * a.width + x) * 3;
      pixels++;
      let diff = false;
      for (let c = 0; c < 3; c++) {
        const d = a.data[p + c]! - b.data[p + c]!;
        if (d !== 0) diff = true;
        se += d * d;
      }
      if (diff) differing++;
    }
  }
  const mse = pixels ? se / (pixels * 3) : 0;
  return { differing, pixels, psnr: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse) };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((x, y) => x - y);
  const k = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[k]!;
}

/** Angle of the line from the person's right eye to their left (degrees, image frame). */
export function eyeLine(f: Face): number {
  return (Math.atan2(f.landmarks[263]![1] - f.landmarks[33]![1], f.landmarks[263]![0] - f.landmarks[33]![0]) * 180) / Math.PI;
}

/** Difference of two angles in degrees, within ±180. */
export function angleDiff(a: number, b: number): number {
  return ((((a - b) % 360) + 540) % 360) - 180;
}
