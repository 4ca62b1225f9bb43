// How sharp a face in a photo really is. A face's size in pixels says how much detail it could
// hold, not how much it does: a profile picture saved small and blown up again, a selfie out of
// focus or shaken in a dim room is 500 px of a 120-px face. Swapped by its pixel size such a face
// photo was neither sharpened nor given the target's grain, and the user was not told why the new
// face is soft; and a crisp face pasted into a target photo out of focus (a soft portrait, a
// player caught running) stood out sharp against its own hair and ears.
// The blur is read off the face's own edges (eyes, brows, nostrils, lips), after Zhuo & Sim,
// "Defocus map estimation from a single image" (2011): a step edge blurred by a Gaussian of sigma s
// loses, under a further blur of sigma0, its gradient's peak by sqrt(s² + sigma0²) / s, so the ratio
// of the two peaks gives s whatever the edge's contrast.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { factKind } from '../face/facts.ts';

/** The reblur's sigma (analysed pixels). */
const SIGMA0 = 1;
/**
 * Face size (pixels) up to which a face is read at full size: a larger one is box-reduced by a
 * whole factor to about this. Read at half size, 2 px of blur on a sharp 714-px face went unseen
 * (1.22 px, under SHARP_SIGMA); at full size it reads 1.85, and the sharp face 0.78, in 12–22 ms
 * once per photo.
 */
const READ_FACE_SIZE = 640;
/**
 * The blur of a sharp photo's edges as read here (analysed pixels): the lens, demosaicing, JPEG
 * and the discrete gradient itself leave 0.5–1 px, read as the most blurred of four directions
 * (the fixtures read 0.64–1.20, a baby's soft skin the most). A face reads as blurred from
 * SHARP_SIGMA up, worth SHARP_SIGMA / reading of its size.
 */
export const SHARP_SIGMA = 1.25;
/** What a perfect step edge reads (analysed pixels): the discrete gradient's own spread (sigma s reads about hypot(s, 0.7)). */
const READ_BASE = 0.7;
/** Reading (analysed pixels) above which the face is read again at half the size. */
const MAX_READ = 1.6;
/** Smallest face size (pixels) a face is reduced to for a reading. */
const MIN_READ_FACE = 64;
/** Share of the region's pixels, by gradient, taken as edges. */
const EDGE_SHARE = 0.08;
/** Least gradient (levels per pixel) of an edge: below it noise and JPEG rings outweigh the edge. */
const MIN_EDGE = 6;
/** Gradient directions read apart (see edgeSigma). */
const DIRECTIONS = 4;
/** Fewest edge pixels a direction's reading needs; a face with none read counts as sharp. */
const MIN_EDGES = 12;

export interface FaceBlur {
  /** The reading (analysed pixels) in the photo's pixels: times k for a face read reduced by k (a sharp 714-px face: 1.6). */
  sigma: number;
  /**
   * The blur the photo itself adds to the face, in the photo's pixels: the reading less the
   * READ_BASE it gives a perfect edge, in quadrature (0 for a sharp photo).
   */
  blur: number;
  /** The face's size its detail is worth (pixels, at most its size): its size / k × SHARP_SIGMA / reading, when that is less. */
  sharpSize: number;
}

/** Landmarks bounding the features read: brows (70, 300, 105, 334), eye corners (33, 263), lower lip (17), mouth corners (61, 291). */
const FEATURE_POINTS = [70, 300, 105, 334, 33, 263, 17, 61, 291] as const;

/** The blur of `face` in `img` (see the top of this file). */
/** How blurred a face is in its photo, by face index. */
export const BLUR = factKind<FaceBlur>('blur');

export function faceBlur(img: RgbImage, face: Face): FaceBlur {
  const k0 = Math.max(1, Math.floor(face.size / READ_FACE_SIZE));
  let k = k0, s = readAt(img, face, k);
  // The reading holds up to about MAX_READ: beyond, a blur wider than the features' own lines
  // (lashes, the lids' creases) reads short, as neighbouring edges run together. Such a face is
  // read again reduced, and one sharp only once reduced by k holds the detail of a face k times smaller.
  while (s > MAX_READ && face.size / (2 * k) >= MIN_READ_FACE) {
    const s2 = readAt(img, face, 2 * k);
    if (s2 === 0) break;
    k *= 2; s = s2;
  }
  if (s <= SHARP_SIGMA && k === k0) return { sigma: s * k, blur: 0, sharpSize: face.size };
  const sharpSize = s <= SHARP_SIGMA ? face.size / k : (face.size * SHARP_SIGMA) / (s * k);
  return { sigma: s * k, blur: k * Math.sqrt(Math.max(0, s * s - READ_BASE * READ_BASE)), sharpSize };
}

function readAt(img: RgbImage, face: Face, k: number): number {
  const lum = featureLuma(img, face, k);
  return lum ? edgeSigma(lum.data, lum.w, lum.h) : 0;
}

/** Luma of the features' box, box-reduced by k (null when the box is too small to read). */
function featureLuma(img: RgbImage, face: Face, k: number): { data: Float32Array; w: number; h: number } | null {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of FEATURE_POINTS) {
    const [x, y] = face.landmarks[p]!;
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  const m = 0.06 * face.size;
  const bx0 = Math.max(0, Math.floor(x0 - m)), by0 = Math.max(0, Math.floor(y0 - m));
  const bx1 = Math.min(img.width, Math.ceil(x1 + m)), by1 = Math.min(img.height, Math.ceil(y1 + m));
  const w = Math.floor((bx1 - bx0) / k), h = Math.floor((by1 - by0) / k);
  if (w < 16 || h < 16) return null;
  const data = new Float32Array(w * h);
  const d = img.data, iw = img.width, inv = 1 / (k * k);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < k; dy++) {
        let p = ((by0 + y * k + dy) * iw + bx0 + x * k) * 3;
        for (let dx = 0; dx < k; dx++, p += 3) s += 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
      }
      data[y * w + x] = s * inv;
    }
  }
  return { data, w, h };
}

/**
 * Gradient magnitude (central differences) of a w × h plane, and its direction as one of four bins
 * (0°, 45°, 90°, 135°, sign ignored); 0 on the border.
 */
function gradient(p: Float32Array, w: number, h: number): { mag: Float32Array; dir: Uint8Array } {
  const mag = new Float32Array(w * h), dir = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = (p[i + 1]! - p[i - 1]!) * 0.5, gy = (p[i + w]! - p[i - w]!) * 0.5;
      mag[i] = Math.sqrt(gx * gx + gy * gy);
      const ax = Math.abs(gx), ay = Math.abs(gy);
      dir[i] = ay < TAN_22_5 * ax ? 0 : ax < TAN_22_5 * ay ? 2 : gx * gy > 0 ? 1 : 3;
    }
  }
  return { mag, dir };
}

/** tan 22.5°: where a gradient's direction passes from one bin to the next. */
const TAN_22_5 = Math.SQRT2 - 1;

/** The normalised 1-D Gaussian of sigma SIGMA0, radius 3 sigma. */
const KERNEL = (() => {
  const r = Math.ceil(3 * SIGMA0);
  const k = Array.from({ length: 2 * r + 1 }, (_, j) => Math.exp(-((j - r) ** 2) / (2 * SIGMA0 * SIGMA0)));
  const sum = k.reduce((a, b) => a + b, 0);
  return Float64Array.from(k, (v) => v / sum);
})();

/** The plane under the reblur at (x, y), edges clamped: needed at the edges only, a few hundred points. */
function reblurAt(p: Float32Array, w: number, h: number, x: number, y: number): number {
  const r = KERNEL.length >> 1;
  let s = 0;
  for (let j = -r; j <= r; j++) {
    const row = Math.min(h - 1, Math.max(0, y + j)) * w;
    let t = 0;
    for (let i = -r; i <= r; i++) t += KERNEL[i + r]! * p[row + Math.min(w - 1, Math.max(0, x + i))]!;
    s += KERNEL[j + r]! * t;
  }
  return s;
}

/**
 * Per direction bin, the value of `g` above which the `share` largest of that bin's pixels lie
 * (histograms of 1/8-level bins, not a sort).
 */
function upperQuantiles(g: Float32Array, dir: Uint8Array, share: number): number[] {
  const BINS = 2048, SCALE = 8;
  const hist = Array.from({ length: DIRECTIONS }, () => new Uint32Array(BINS));
  const count = new Array<number>(DIRECTIONS).fill(0);
  for (let i = 0; i < g.length; i++) { hist[dir[i]!]![Math.min(BINS - 1, (g[i]! * SCALE) | 0)]!++; count[dir[i]!]!++; }
  return hist.map((hs, d) => {
    let left = share * count[d]!;
    for (let b = BINS - 1; b >= 0; b--) {
      left -= hs[b]!;
      if (left <= 0) return b / SCALE;
    }
    return 0;
  });
}

/**
 * Blur sigma of a plane's edges: per direction, the median over the strongest EDGE_SHARE of that
 * direction's gradients that are peaks across their 3×3 neighbourhood; the largest of the
 * directions read. A shaken photo is blurred along one direction only: its other edges stay crisp
 * and, taken together, read it as sharp (15 px of motion across a 305-px face read 1.25, a
 * whole-face median; per direction, 2.9). Each direction is cut on its own gradients, as the
 * smeared edges are the weaker ones.
 */
export function edgeSigma(p: Float32Array, w: number, h: number): number {
  const { mag: g1, dir } = gradient(p, w, h);
  const cuts = upperQuantiles(g1, dir, EDGE_SHARE).map((c) => Math.max(MIN_EDGE, c));
  const sigmas: number[][] = Array.from({ length: DIRECTIONS }, () => []);
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x, v = g1[i]!;
      if (v < cuts[dir[i]!]! || !peak(g1, i, w)) continue;
      const gx = (reblurAt(p, w, h, x + 1, y) - reblurAt(p, w, h, x - 1, y)) * 0.5;
      const gy = (reblurAt(p, w, h, x, y + 1) - reblurAt(p, w, h, x, y - 1)) * 0.5;
      const r = v / Math.max(1e-6, Math.sqrt(gx * gx + gy * gy));
      // A ratio at or under 1 is a texture the reblur did not lower: no reading.
      if (r <= 1.001) continue;
      sigmas[dir[i]!]!.push(SIGMA0 / Math.sqrt(r * r - 1));
    }
  }
  let read = 0;
  for (const d of sigmas) {
    if (d.length < MIN_EDGES) continue;
    d.sort((a, b) => a - b);
    read = Math.max(read, d[d.length >> 1]!);
  }
  return read;
}

function peak(g: Float32Array, i: number, w: number): boolean {
  const v = g[i]!;
  return v >= g[i - 1]! && v >= g[i + 1]! && v >= g[i - w]! && v >= g[i + w]! && v >= g[i - w - 1]! && v >= g[i - w + 1]! && v >= g[i + w - 1]! && v >= g[i + w + 1]!;
}
