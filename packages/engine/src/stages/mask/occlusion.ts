// Occlusion: pixels of the face that are not skin-coloured (a scarf, a beard, glasses frames, a
// strand of hair) in the target are kept from the target, and where the source face is covered the
// target shows through too, instead of pasting a scarf or a face over the other image's objects.
// Skin colour is modelled per image from the cheeks and nose (upper skin), in intensity-free
// chromaticity so shadows do not count as occluders. A covered mouth (a scarf, a mask) is caught by
// its lips: lips are redder than the skin around them, so "lips" less red than the cheeks are the
// cover itself, which then gives a colour model of the cover (a pale pink scarf is too close to skin
// for the skin model alone).
import { flood8 } from '../../raster/flood.ts';
import { gaussianBlur } from '../../raster/blur.ts';
import { loopUv, OUTER_LIP_LOOP, TRI_FOREHEAD, TRI_MOUTH, TRI_OUTER, TRI_SKIN, TRI_SKIN_UPPER } from '../../mesh/topology.ts';
import { chromaDist2, DARK, fitSkin, imagePx, imageSkin, OUTLIER, planarPx, upperSkinModel, type Px, type SkinModel } from '../../face/skin-model.ts';
import type { Roi } from '../../raster/warp.ts';
import { upsampleSparse } from '../../raster/resample.ts';
import { fillPolygon } from '../../raster/polygon.ts';
import { smoothstep } from '../../raster/ramp.ts';

/** A hand plane's value for the source's shaded skin beside its hand (1 is the hand itself): only its skin is kept from the target. */
export const HAND_SHADE = 2;

/** Mahalanobis distances (in standard deviations) where occlusion starts and is complete. */
const D0 = OUTLIER, D1 = 6;
/** Luminance relative to the skin's mean below which a pixel counts as an occluder (fully at DARK_0). */
const DARK_0 = 0.22, DARK_1 = 0.35;

/**
 * How much less red (chromaticity r − g) than the upper skin the lips must be to count as covered.
 * Over the fixtures bare lips are 0.01 less red at worst (most are redder); the scarf-covered ones
 * 0.11 less.
 */
const COVER_MARGIN = 0.05;
/** Distance (standard deviations) by which a pixel must be nearer the cover's colour than the skin's to start counting as cover, and the ramp to full. */
const COVER_D0 = 1, COVER_RAMP = 2;

/**
 * Fewest lip samples (every other pixel each way) to judge a mouth by: a face 40 px wide has about
 * a dozen.
 */
const MIN_LIP_SAMPLES = 8;

/** The colour model of whatever covers the mouth, or null when the lips show (see COVER_MARGIN). */
function mouthCover(px: Px, lips: Uint8Array, w: number, h: number, skin: SkinModel): SkinModel | null {
  const cover = fitSkin(px, (i) => lips[i] === 1, w, h, null, MIN_LIP_SAMPLES);
  return cover && cover.mr - cover.mg < skin.mr - skin.mg - COVER_MARGIN ? cover : null;
}

/**
 * Share of the lips' pixels (between their outer and inner outlines: an open mouth's dark inside
 * does not count) far darker than the skin (see DARK_0) from which the mouth is covered by something
 * dark (a microphone, a black mask): lips are never that dark. Such a cover is too dark for a
 * colour model.
 */
const DARK_LIPS = 0.3;

/**
 * Whether something far darker than the skin covers the lips (see DARK_LIPS) on both sides of their
 * middle (`across`: the face's left-right direction): a hard side light shades one half of them as
 * dark, a cover over the mouth reaches both.
 */
function darkOverMouth(px: Px, lips: Uint8Array, w: number, h: number, skin: SkinModel, across: readonly [number, number]): boolean {
  const rgb = new Float32Array(3);
  let n = 0, mid = 0;
  for (let i = 0; i < lips.length; i += 2) if (lips[i] === 1) { n++; mid += (i % w) * across[0] + ((i / w) | 0) * across[1]; }
  if (n < MIN_LIP_SAMPLES) return false;
  mid /= n;
  const count = [0, 0], dark = [0, 0];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (lips[i] !== 1) continue;
      const k = x * across[0] + y * across[1] < mid ? 0 : 1;
      px(i, rgb);
      count[k]!++;
      if (0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]! < DARK_0 * skin.my) dark[k]!++;
    }
  }
  return count[0]! > 0 && count[1]! > 0 && dark[0]! >= DARK_LIPS * count[0]! && dark[1]! >= DARK_LIPS * count[1]!;
}

/**
 * Whether something covers the mouth of the face with mesh `pts` in `image` (see mouthCover), judged
 * on the image itself, before any warp: the skin is modelled on the face's upper-skin triangles
 * (see imageSkin).
 */
export function mouthCoveredIn(image: Uint8Array, imageWidth: number, roi: Roi, pts: Float32Array): boolean {
  const { skin, px, w, h, s } = imageSkin(image, imageWidth, roi, pts);
  if (!skin) return false;
  // Region coordinates of the sampled grid: image (roi.x + x·s, roi.y + y·s) is grid (x, y).
  const at = (poly: ArrayLike<number>) => Float32Array.from(poly, (v, k) => (v - (k % 2 === 0 ? roi.x : roi.y)) / s);
  const lips = new Uint8Array(w * h);
  fillPolygon(lips, w, h, 0, 0, at(loopUv(pts, OUTER_LIP_LOOP)));
  return mouthCover(px, lips, w, h, skin) !== null;
}

/** 0..1: how much nearer the cover's colour than the skin's pixel `rgb` is. */
function coverWeight(skin: SkinModel, cover: SkinModel, rgb: Float32Array): number {
  const R = rgb[0]!, G = rgb[1]!, B = rgb[2]!;
  if (0.299 * R + 0.587 * G + 0.114 * B < DARK) return 0;
  const s = R + G + B + 1, r = R / s, g = G / s;
  const t = (Math.sqrt(chromaDist2(skin, r, g)) - Math.sqrt(chromaDist2(cover, r, g)) - COVER_D0) / COVER_RAMP;
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}

/** How far pixel `rgb` is from being skin under model m: 0 skin .. 1 surely something else. */
export function occluderWeight(m: SkinModel, rgb: Float32Array): number {
  const R = rgb[0]!, G = rgb[1]!, B = rgb[2]!;
  const Y = 0.299 * R + 0.587 * G + 0.114 * B;
  // Far darker than the face's skin: a dark scarf edge, sunglasses, hair (not a soft shadow).
  const rel = Y / m.my;
  const dark = rel >= DARK_1 ? 0 : rel <= DARK_0 ? 1 : (DARK_1 - rel) / (DARK_1 - DARK_0);
  if (Y < DARK) return dark;
  const s = R + G + B + 1;
  const d = Math.sqrt(chromaDist2(m, R / s, G / s));
  const o = d <= D0 ? 0 : d >= D1 ? 1 : (d - D0) / (D1 - D0);
  return o > dark ? o : dark;
}

/** Weight above which a cell counts as part of an occluder when tracing where it comes from. */
const REACH = 0.05;

/**
 * Keeps only the occluders that reach the face's outline; returns whether any is left. What covers a
 * face comes in from beyond it (a scarf, a hand, a beard, a strand of hair); what lies wholly inside
 * is part of the face: the dark core of a moustache kept alone under the new nose read as a leftover
 * scrap of moustache, and a glasses bridge kept between swapped eyes as a dark square floating there.
 */
function keepReachingOutline(grid: Float32Array, outside: Uint8Array, gw: number, gh: number): boolean {
  const seen = new Uint8Array(grid.length);
  const stack: number[] = [];
  for (let c = 0; c < grid.length; c++) {
    if (grid[c]! <= REACH) continue;
    const x = c % gw, y = (c / gw) | 0;
    let edge = outside[c] === 1 || x === 0 || y === 0 || x === gw - 1 || y === gh - 1;
    for (let dy = -1; dy <= 1 && !edge; dy++) for (let dx = -1; dx <= 1 && !edge; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < gw && yy < gh && outside[yy * gw + xx]) edge = true;
    }
    if (edge) { seen[c] = 1; stack.push(c); }
  }
  flood8(stack, gw, gh, (d) => {
    if (seen[d] || grid[d]! <= REACH) return false;
    seen[d] = 1;
    return true;
  });
  let any = false;
  for (let c = 0; c < grid.length; c++) {
    if (!seen[c]) grid[c] = 0;
    else if (grid[c]! > 0) any = true;
  }
  return any;
}

export interface MouthGeometry {
  /** Outer lip outlines (flat x,y image coordinates) of the target face and of the warped source. */
  lipsTarget: ArrayLike<number>;
  lipsSource: ArrayLike<number>;
  /** Their inner lip outlines (the mouth's opening). */
  openingTarget: ArrayLike<number>;
  openingSource: ArrayLike<number>;
  /** A point halfway down the nose and the face's downward direction: a covered mouth leaves what lies below to the target. */
  midNose: readonly [number, number];
  down: readonly [number, number];
}

export interface Occlusion {
  /** Occlusion weight (0..1) of every ROI pixel, smoothed; null when nothing covers either face. */
  weight: Float32Array | null;
  /** The source's mouth is covered (a scarf, a mask): its lower face came from the target. */
  sourceCovered: boolean;
}

/**
 * Finds what covers either face. Only skin-class pixels can be occluders (eyes, brows and lips differ
 * from skin by nature), and the whole lower face when the mouth is covered (see MouthGeometry), and
 * wherever `hands` (see handCover) marks a hand against either face or, on skin, the shade beside one.
 */
export function occlusionMask(image: Uint8Array, imageWidth: number, roi: Roi, warped: Float32Array, cover: Uint8Array, faceSize: number, mouth?: MouthGeometry, hands: Uint8Array | null = null): Occlusion {
  const { w, h } = roi;
  const n = w * h;
  const tpx = imagePx(image, imageWidth, roi), spx = planarPx(warped, n);
  const mt = upperSkinModel(tpx, cover, w, h);
  const ms = upperSkinModel(spx, cover, w, h);
  if (!mt && !ms && !hands) return { weight: null, sourceCovered: false };
  const plane = (poly: ArrayLike<number>): Uint8Array => { const p = new Uint8Array(n); fillPolygon(p, w, h, roi.x, roi.y, poly); return p; };
  const lipsT = mouth ? plane(mouth.lipsTarget) : null, lipsS = mouth ? plane(mouth.lipsSource) : null;
  // The lips alone: their outline's plane less the opening.
  const lipRing = (lips: Uint8Array, opening: ArrayLike<number>) => { const r = Uint8Array.from(lips); fillPolygon(r, w, h, roi.x, roi.y, opening, 0); return r; };
  // A covered mouth in the target keeps the target's cover; one in the source lets the target show.
  const ct = lipsT && mt ? mouthCover(tpx, lipsT, w, h, mt) : null;
  const cs = lipsS && ms ? mouthCover(spx, lipsS, w, h, ms) : null;
  // Something dark over a mouth is a cover too: the target's keeps its lower face, the source's leaves its own.
  const ringT = mouth && mt ? lipRing(lipsT!, mouth.openingTarget) : null, ringS = mouth && ms ? lipRing(lipsS!, mouth.openingSource) : null;
  const across = mouth ? ([-mouth.down[1], mouth.down[0]] as const) : ([1, 0] as const);
  const darkT = ringT !== null && darkOverMouth(tpx, ringT, w, h, mt!, across);
  const sourceCovered = cs !== null || (ringS !== null && darkOverMouth(spx, ringS, w, h, ms!, across));
  // Evaluate on a coarse grid: occluders worth keeping are larger than a few pixels.
  const k = Math.max(1, Math.floor(faceSize / 96));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k);
  const grid = new Float32Array(gw * gh);
  // Cells beyond the inner face (outside the mesh, its outer ring, the hairline zone).
  const outside = new Uint8Array(gw * gh);
  const rgb = new Float32Array(3);
  let any = false;
  for (let y = 0; y < h; y += k) {
    for (let x = 0; x < w; x += k) {
      const i = y * w + x;
      const c = cover[i];
      if (c === 0 || c === TRI_OUTER || c === TRI_FOREHEAD) outside[((y / k) | 0) * gw + ((x / k) | 0)] = 1;
      // A covered mouth leaves the lower face to the target, lips and mouth included: the target's
      // from the nostrils down (above, its cover is told from its skin by colour), the source's
      // from halfway down the nose (a scarf over the mouth covers the nose's lower half too, and
      // nothing of the source's skin is known under it).
      const lowT = (ct !== null || darkT) && (c === TRI_SKIN || c === TRI_MOUTH || (c !== 0 && (lipsT![i] === 1 || lipsS![i] === 1)));
      const lowS = sourceCovered && c !== 0 && (roi.x + x - mouth!.midNose[0]) * mouth!.down[0] + (roi.y + y - mouth!.midNose[1]) * mouth!.down[1] >= 0;
      const coveredLower = lowT || lowS;
      const hand = hands !== null && c !== 0 && (hands[i] === 1 || (hands[i] === HAND_SHADE && (c === TRI_SKIN || c === TRI_SKIN_UPPER)));
      if (c !== TRI_SKIN && c !== TRI_SKIN_UPPER && !coveredLower && !hand) continue;
      let occ = coveredLower || hand ? 1 : 0;
      if (mt) { tpx(i, rgb); occ = Math.max(occ, occluderWeight(mt, rgb), ct ? coverWeight(mt, ct, rgb) : 0); }
      if (ms) { spx(i, rgb); occ = Math.max(occ, occluderWeight(ms, rgb), cs ? coverWeight(ms, cs, rgb) : 0); }
      grid[((y / k) | 0) * gw + ((x / k) | 0)] = occ;
      if (occ > 0) any = true;
    }
  }
  if (!any) return { weight: null, sourceCovered };
  // Speckle (single pores, noise) is removed by a blur and a threshold; real occluders survive.
  gaussianBlur(grid, gw, gh, Math.max(1, (0.02 * faceSize) / k));
  for (let i = 0; i < grid.length; i++) grid[i] = smoothstep((grid[i]! - 0.25) / 0.35);
  if (!keepReachingOutline(grid, outside, gw, gh)) return { weight: null, sourceCovered };
  // Bilinear upsampling: smooth over a cell without a full-resolution blur.
  return { weight: upsampleSparse(grid, gw, gh, k, w, h), sourceCovered };
}
