// The bounds and measures the relight pass reads (relight-pass.ts), and its input and output.
import type { RgbImage } from '../../core/image.ts';
import type { Grid, Lookup } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';
import { noiseSigma, NOISY_FROM, planarNoise, targetNoise } from '../texture/grain.ts';
import { RatioHistogram } from './highlights.ts';
import { luma } from '../../face/skin-model.ts';

/** Level above which relit values roll off smoothly toward 255. */
export const KNEE = 215;
/**
 * Bounds on a channel's gain relative to the brightness gain. Within them the skin takes the target's
 * whole tone, so the face matches the neck, ears and hands around it: half the shift (kept once for
 * identity) left a light face on a dark body and a dark one on a light body, and over the fixtures it
 * no longer changed identity (111/176 with half, 110/177 with the whole shift). They were 0.8–1.25
 * until the tone became local (see toneField): a pale face on a deep orange-brown one wanted blue
 * at ~0.65 and stayed ashen; at 0.6–1.6 nothing over the fixtures changed identity.
 */
export const CHROMA_MIN = 0.6, CHROMA_MAX = 1.6;
/**
 * Largest excess of green over red, relative to luminance, of a source pixel over the source skin's
 * mean tint. Skin is never greener than itself: a green cast on part of a face is light from its
 * surroundings (a cheek lit green, a green backdrop), and brightened onto a paler
 * face it showed as a yellow-green streak or olive patches. Beyond the bound a pixel's own colour
 * difference is drawn back toward the skin's mean tint. Over the fixtures, 99% of a source's skin
 * pixels lie within 0.09–0.21 of its mean (0.28 for the green-lit cheek, whose streak reaches 0.71).
 */
export const MAX_GREEN_EXCESS = 0.1;
/**
 * Least factor on a skin pixel's colour departure from the source skin's mean tint (relative to
 * luminance). A face is recoloured by per-channel gains, which keep each pixel's departure as it was
 * while a paler skin's own tint shrinks: an old face's creases, redder than its orange skin, came out
 * as red-brown cracks on a pale pink face: their colour per unit of darkness (the bench's crease
 * colour) was 0.59, against 0.39 and 0.34 in the two faces' own creases; 0.21 now. The
 * departure is scaled by the target skin's tint length over the source's (0.42–1 over the fixtures'
 * pairs with a colour target; never above 1, so a dark source's JPEG colour noise is not
 * amplified). The floor keeps some of the source's colour variation on a nearly grey target.
 */
export const SATURATION_MIN = 0.25;
/** Length of the source skin's relative tint (see relightDifferences) below which every pixel takes the whole skin-tone shift. */
export const MIN_TINT = 0.02;

/** How far up the face the forehead's own light field takes over fully, from the brows' top (fraction of the face size). */
export const FOREHEAD_RISE = 0.08;

/** The brows' top middle (105, 334) along `up`, in ROI pixel coordinates. */
export function browTopAlongUp(pts: Float32Array, roi: Roi, up: readonly [number, number]): number {
  const x = (pts[2 * 105]! + pts[2 * 334]!) / 2 - roi.x, y = (pts[2 * 105 + 1]! + pts[2 * 334 + 1]!) / 2 - roi.y;
  return x * up[0] + y * up[1];
}

/**
 * The target skin's highlight ceiling (see highlights.ts): its brightness against the light field's
 * level, over every other skin pixel each way outside the eyes and lips.
 */
export function highlightCeiling(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, featW: Float32Array, lx: Lookup, ly: Lookup, fieldW: number, levelOf: (i: number) => Float32Array): number {
  const hist = new RatioHistogram();
  const { w, h } = roi;
  for (let y = 0; y < h; y += 2) {
    const r0 = ly.i0[y]! * fieldW, r1 = ly.i1[y]! * fieldW, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (!skin[i] || featW[i]! > 0) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const lv = levelOf(i);
      const L = lv[r0 + a]! * ux * uy + lv[r0 + b]! * tx * uy + lv[r1 + a]! * ux * ty + lv[r1 + b]! * tx * ty;
      const p = ((roi.y + y) * imageWidth + roi.x + x) * 3;
      hist.add((0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]! + 1) / L);
    }
  }
  return hist.ceiling();
}

/** A mean colour's tint relative to its luminance, (c − Y) / (Y + 1) per channel. */
export function relativeTint(mean: readonly number[]): number[] {
  const Y = luma(mean);
  return mean.map((v) => (v - Y) / (Y + 1));
}

/** Mean colour with no tint to speak of: a black-and-white photo. */
export function isGrey(mean: readonly number[]): boolean {
  return Math.max(...mean) <= 1.03 * Math.min(...mean) + 1;
}

/**
 * Bounds on the light change applied to the eye openings and lips: a dark skin's gain onto a pale
 * one would blow its eye whites out. They widen to the two photos' eye whites' brightness ratio
 * (see RelightInput.featureExposure): a photo taken in the dark, brightened 3×, kept grey teeth and
 * a dark mouth at 1.25×.
 */
export const FEATURE_GAIN_MIN = 0.8, FEATURE_GAIN_MAX = 1.25;
/** Bound on that ratio. */
export const MAX_EXPOSURE = 2.5;
/**
 * Largest factor applied to a pixel's own colour difference from grey when brightening; beyond it the
 * source skin's mean tint carries the colour, so a brightened dark face keeps its saturation.
 */
export const CHROMA_BOOST = 1.3;

export interface RelightInput {
  /** Planar RGB (3 × w × h) of the warped source over `roi`; each pixel becomes its difference from the target. */
  warped: Float32Array;
  /** 1 for ROI pixels the warp drew from mirrored triangles (see warp.ts); null when none were. */
  fromTwin: Uint8Array | null;
  /** The target image (read only: the differences are taken from it). */
  target: RgbImage;
  roi: Roi;
  /** Blend weight per ROI pixel; where it is 0 the difference is 0. */
  alpha: Float32Array;
  /** 1 for the ROI pixels of skin the light and grain are judged on. */
  skin: Uint8Array;
  /** The target face's size, and the source face's (grain is restored only on a smaller source). */
  faceSize: number;
  sourceSize: number;
  /** Flat landmarks (image pixels): the new face's (its eyes and lips) and the target face's (its brows). */
  placed: Float32Array;
  dstPts: Float32Array;
  /** The face's upward direction in the image (unit vector). */
  up: readonly [number, number];
  /** Restore the target's grain on a smaller source (not on a reduced copy: see swap/reduced-copy.ts). */
  grain: boolean;
  /** Offsets the grain's noise tile, so each face gets its own. */
  seed: number;
  /** Per-channel factors that give the eyes and teeth the target photo's light (see sclera.ts); none when absent. */
  featureCast?: readonly [number, number, number];
  /**
   * The target's eye whites' brightness over the source's (see sclera.ts), when both show: how much
   * the photos' exposures differ where skin colour does not count. The eyes and lips may follow the
   * light that far beyond FEATURE_GAIN_MIN–MAX.
   */
  featureExposure?: number;
}

export interface RelitDifferences {
  /** The differences box-averaged onto the blend's coarse grid `grid` (3 planes). */
  small: Float32Array;
  grid: Grid;
  /** The grain restored (0: none), and the whole face's gains. */
  grainSigma: number;
  gains: [number, number, number];
}

/**
 * The noise sigma a noisy target gives the face (see noiseSigma), its skin read every
 * faceSize / 150 pixels (a median settles on some ten thousand samples; every other pixel of a
 * 700 × 800 ROI cost 9 ms a swap), the face's own only when the target's is noisy at all.
 */
export function noiseGap(W: Float32Array, od: Uint8Array, ow: number, roi: Roi, skin: Uint8Array, faceSize: number, gain: number): number {
  const step = Math.max(2, Math.round(faceSize / 150));
  const want = targetNoise(od, ow, roi, skin, step);
  return want < NOISY_FROM ? 0 : noiseSigma(want, planarNoise(W, roi.w, roi.h, skin, step) * gain);
}
