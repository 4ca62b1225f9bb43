// How a swapped face's skin compares with the target's own, on the same cheek patches (at the
// target face's landmarks): the colour jump a viewer sees against the neck and ears (tone shift),
// and whether the new skin is blotchier than the skin it replaced (blotchiness ratio). The
// benchmark prints both per pair and the result check judges on them, so both read them here.
import type { RgbImage } from '../core/image.ts';

type Landmarks = ReadonlyArray<readonly number[]>;
export type Lab = [number, number, number];

/** Mesh landmarks in the middle of each cheek, below the eyes and beside the nose. */
export const CHEEK_LANDMARKS = [50, 280] as const;
/** Cheek patch radius, as a share of the face size: wide enough to hold shading, narrow enough to stay on skin. */
export const CHEEK_RADIUS = 0.06;
/** Box blur radius, as a share of the face size, before the spread is read: pixel noise and JPEG blocks are not blotches. */
const SMOOTH_RADIUS = 0.012;
/** Least spread (a*b*) a target's cheeks are credited with: a grey or very even skin must not turn any spread into a large ratio. */
export const MIN_SPREAD = 1.5;

/** sRGB (0..255) to CIELAB (D65). */
export function toLab(r: number, g: number, b: number): Lab {
  const lin = (v: number) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const R = lin(r), G = lin(g), B = lin(b);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047), fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B), fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** The two cheek patches' pixel indices (discs of CHEEK_RADIUS around CHEEK_LANDMARKS), inside the image. */
export function cheekPixels(width: number, height: number, landmarks: Landmarks, faceSize: number): number[] {
  const r = Math.max(2, Math.round(CHEEK_RADIUS * faceSize)), out: number[] = [];
  for (const v of CHEEK_LANDMARKS) {
    const cx = Math.round(landmarks[v]![0]!), cy = Math.round(landmarks[v]![1]!);
    for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) {
      if (x >= 0 && y >= 0 && x < width && y < height && (x - cx) ** 2 + (y - cy) ** 2 <= r * r) out.push(y * width + x);
    }
  }
  return out;
}

/** Mean of `img` over the (2r + 1)² box around pixel i, clipped to the image. */
function boxRgb(img: RgbImage, i: number, r: number): [number, number, number] {
  const x0 = i % img.width, y0 = (i / img.width) | 0, s: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, y0 - r); y <= Math.min(img.height - 1, y0 + r); y++) {
    for (let x = Math.max(0, x0 - r); x <= Math.min(img.width - 1, x0 + r); x++) {
      const p = 3 * (y * img.width + x);
      s[0] += img.data[p]!; s[1] += img.data[p + 1]!; s[2] += img.data[p + 2]!; n++;
    }
  }
  return [s[0] / n, s[1] / n, s[2] / n];
}

/** The cheeks' mean CIELAB colour and the spread of their a* and b* (√(var a* + var b*), after smoothing). */
export interface CheekSkin { lab: Lab; spread: number }

export function cheekSkin(img: RgbImage, landmarks: Landmarks, faceSize: number): CheekSkin {
  const pixels = cheekPixels(img.width, img.height, landmarks, faceSize);
  const r = Math.max(1, Math.round(SMOOTH_RADIUS * faceSize));
  const sum: Lab = [0, 0, 0];
  let aa = 0, bb = 0;
  for (const i of pixels) {
    const c = toLab(...boxRgb(img, i, r));
    sum[0] += c[0]; sum[1] += c[1]; sum[2] += c[2];
    aa += c[1] * c[1]; bb += c[2] * c[2];
  }
  const n = Math.max(1, pixels.length);
  const lab: Lab = [sum[0] / n, sum[1] / n, sum[2] / n];
  const variance = Math.max(0, aa / n - lab[1] * lab[1]) + Math.max(0, bb / n - lab[2] * lab[2]);
  return { lab, spread: Math.sqrt(variance) };
}

/** The figures of one swapped face against the target's own skin at the same place. */
export interface SkinFigures {
  /** CIE76 ΔE between the result's and the target's mean cheek colour (lightness included). */
  toneShift: number;
  /** The result's cheek spread over the target's (at least MIN_SPREAD); above 1: blotchier. */
  blotchiness: number;
}

export function skinFigures(result: RgbImage, target: RgbImage, landmarks: Landmarks, faceSize: number): SkinFigures {
  const r = cheekSkin(result, landmarks, faceSize), t = cheekSkin(target, landmarks, faceSize);
  return {
    toneShift: Math.hypot(r.lab[0] - t.lab[0], r.lab[1] - t.lab[1], r.lab[2] - t.lab[2]),
    blotchiness: r.spread / Math.max(MIN_SPREAD, t.spread),
  };
}
