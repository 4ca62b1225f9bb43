// Hair length and hair type suggestions for a catalogue photo, from pixel statistics around the
// face: how far down beside the face the hair's colour goes, and how ordered its texture is.
// Rules of thumb for operators to confirm; a background the colour of the hair reads as hair.
import type { RgbImage } from '../core/image.ts';

type P = [number, number, number];
type Lab = [number, number, number];

export type HairLength = 'bald' | 'veryShort' | 'short' | 'medium' | 'long' | 'veryLong';
export type HairType = 'straight' | 'wavy' | 'curly' | 'coily';

export interface HairMeasures {
  /** Colour distance (CIE ΔE) between the hair sample and the cheeks' skin. */
  hairToSkin: number;
  /** Lowest hair beside the face below the chin, in face lengths (negative: above the chin). */
  reach: number;
  /** Hair height above the top of the forehead, in face lengths. */
  crown: number;
  /** Structure-tensor coherence of the hair above the forehead: 1 for parallel strands, 0 for no direction. */
  coherence: number;
}

const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const deltaE = (a: Lab, b: Lab) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function median(v: number[]): number {
  const s = [...v].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** sRGB 0..255 → CIE L*a*b* (D65). */
export function labAt(img: RgbImage, x: number, y: number): Lab | null {
  const px = Math.round(x), py = Math.round(y);
  if (px < 0 || py < 0 || px >= img.width || py >= img.height) return null;
  const o = (py * img.width + px) * 3;
  const lin = (c: number) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const R = lin(img.data[o]!), G = lin(img.data[o + 1]!), B = lin(img.data[o + 2]!);
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, Y = 0.2126 * R + 0.7152 * G + 0.0722 * B, Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

function medianLab(samples: Array<Lab | null>): Lab | null {
  const ok = samples.filter((s): s is Lab => !!s);
  if (ok.length === 0) return null;
  return [median(ok.map((s) => s[0])), median(ok.map((s) => s[1])), median(ok.map((s) => s[2]))];
}

/** `hair` is the median colour above the forehead (Lab); the rest is read around it. */
export function hairMeasures(img: RgbImage, lm: P[], hair: Lab): HairMeasures {
  const top = lm[10]!, chin = lm[152]!;
  const len = dist(top, chin) || 1;
  // Unit vectors: `u` from chin to forehead, `v` across the face (toward 454).
  const ux = (top[0] - chin[0]) / len, uy = (top[1] - chin[1]) / len;
  const vx = -uy, vy = ux;
  const side = Math.sign((lm[454]![0] - lm[234]![0]) * vx + (lm[454]![1] - lm[234]![1]) * vy) || 1;
  // Skin: small patches on both cheeks (mesh points 50 and 280).
  const skinSamples: Array<Lab | null> = [];
  for (const i of [50, 280, 101, 330]) for (let k = -2; k <= 2; k++) skinSamples.push(labAt(img, lm[i]![0] + k * len * 0.01, lm[i]![1] + k * len * 0.01));
  const skin = medianLab(skinSamples) ?? hair;
  const isHair = (s: Lab | null) => !!s && deltaE(s, hair) < 16 && deltaE(s, hair) < deltaE(s, skin);

  // Reach: walk down beside each cheekbone, just outside the face, while the pixels look like hair.
  let lowest = -Infinity;
  for (const [p, dir] of [[lm[234]!, -side], [lm[454]!, side]] as const) {
    let gap = 0, last = -Infinity;
    for (let s = -0.2; s <= 1.6; s += 0.02) {
      const band: Array<Lab | null> = [];
      for (let w = 0.06; w <= 0.2; w += 0.035) band.push(labAt(img, p[0] - ux * s * len + vx * dir * w * len, p[1] - uy * s * len + vy * dir * w * len));
      if (isHair(medianLab(band))) { last = s; gap = 0; } else if (++gap > 4) break;
    }
    // `s` runs from the cheekbone, which sits about 0.6 face lengths above the chin.
    if (last > -Infinity) lowest = Math.max(lowest, last - dist(p, chin) / len);
  }

  // Crown: the hair's thickness above the forehead, from where it starts (the hairline) upward.
  let first = -1, crown = 0, gap = 0;
  for (let s = 0; s <= 0.7; s += 0.02) {
    const band: Array<Lab | null> = [];
    for (let w = -0.1; w <= 0.1; w += 0.05) band.push(labAt(img, top[0] + ux * s * len + vx * w * len, top[1] + uy * s * len + vy * w * len));
    if (isHair(medianLab(band))) {
      if (first < 0) first = s;
      crown = s - first + 0.02;
      gap = 0;
    } else if (first >= 0 && ++gap > 2) break;
  }

  return { hairToSkin: deltaE(hair, skin), reach: lowest === -Infinity ? -1 : lowest, crown, coherence: coherenceAbove(img, top, ux, uy, len) };
}

/** Mean structure-tensor coherence over small windows of the band above the forehead. */
function coherenceAbove(img: RgbImage, top: P, ux: number, uy: number, len: number): number {
  const luma = (x: number, y: number) => {
    const px = Math.min(img.width - 1, Math.max(0, Math.round(x))), py = Math.min(img.height - 1, Math.max(0, Math.round(y)));
    const o = (py * img.width + px) * 3;
    return 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
  };
  const vx = -uy, vy = ux;
  const step = Math.max(1, len / 160);
  const values: number[] = [];
  for (let s = 0.06; s <= 0.22; s += 0.04) {
    for (let w = -0.3; w <= 0.3; w += 0.06) {
      const cx = top[0] + ux * s * len + vx * w * len, cy = top[1] + uy * s * len + vy * w * len;
      let jxx = 0, jyy = 0, jxy = 0;
      for (let i = -4; i <= 4; i++) {
        for (let j = -4; j <= 4; j++) {
          const x = cx + i * step, y = cy + j * step;
          const gx = luma(x + step, y) - luma(x - step, y), gy = luma(x, y + step) - luma(x, y - step);
          jxx += gx * gx; jyy += gy * gy; jxy += gx * gy;
        }
      }
      const trace = jxx + jyy;
      // Flat patches (skin, plain background) have no direction to speak of: left out.
      if (trace < 81 * 2 * 16) continue;
      values.push(Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / trace);
    }
  }
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

export function hairLengthOf(m: HairMeasures): HairLength {
  if (m.hairToSkin < BALD_DELTA) return 'bald';
  if (m.reach >= VERY_LONG_REACH) return 'veryLong';
  if (m.reach >= LONG_REACH) return 'long';
  if (m.reach >= MEDIUM_REACH) return 'medium';
  return m.crown < VERY_SHORT_CROWN ? 'veryShort' : 'short';
}
const BALD_DELTA = 8, VERY_LONG_REACH = 0.9, LONG_REACH = 0.3, MEDIUM_REACH = -0.3, VERY_SHORT_CROWN = 0.08;

export function hairTypeOf(m: HairMeasures): HairType {
  if (m.coherence >= STRAIGHT_COHERENCE) return 'straight';
  if (m.coherence >= WAVY_COHERENCE) return 'wavy';
  return m.coherence >= CURLY_COHERENCE ? 'curly' : 'coily';
}
const STRAIGHT_COHERENCE = 0.5, WAVY_COHERENCE = 0.4, CURLY_COHERENCE = 0.3;
