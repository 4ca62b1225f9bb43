// How a forehead cell is judged bare skin in one image (see forehead.ts for where it is used): like
// the cheeks and nose below, like the cell under it, about as bright as the skin at the brows, no
// less red, about as smooth.
import { TRI_SKIN_UPPER } from '../mesh/topology.ts';
import { luma, skinModel, spread2, type Px, type SkinModel } from '../face/skin-model.ts';

/** Cells per face size: a cell is about 2% of the face. */
export const CELLS_PER_FACE = 48;
/** The skin above the brows against the cheeks and nose: chromaticity distance (standard deviations) and brightness ratio either way. */
const REF_MAX_CHROMA = 3, REF_MAX_LUM_RATIO = 2;
/** Cells just above the brows (their hairs and edge) that are always swapped and not judged. */
export const BROW_CELLS = 2;
/** Further cells taken for brow where they are darker than the cheeks and the skin above them a step brighter (see bareSkin). */
const EXTRA_BROW_CELLS = 2;
/** Chromaticity distance (standard deviations) of a cell from the skin at the brows. */
const MAX_CHROMA = 2.5;
/**
 * Largest drop in redness (chromaticity r − g) below the skin it is compared with. Over the
 * fixtures, skin up a forehead stays within ~0.015 of the skin at the brows; a blonde fringe is
 * 0.02–0.04 less red.
 */
const MAX_REDNESS_DROP = 0.02;
/**
 * A highlight on a forehead adds the light's colour (about white) to the skin: it is less red than
 * the skin at the brows, but keeps its hue, (R − G) / (R − B), which adding white leaves alone, and
 * much of its tint, R − B. A blonde fringe is yellower (its hue differs: ~0.3 against skin's ~0.6);
 * grey or white hair has hardly any tint. Bounds: the hue's difference, and the tint's share of the
 * skin's at the brows.
 */
const HIGHLIGHT_HUE_TOLERANCE = 0.12, HIGHLIGHT_MIN_TINT = 0.4;
/** Brightness ratio (either way) of a cell to the skin at the brows: a fringe is darker, a bald scalp's shine or the background brighter. */
const MAX_LUM_RATIO = 1.5;
/**
 * How much brighter than the skin at the brows a cell of the target may be. A bearded old man's forehead is shaded
 * above the brows and lit above that, up to 1.97 times as bright: at 1.5, short columns of it were
 * kept and showed as pale blobs in a row across the new, darker forehead (a smooth face onto his). The
 * target's hair is told from its skin by colour and texture as well; the source's bar stays at
 * MAX_LUM_RATIO (a shining scalp or the background above a receding hairline must not be taken).
 */
const MAX_LUM_RISE_TARGET = 2;
/**
 * Brightness step (either way) between neighbouring cells going up: a hairline is an edge, skin
 * shading gradual. Not always in the target: that old man's forehead, shaded above the brows and lit above
 * that, steps by up to 1.49 a cell, and at 1.2 two strips of it were kept across the new forehead.
 * The target's hair is told from its skin by colour and by brightness against the skin at the brows
 * as well, so its bar is higher; the source's stays low (its hair must never be taken).
 */
const MAX_LUM_STEP_SOURCE = 1.2, MAX_LUM_STEP_TARGET = 1.5;
/** Brightness step up that marks the top of a brow reaching past the brow cells, and how much darker than the cheeks such a brow is. */
const BROW_STEP = 1.2;
/**
 * Texture (mean absolute luminance gradient) of a cell relative to the cheeks' and nose's median:
 * hair is streaked. So is an old forehead: at 2.5 the target's wrinkled ones were
 * taken for hair and kept, and the new face wore the old forehead above its brows. The target's
 * hair is told from its skin by colour and brightness as well, so its bar is higher; the source's
 * stays low, as a strand of its hair is pasted onto the other face (at 3.5, a woman's temple strand
 * came onto a baby's forehead).
 */
const MAX_TEXTURE_SOURCE = 2.5, MAX_TEXTURE_TARGET = 5;

/** One image's bars (see View): the source's stay low, its hair must never be taken. */
export interface Bars { texture: number; step: number; rise: number }
export const SOURCE_BARS: Bars = { texture: MAX_TEXTURE_SOURCE, step: MAX_LUM_STEP_SOURCE, rise: MAX_LUM_RATIO };
export const TARGET_BARS: Bars = { texture: MAX_TEXTURE_TARGET, step: MAX_LUM_STEP_TARGET, rise: MAX_LUM_RISE_TARGET };

/** Mean luminance, chromaticity and texture per grid cell (NaN luminance where a cell has too few pixels). */
interface Cells { lum: Float32Array; r: Float32Array; g: Float32Array; tex: Float32Array }

/**
 * The cells of the reference skin (upper skin outside the zone: cheeks, nose) and of the zone, in
 * one pass over the ROI (two passes took a quarter of the gate's time).
 */
function refAndZoneCells(px: Px, cover: Uint8Array, zone: Uint8Array, w: number, h: number, k: number, gw: number, gh: number): { ref: Cells; zone: Cells } {
  const gn = gw * gh;
  const sums = [0, 1].map(() => ({ count: new Float32Array(gn), sum: new Float32Array(3 * gn), tex: new Float32Array(gn) }));
  const a = new Float32Array(3), b = new Float32Array(3);
  for (let y = 0; y < h - 1; y++) {
    const row = ((y / k) | 0) * gw;
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      const into = zone[i] === 1 ? sums[1]! : cover[i] === TRI_SKIN_UPPER ? sums[0]! : null;
      if (!into) continue;
      const c = row + ((x / k) | 0);
      px(i, a);
      const Y = luma(a);
      into.count[c]! += 1;
      into.sum[c]! += a[0]!; into.sum[gn + c]! += a[1]!; into.sum[2 * gn + c]! += a[2]!;
      px(i + 1, b);
      let g = Math.abs(luma(b) - Y);
      px(i + w, b);
      g += Math.abs(luma(b) - Y);
      into.tex[c]! += g;
    }
  }
  const minCount = 0.3 * k * k;
  const [ref, inZone] = sums.map(({ count, sum, tex }) => {
    const out: Cells = { lum: new Float32Array(gn).fill(Number.NaN), r: new Float32Array(gn), g: new Float32Array(gn), tex: new Float32Array(gn) };
    for (let c = 0; c < gn; c++) {
      const n = count[c]!;
      if (n < minCount) continue;
      const R = sum[c]! / n, G = sum[gn + c]! / n, B = sum[2 * gn + c]! / n, s = R + G + B + 1;
      out.lum[c] = 0.299 * R + 0.587 * G + 0.114 * B;
      out.r[c] = R / s; out.g[c] = G / s;
      out.tex[c] = tex[c]! / n;
    }
    return out;
  });
  return { ref: ref!, zone: inZone! };
}

function median(values: number[]): number {
  const s = values.sort((p, q) => p - q);
  return s.length ? s[s.length >> 1]! : NaN;
}

/** One image's view of the forehead: its cells, the cheeks' and nose's skin model and texture bound. */
export interface View {
  zone: Cells;
  m: SkinModel;
  /** Texture bound (see MAX_TEXTURE_SOURCE) and brightness step bound (see MAX_LUM_STEP_SOURCE) of this image. */
  maxTex: number;
  maxStep: number;
  /** How much brighter than the skin at the brows a cell may be (see MAX_LUM_RISE_TARGET). */
  maxRise: number;
}

export function view(px: Px, cover: Uint8Array, zone: Uint8Array, w: number, h: number, k: number, gw: number, gh: number, bars: Bars): View | null {
  // The reference skin is the upper skin outside the forehead (cheeks, nose), which no fringe covers.
  const cheeks = (i: number) => cover[i] === TRI_SKIN_UPPER && zone[i] === 0;
  const m = skinModel(px, cheeks, w, h);
  if (!m) return null;
  const { ref, zone: inZone } = refAndZoneCells(px, cover, zone, w, h, k, gw, gh);
  const tex: number[] = [];
  for (let c = 0; c < ref.tex.length; c++) if (!Number.isNaN(ref.lum[c]!)) tex.push(ref.tex[c]!);
  return { zone: inZone, m, maxTex: bars.texture * Math.max(1, median(tex)), maxStep: bars.step, maxRise: bars.rise };
}

/** Redness drop and chromaticity distance of cell a from cell b (or from the model's mean when b < 0). */
function chroma(v: View, a: number, b: number): { drop: number; dist: number } {
  const rb = b < 0 ? v.m.mr : v.zone.r[b]!, gb = b < 0 ? v.m.mg : v.zone.g[b]!;
  const dr = v.zone.r[a]! - rb, dg = v.zone.g[a]! - gb;
  return { drop: -(dr - dg), dist: Math.sqrt(spread2(v.m, dr, dg)) };
}

/** A cell's mean colour, from its brightness and chromaticity. */
function rgbOf(v: View, c: number): [number, number, number] {
  const r = v.zone.r[c]!, g = v.zone.g[c]!, b = 1 - r - g;
  const sum = v.zone.lum[c]! / luma([r, g, b]);
  return [r * sum, g * sum, b * sum];
}

/** Whether cell a, brighter than cell ref, is ref's skin under a highlight (see HIGHLIGHT_HUE_TOLERANCE). */
function highlightOnSkin(v: View, a: number, ref: number): boolean {
  if (!(v.zone.lum[a]! > v.zone.lum[ref]!)) return false;
  const [ra, ga, ba] = rgbOf(v, a), [rr, gr, br] = rgbOf(v, ref);
  const tintA = ra - ba, tintRef = rr - br;
  if (tintRef <= 0 || tintA < HIGHLIGHT_MIN_TINT * tintRef) return false;
  return Math.abs((ra - ga) / tintA - (rr - gr) / tintRef) < HIGHLIGHT_HUE_TOLERANCE;
}

/** Whether the zone cells of `path` (bottom first: path[0] is the skin above the brows) are all bare skin in this image. */
export function bareSkin(v: View, path: number[]): boolean {
  // A thick brow reaches past the cells skipped for it: where brightness steps up within the next
  // few cells, what lies below the step is still brow (darker than the cheeks, and no reference for
  // the skin above it).
  let j0 = 0, rise = BROW_STEP;
  for (let j = 0; j < EXTRA_BROW_CELLS && j + 1 < path.length; j++) {
    if (!(v.zone.lum[path[j]!]! * BROW_STEP < v.m.my)) break;
    const r = v.zone.lum[path[j + 1]!]! / v.zone.lum[path[j]!]!;
    if (r > rise) { rise = r; j0 = j + 1; }
  }
  const ref = path[j0]!;
  const refLum = v.zone.lum[ref]!;
  if (Number.isNaN(refLum)) return false;
  // Forehead skin is often less red than the cheeks (by up to ~0.08 over the fixtures), so the
  // skin above the brows is held to the cheeks loosely and the rest of the column to it.
  if (chroma(v, ref, -1).dist > REF_MAX_CHROMA) return false;
  if (refLum > v.m.my * REF_MAX_LUM_RATIO || refLum * REF_MAX_LUM_RATIO < v.m.my) return false;
  if (v.zone.tex[ref]! > v.maxTex) return false;
  let below = refLum;
  for (let j = j0 + 1; j < path.length; j++) {
    const c = path[j]!;
    const Y = v.zone.lum[c]!;
    if (Number.isNaN(Y)) return false;
    if (Y > refLum * v.maxRise || Y * MAX_LUM_RATIO < refLum) return false;
    if (Y > below * v.maxStep || Y * v.maxStep < below) return false;
    const d = chroma(v, c, ref);
    if (d.dist > MAX_CHROMA) return false;
    if (d.drop > MAX_REDNESS_DROP && !highlightOnSkin(v, c, ref)) return false;
    if (v.zone.tex[c]! > v.maxTex) return false;
    below = Y;
  }
  return true;
}
