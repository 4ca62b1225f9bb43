// Which triangles of the face photo something covers (a hat, a hood, a strand of hair, a microphone):
// each skin triangle is judged on the photo itself, before any warp, against the photo's own skin
// model (intensity-free chromaticity, so shading does not count, and luminance far below the skin's).
// Eyes, brows, lips and the mouth are not judged: they differ from skin by nature.
import { chromaDist2, DARK, fitSkin, imageSkin, luma, OUTLIER, type Px, type SkinModel } from '../../face/skin-model.ts';
import { faceRoi, type Face } from '../../face/face.ts';
import { FACE_OVAL_LOOP, loopUv, TRI_FOREHEAD, TRI_SKIN, TRI_SKIN_UPPER, type Topology } from '../../mesh/topology.ts';
import type { RgbImage } from '../../core/image.ts';
import { fillPolygon } from '../../raster/polygon.ts';
import type { Roi } from '../../raster/warp.ts';
import { occluderWeight } from '../mask/occlusion.ts';

/** Occluder weight (see occluderWeight) from which a sample counts as not skin. */
const NOT_SKIN = 0.5;
/** Share of a triangle's samples that must be not skin for the triangle to count as covered. */
export const COVERED_SHARE = 0.5;
/** Fewest samples to judge a triangle by; smaller ones are left as they are. */
const MIN_SAMPLES = 3;
/** Triangles within this of the midline (canonical u) belong to neither half. */
const MIDLINE = 0.005;
/** Fewest upper-skin samples to read a half's brightness by; with fewer, the whole face's is used. */
const MIN_HALF_SAMPLES = 20;
/**
 * Chromaticity distance (standard deviations) within which the mean of a triangle's pixels too dark
 * to judge one by one (see DARK) is skin in shade; and the least mean R + G + B that has a hue at
 * all (near black has none: a microphone, a black hood).
 */
const SHADE_CHROMA = 4, MIN_SHADE_SUM = 45;
/** Least share of the skin's tint (chromaticity r − b) a shade keeps. */
const SHADE_TINT = 0.5;

/** Positions in FACE_OVAL_LOOP of its upper half, from one ear over the forehead to the other: where hair lies around a face. */
const OVAL_POSITIONS = [...FACE_OVAL_LOOP.keys()];
const UPPER_OUTLINE = [...OVAL_POSITIONS.slice(FACE_OVAL_LOOP.indexOf(234)), ...OVAL_POSITIONS.slice(0, FACE_OVAL_LOOP.indexOf(454) + 1)];
/** How far beyond the outline (a share of its distance from the face's centre) the hair around it is read. */
const HAIR_REACH = 0.15;
/** Least distance (skin standard deviations) of the hair's mean colour from the skin's for strands of it to count as covers. */
const HAIR_APART = 2;
/** A strand's colour: within this of the hair's (its standard deviations), beyond that of the skin's. */
const HAIR_WITHIN = 2, SKIN_BEYOND = 2;
/**
 * Most brightness of the hair around the face, and of a strand, relative to the skin's: white or
 * light blond hair (near the skin's brightness, its colour near the skin's spread) is left alone.
 */
const HAIR_DARKER = 0.75, STRAND_DARKER = 0.75;

/**
 * The colour model of what lies around the face's upper outline (its hair, mostly), when far
 * enough from the skin's to tell the two apart; else null. A strand of red hair over a pale face
 * is not far darker than the skin, nor beyond the skin model's spread (the shaded, made-up skin
 * widens it): it was carried onto the new face as a brown band down the temple. Read on the
 * photo's grid (see imageSkin).
 */
function hairAround(px: Px, w: number, h: number, s: number, roi: Roi, pts: Float32Array, skin: SkinModel): SkinModel | null {
  const outer = loopUv(pts, FACE_OVAL_LOOP, 1 + HAIR_REACH), inner = loopUv(pts, FACE_OVAL_LOOP);
  const at = (loop: Float32Array) => (k: number): [number, number] => [(loop[2 * k]! - roi.x) / s, (loop[2 * k + 1]! - roi.y) / s];
  // Out along the grown outline, back along the face's.
  const band = [...UPPER_OUTLINE.map(at(outer)), ...[...UPPER_OUTLINE].reverse().map(at(inner))].flat();
  const mask = new Uint8Array(w * h);
  fillPolygon(mask, w, h, 0, 0, band);
  // The forehead reaches above the outline: only what is unlike the skin there is read.
  const rgb = new Float32Array(3);
  const unlike = (i: number) => {
    if (mask[i] !== 1) return false;
    px(i, rgb);
    const S = rgb[0]! + rgb[1]! + rgb[2]! + 1;
    return chromaDist2(skin, rgb[0]! / S, rgb[1]! / S) >= HAIR_APART * HAIR_APART;
  };
  const first = fitSkin(px, unlike, w, h, null);
  const hair = first && fitSkin(px, unlike, w, h, first);
  return hair && hair.my <= HAIR_DARKER * skin.my && chromaDist2(skin, hair.mr, hair.mg) >= HAIR_APART * HAIR_APART ? hair : null;
}

/**
 * Whether `c` is a strand of the hair (see hairAround): darker than the skin (`m`) by STRAND_DARKER,
 * within HAIR_WITHIN of the hair's colour and beyond SKIN_BEYOND of the skin's (each in its own spread).
 */
function hairLike(m: SkinModel, hair: SkinModel, c: Float32Array): boolean {
  if (luma(c) > STRAND_DARKER * m.my) return false;
  const S = c[0]! + c[1]! + c[2]! + 1, r = c[0]! / S, g = c[1]! / S;
  return chromaDist2(hair, r, g) <= HAIR_WITHIN * HAIR_WITHIN && chromaDist2(m, r, g) >= SKIN_BEYOND * SKIN_BEYOND;
}

/** Whether a triangle of class c is skin the photo should show bare. */
export const judged = (c: number): boolean => c === TRI_SKIN || c === TRI_SKIN_UPPER || c === TRI_FOREHEAD;

export interface CoverShares {
  /** Per triangle, the share (0..1) of its samples that are not skin; -1 where it was not judged (not skin by class, too small, or no skin model). */
  share: Float32Array;
  /** Mean brightness of the bare skin of the face's two halves (canonical u below and above 0.5); 0 where unknown. */
  halfLum: [number, number];
  /** Per triangle, the mean colour (R, G, B) of its skin samples; NaN where it has too few. */
  colour: Float32Array;
}

/** The shares of the face with flat points `pts` in `image` (see CoverShares); `strands`: whether hair strands count (see hairAround). */
export function notSkinShares(image: RgbImage, face: Face, pts: Float32Array, topo: Pick<Topology, 'triangles' | 'triClass' | 'uv'>, strands = true): CoverShares {
  const { triangles, triClass, uv } = topo;
  const n = triClass.length;
  const share = new Float32Array(n).fill(-1);
  const roi = faceRoi(face, image.width, image.height);
  const { skin, px, w, h, s } = imageSkin(image.data, image.width, roi, pts);
  if (!skin) return { share, halfLum: [0, 0], colour: new Float32Array(3 * n).fill(Number.NaN) };
  const hair = strands ? hairAround(px, w, h, s, roi, pts, skin) : null;
  const rgb = new Float32Array(3);
  const gx = (p: number) => (pts[2 * p]! - roi.x) / s, gy = (p: number) => (pts[2 * p + 1]! - roi.y) / s;
  /** Calls `visit` with each grid sample of triangle t (or, for a sliver, of points read on the photo itself); returns how many. */
  const samples = (t: number, visit: (rgb: Float32Array) => void): number => {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const ax = gx(a), ay = gy(a), bx = gx(b), by = gy(b), cx = gx(c), cy = gy(c);
    const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(area) < 1e-9) return 0;
    const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx))), x1 = Math.min(w - 1, Math.floor(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy))), y1 = Math.min(h - 1, Math.floor(Math.max(ay, by, cy)));
    let count = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        // Barycentric signs against the triangle's own winding.
        const u = ((bx - x) * (cy - y) - (cx - x) * (by - y)) / area, v = ((cx - x) * (ay - y) - (ax - x) * (cy - y)) / area;
        if (u < 0 || v < 0 || u + v > 1) continue;
        px(y * w + x, rgb);
        visit(rgb);
        count++;
      }
    }
    if (count >= MIN_SAMPLES) return count;
    // A sliver (the outline squeezed against what covers it) holds too few grid samples: it is read
    // on the photo itself, at its centre and halfway from there to each corner.
    const mx = (ax + bx + cx) / 3, my = (ay + by + cy) / 3;
    for (const [x, y] of [[mx, my], [(mx + ax) / 2, (my + ay) / 2], [(mx + bx) / 2, (my + by) / 2], [(mx + cx) / 2, (my + cy) / 2]] as const) {
      const ix = Math.round(roi.x + x * s), iy = Math.round(roi.y + y * s);
      if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) continue;
      const p = 3 * (iy * image.width + ix);
      rgb[0] = image.data[p]!; rgb[1] = image.data[p + 1]!; rgb[2] = image.data[p + 2]!;
      visit(rgb);
      count++;
    }
    return count;
  };
  const half = (t: number) => {
    const u = (uv[2 * triangles[3 * t]!]! + uv[2 * triangles[3 * t + 1]!]! + uv[2 * triangles[3 * t + 2]!]!) / 3;
    return Math.abs(u - 0.5) < MIDLINE ? -1 : u < 0.5 ? 0 : 1;
  };
  // Each half's own skin brightness: a face lit from one side is far darker on the other, and only
  // what is far darker than its own half's skin is a cover (a hood, a microphone), not a shade.
  const sum = [0, 0], count = [0, 0];
  for (let t = 0; t < n; t++) {
    const k = half(t);
    if (triClass[t] !== TRI_SKIN_UPPER || k < 0) continue;
    samples(t, (c) => {
      const Y = luma(c);
      const S = c[0]! + c[1]! + c[2]! + 1;
      if (Y >= DARK && chromaDist2(skin, c[0]! / S, c[1]! / S) <= OUTLIER * OUTLIER) { sum[k]! += Y; count[k]!++; }
    });
  }
  const models = [0, 1].map((k) => (count[k]! >= MIN_HALF_SAMPLES ? { ...skin, my: sum[k]! / count[k]! } : skin));
  const mid = { ...skin, my: (models[0]!.my + models[1]!.my) / 2 };
  // Each triangle's skin colour: sums and count of its skin samples.
  const bare = new Float64Array(3 * n), bareCount = new Uint32Array(n);
  for (let t = 0; t < n; t++) {
    if (!judged(triClass[t]!)) continue;
    const k = half(t), m = k < 0 ? mid : models[k]!;
    // Hair strands fall from above; the lower face's dark strands are a beard, the person's own.
    const strand = hair !== null && triClass[t] !== TRI_SKIN;
    let not = 0, dark = 0, dr = 0, dg = 0, db = 0;
    const total = samples(t, (c) => {
      if (luma(c) < DARK) { dark++; dr += c[0]!; dg += c[1]!; db += c[2]!; } else if (occluderWeight(m, c) >= NOT_SKIN || (strand && hairLike(m, hair, c))) not++;
      else { bare[3 * t]! += c[0]!; bare[3 * t + 1]! += c[1]!; bare[3 * t + 2]! += c[2]!; bareCount[t]!++; }
    });
    if (total < MIN_SAMPLES) continue;
    // Too dark for one pixel's hue to say anything, but their mean keeps the skin's hue in a deep
    // shade: only then are they skin.
    if (dark > 0) {
      const S = dr + dg + db + dark;
      // Skin's tint, r − b, survives a shade; a dark cloth's or a black object's is gone or blue.
      const tint = (dr - db) / S, skinTint = 2 * skin.mr + skin.mg - 1;
      const shade = (dr + dg + db) / dark >= MIN_SHADE_SUM && tint >= SHADE_TINT * skinTint && chromaDist2(skin, dr / S, dg / S) <= SHADE_CHROMA * SHADE_CHROMA;
      if (!shade) not += dark;
    }
    share[t] = not / total;
  }
  const colour = Float32Array.from(bare, (v, i) => (bareCount[(i / 3) | 0]! >= MIN_SAMPLES ? v / bareCount[(i / 3) | 0]! : Number.NaN));
  return { share, halfLum: [0, 1].map((k) => (count[k]! >= MIN_HALF_SAMPLES ? sum[k]! / count[k]! : 0)) as [number, number], colour };
}
