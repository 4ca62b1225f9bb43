// Step 6 applied pixel by pixel: each warped source pixel relit by the light fields (relight.ts),
// recoloured toward the target's skin tone, its highlights rolled off (highlights.ts) and, on a
// source face smaller than the target's, the target's grain restored (grain.ts); then turned into
// its difference from the target, which the blend (blend.ts) feathers in. One fused
// full-resolution pass, since the face's pixels are the swap's largest cost.
import type { RgbImage } from '../../core/image.ts';
import { gridFor, lookup, type Grid, type Lookup } from '../../raster/resample.ts';
import type { Roi } from '../../raster/warp.ts';
import { Scratch } from '../../raster/scratch.ts';
import { smoothstep } from '../../raster/ramp.ts';
import { featureWeight, lipWeight } from '../mask/mask.ts';
import { estimateGains, FOREHEAD_SIGMA, gainField, liftForehead, lumaGains, sampleSkin, splitSkin, TONE_SIGMA, toneField } from './relight.ts';
import { calmGrain, grainSigma, NOISE_MIN_FACE, NOISE_TILE, noiseSigma, NOISY_FROM, noiseTile, planarLevel, planarNoise, targetLevel, targetNoise } from '../texture/grain.ts';
import { RatioHistogram, relitLevels, rollOff } from './highlights.ts';
import { luma } from '../../face/skin-model.ts';

/** Level above which relit values roll off smoothly toward 255. */
const KNEE = 215;
/**
 * Bounds on a channel's gain relative to the brightness gain. Within them the skin takes the target's
 * whole tone, so the face matches the neck, ears and hands around it: half the shift (kept once for
 * identity) left a light face on a dark body and a dark one on a light body, and over the fixtures it
 * no longer changed identity (111/176 with half, 110/177 with the whole shift). They were 0.8–1.25
 * until the tone became local (see toneField): a pale face on the deep orange-brown 009 wanted blue
 * at ~0.65 and stayed ashen; at 0.6–1.6 nothing over the fixtures changed identity.
 */
const CHROMA_MIN = 0.6, CHROMA_MAX = 1.6;
/**
 * Largest excess of green over red, relative to luminance, of a source pixel over the source skin's
 * mean tint. Skin is never greener than itself: a green cast on part of a face is light from its
 * surroundings (008's green-lit right cheek, 015's green backdrop), and brightened onto a paler
 * face it showed as a yellow-green streak or olive patches. Beyond the bound a pixel's own colour
 * difference is drawn back toward the skin's mean tint. Over the fixtures, 99% of a source's skin
 * pixels lie within 0.09–0.21 of its mean (0.28 for 008, whose streak reaches 0.71).
 */
const MAX_GREEN_EXCESS = 0.1;
/**
 * Least factor on a skin pixel's colour departure from the source skin's mean tint (relative to
 * luminance). A face is recoloured by per-channel gains, which keep each pixel's departure as it was
 * while a paler skin's own tint shrinks: 003's creases, redder than its orange skin, came out as
 * red-brown cracks on 007's pale pink face: their colour per unit of darkness (the bench's crease
 * colour) was 0.59, against 0.39 in 003 itself and 0.34 in 007's own creases; 0.21 now. The
 * departure is scaled by the target skin's tint length over the source's (0.42–1 over the fixtures'
 * pairs with a colour target; never above 1, so a dark source's JPEG colour noise is not
 * amplified). The floor keeps some of the source's colour variation on a nearly grey target.
 */
const SATURATION_MIN = 0.25;
/** Length of the source skin's relative tint (see relightDifferences) below which every pixel takes the whole skin-tone shift. */
const MIN_TINT = 0.02;

/** How far up the face the forehead's own light field takes over fully, from the brows' top (fraction of the face size). */
const FOREHEAD_RISE = 0.08;

/** The brows' top middle (105, 334) along `up`, in ROI pixel coordinates. */
function browTopAlongUp(pts: Float32Array, roi: Roi, up: readonly [number, number]): number {
  const x = (pts[2 * 105]! + pts[2 * 334]!) / 2 - roi.x, y = (pts[2 * 105 + 1]! + pts[2 * 334 + 1]!) / 2 - roi.y;
  return x * up[0] + y * up[1];
}

/**
 * The target skin's highlight ceiling (see highlights.ts): its brightness against the light field's
 * level, over every other skin pixel each way outside the eyes and lips.
 */
function highlightCeiling(image: Uint8Array, imageWidth: number, roi: Roi, skin: Uint8Array, featW: Float32Array, lx: Lookup, ly: Lookup, fieldW: number, levelOf: (i: number) => Float32Array): number {
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
function relativeTint(mean: readonly number[]): number[] {
  const Y = luma(mean);
  return mean.map((v) => (v - Y) / (Y + 1));
}

/** Mean colour with no tint to speak of: a black-and-white photo. */
function isGrey(mean: readonly number[]): boolean {
  return Math.max(...mean) <= 1.03 * Math.min(...mean) + 1;
}

/**
 * Bounds on the light change applied to the eye openings and lips: a dark skin's gain onto a pale
 * one would blow its eye whites out. They widen to the two photos' eye whites' brightness ratio
 * (see RelightInput.featureExposure): a photo taken in the dark, brightened 3×, kept grey teeth and
 * a dark mouth at 1.25×.
 */
const FEATURE_GAIN_MIN = 0.8, FEATURE_GAIN_MAX = 1.25;
/** Bound on that ratio. */
const MAX_EXPOSURE = 2.5;
/**
 * Largest factor applied to a pixel's own colour difference from grey when brightening; beyond it the
 * source skin's mean tint carries the colour, so a brightened dark face keeps its saturation.
 */
const CHROMA_BOOST = 1.3;

/** The eyes' and lips' planes, reused by every swap in the process (see scratch.ts): read only within relightDifferences. */
const featureInto = new Scratch(Float32Array);
const lipsInto = { lips: new Scratch(Float32Array), opening: new Scratch(Float32Array) };

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
  /** Restore the target's grain on a smaller source (see SwapFaceOptions.grain). */
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
function noiseGap(W: Float32Array, od: Uint8Array, ow: number, roi: Roi, skin: Uint8Array, faceSize: number, gain: number): number {
  const step = Math.max(2, Math.round(faceSize / 150));
  const want = targetNoise(od, ow, roi, skin, step);
  return want < NOISY_FROM ? 0 : noiseSigma(want, planarNoise(W, roi.w, roi.h, skin, step) * gain);
}

/** Relights `inp.warped` in place into its differences from the target (see the file's comment). */
export function relightDifferences(inp: RelightInput): RelitDifferences {
  const { warped: W, fromTwin: warpedTwin, roi, alpha, skin, faceSize, placed, dstPts, up, seed } = inp;
  const cast = inp.featureCast ?? [1, 1, 1];
  const exposure = Math.min(MAX_EXPOSURE, Math.max(1 / MAX_EXPOSURE, inp.featureExposure ?? 1));
  const featureMin = Math.min(FEATURE_GAIN_MIN, exposure), featureMax = Math.max(FEATURE_GAIN_MAX, exposure);
  const od = inp.target.data, ow = inp.target.width;
  const { w, h } = roi;
  const n = w * h;
  // Mirrored triangles come from the other side of the source's face, lit otherwise (a lit cheek
  // mirrored beside a shaded one showed as hard-edged light patches): they take a light field of
  // their own, so both meet the target's light.
  const twin = splitSkin(skin, warpedTwin);
  // One pass over the skin serves both the face's light field and the forehead's (see below).
  const lit = sampleSkin(W, od, ow, roi, twin ? twin.own : skin, faceSize);
  const field = gainField(lit, faceSize);
  const twinField = twin ? estimateGains(W, od, ow, roi, twin.twin, faceSize) : null;
  const twinGain = twinField ? lumaGains(twinField) : null;
  const fromTwin = twinGain ? warpedTwin : null;
  const gGlobal = luma(field.global);
  // A source grainier than the target once brightened (one taken in the dark) is calmed first.
  const want = targetLevel(od, ow, roi, skin);
  let have = planarLevel(W, w, h, skin) * gGlobal;
  if (calmGrain(W, w, h, want, have)) have = planarLevel(W, w, h, skin) * gGlobal;
  // Grain: the target's fine texture when the source face is smaller (so softer) than the face it
  // replaces; and a noisy target's noise, whatever the sizes.
  const sized = inp.grain && inp.sourceSize < 0.9 * faceSize ? grainSigma(want, have) : 0;
  const noisy = inp.grain && faceSize >= NOISE_MIN_FACE ? noiseGap(W, od, ow, roi, skin, faceSize, gGlobal) : 0;
  const sigma = Math.max(sized, noisy);
  // Fused full-resolution pass: relight (+ grain) each warped pixel, turn it into the difference
  // from the target, and box-average that difference onto the blend's coarse grid.
  const k = faceSize > 360 ? 4 : faceSize > 160 ? 2 : 1;
  const g = gridFor(w, h, k), gn = g.w * g.h;
  const dSmall = new Float32Array(3 * gn);
  const lx = lookup(w, field.w, field.k), ly = lookup(h, field.h, field.k);
  // Light varies across a face, colour casts hardly do: the brightness gain is local, the colour
  // shift global (local colour ratios paint blotches where the two faces' shading differs).
  const lumGain = lumaGains(field);
  // The forehead (from the brows' top up, over FOREHEAD_RISE) also answers to a light field of its own.
  const fine = lumaGains(gainField(lit, faceSize, FOREHEAD_SIGMA));
  const browTop = browTopAlongUp(dstPts, roi, up);
  const rise = FOREHEAD_RISE * faceSize;
  liftForehead(lumGain, fine, field, (x, y) => smoothstep((x * up[0] + y * up[1] - browTop) / rise));
  const greyTarget = isGrey(field.targetMean);
  const greySource = !greyTarget && isGrey(field.sourceMean);
  // The skin-tone shift, per cell of the light field's grid: the face's own (a black-and-white
  // target gets a black-and-white face) and its variation across the target's skin (see toneField).
  const chroma = field.global.map((v) => (greyTarget ? 1 : Math.min(CHROMA_MAX, Math.max(CHROMA_MIN, v / gGlobal))));
  const tone = toneField(gainField(lit, faceSize, TONE_SIGMA), chroma, CHROMA_MIN, CHROMA_MAX, greyTarget);
  const fgn = field.w * field.h;
  // The eyes and the mouth's opening (teeth) keep their own colour: a skin-tone shift, largely the
  // two skins' difference, tinted eye whites blue and turned teeth orange on a tanned face. The lips
  // take the skin's whole shift: kept apart, they turned lavender beside an orange-tinged face (001
  // onto 003) and stayed pink on a brown one. A black-and-white source's features have no colour of
  // their own: they take the skin's tint too. What the eyes and teeth do take is the target photo's
  // light (`cast`: the source was brought to white light before, see sclera.ts).
  const featuresKeepColour = !greySource;
  const chromaBoost = greyTarget ? 0 : CHROMA_BOOST;
  const featW = featureWeight(placed, roi, faceSize, featureInto);
  const lipW = featuresKeepColour ? lipWeight(placed, roi, faceSize, lipsInto) : null;
  // The source skin's mean colour relative to its luminance, (c − Y) / (Y + 1): the tint a strong
  // brightening adds back (see the loop below); none on a black-and-white target.
  const srcTint = relativeTint(field.sourceMean);
  const tint = Float64Array.from(srcTint, (v) => (chromaBoost > 0 ? v : 0));
  // The skin-tone shift is a gain per channel fitted on the skin's colour. A pixel far whiter than
  // the skin (a sheen, which has the light's colour, not the skin's) took it whole and
  // turned blue-white on a dark source brightened onto a paler face (009 onto 012: its brightest 2%
  // at B − R = +26). Where the shift cools (blue gains on red), each pixel takes it in proportion
  // to how much of the skin's tint it has; where it warms (a pale face on a darker one), every
  // pixel takes it whole, or a sheen left out of it showed as a grey-blue spot (001 onto 008).
  const tintLen = greySource ? 0 : Math.hypot(srcTint[0]!, srcTint[1]!, srcTint[2]!);
  // How far each skin pixel's own colour departs from the source skin's mean tint is scaled by the
  // two skins' saturations (see SATURATION_MIN): the new face's creases and blotches are as colourful
  // against its skin as the source's were against its own.
  const tgtTintLen = Math.hypot(...relativeTint(field.targetMean));
  const rhoSkin = tintLen > MIN_TINT ? Math.min(1, Math.max(SATURATION_MIN, tgtTintLen / tintLen)) : 1;
  // The light field's level at each pixel, and the target skin's highlight ceiling against it.
  const level = relitLevels(field.sourceLuma, lumGain);
  const twinLevel = twinField ? relitLevels(twinField.sourceLuma, twinGain!) : null;
  const ceiling = highlightCeiling(od, ow, roi, skin, featW, lx, ly, field.w, (i) => (twinLevel && fromTwin![i] ? twinLevel : level));
  const noise = noiseTile();
  const nox = seed & 0xff, noy = (seed >>> 8) & 0xff;
  const cellX = new Int32Array(w);
  for (let x = 0; x < w; x++) cellX[x] = (x / k) | 0;
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * field.w, r1 = ly.i1[y]! * field.w, ty = ly.t[y]!, uy = 1 - ty;
    const cellRow = ((y / k) | 0) * g.w;
    const trow = ((y + noy) & (NOISE_TILE - 1)) * NOISE_TILE;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < w; x++, p += 3) {
      const i = y * w + x;
      // Where the target keeps its pixels (outside the mask, a hidden strip, an occluder) the
      // difference is zero: the blend's coarse bands would otherwise carry what the source shows
      // there (a wall, a camera, a scarf) into the skin around it as a dark or light halo.
      if (alpha[i] === 0) { W[i] = 0; W[n + i] = 0; W[2 * n + i] = 0; continue; }
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      const nz = sigma > 0 ? noise[trow + ((x + nox) & (NOISE_TILE - 1))]! * sigma : 0;
      const cell = cellRow + cellX[x]!;
      const lg = fromTwin && fromTwin[i] ? twinGain! : lumGain;
      const gL = lg[i00]! * w00 + lg[i01]! * w01 + lg[i10]! * w10 + lg[i11]! * w11;
      // Eyes and lips follow the light change only halfway (in log space) and within bounds, so a
      // dark source's eyes are not blown out to white on a pale target; skin takes the full change.
      // The two blend over a feathered edge.
      const fw = featW[i]!;
      const g = fw > 0 ? gL + (Math.min(featureMax, Math.max(featureMin, Math.sqrt(gL))) - gL) * fw : gL;
      // Brighten luminance by the full gain and each pixel's own colour differences by at most
      // CHROMA_BOOST: a dark source brightened 2-3× would otherwise turn its JPEG colour noise (and
      // a coloured light's casts) into blotches. The rest of the gain adds the skin's mean tint, so
      // the face keeps its saturation instead of turning grey.
      const w0 = W[i]!, w1 = W[n + i]!, w2 = W[2 * n + i]!;
      const Y = 0.299 * w0 + 0.587 * w1 + 0.114 * w2;
      let Yn = (Y + 1) * g - 1 + nz;
      // Highlights beyond the target's own roll off toward them (see highlights.ts); eyes keep theirs.
      let fq = 1;
      if (fw < 1) {
        const lv = fromTwin && fromTwin[i] ? twinLevel! : level;
        const q = (Yn + 1) / (lv[i00]! * w00 + lv[i01]! * w01 + lv[i10]! * w10 + lv[i11]! * w11);
        if (q > ceiling) { fq = 1 + (rollOff(q, ceiling) / q - 1) * (1 - fw); Yn = (Yn + 1) * fq - 1; }
      }
      const cs = g < chromaBoost ? g : chromaBoost;
      const extra = g > chromaBoost ? (g - chromaBoost) * Y : 0;
      let tinted = 1;
      // The pixel's own colour differences, relative to its luminance (for the two tests below).
      const inv = 1 / (Y + 1);
      const d0 = w0 - Y, d1 = w1 - Y, d2 = w2 - Y;
      const k0 = tone[i00]! * w00 + tone[i01]! * w01 + tone[i10]! * w10 + tone[i11]! * w11;
      const k1 = tone[fgn + i00]! * w00 + tone[fgn + i01]! * w01 + tone[fgn + i10]! * w10 + tone[fgn + i11]! * w11;
      const k2 = tone[2 * fgn + i00]! * w00 + tone[2 * fgn + i01]! * w01 + tone[2 * fgn + i10]! * w10 + tone[2 * fgn + i11]! * w11;
      if (tintLen > MIN_TINT && k2 > k0) {
        const rel = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) * inv;
        if (rel < tintLen) tinted = rel / tintLen;
      }
      // A pixel greener than the source skin's mean tint by more than MAX_GREEN_EXCESS keeps only
      // that much of its own colour difference (eyes and lips excepted).
      let damp = 0;
      if (fw < 1) {
        const excess = (d1 * inv - srcTint[1]!) - (d0 * inv - srcTint[0]!);
        if (excess > MAX_GREEN_EXCESS) damp = (1 - MAX_GREEN_EXCESS / excess) * (1 - fw);
      }
      // The eyes keep their own colour (see featuresKeepColour); the lips' departure, like the skin's, is scaled.
      const eyeW = fw > 0 && lipW ? fw - lipW[i]! : 0;
      const rho = rhoSkin + (1 - rhoSkin) * eyeW;
      for (let c = 0; c < 3; c++) {
        const kc = 1 + ((c === 0 ? k0 : c === 1 ? k1 : k2) - 1) * tinted;
        const dc = c === 0 ? d0 : c === 1 ? d1 : d2;
        const skinD = srcTint[c]! * (Y + 1);
        const own = ((skinD + (dc - skinD) * (1 - damp) * rho) * cs + extra * tint[c]!) * fq;
        let v = (Yn + own) * (kc + (cast[c]! - kc) * eyeW);
        // Soft shoulder instead of clipping, so brightened eye whites and highlights keep detail.
        if (v > KNEE) v = KNEE + (255 - KNEE) * Math.tanh((v - KNEE) / (255 - KNEE));
        else if (v < 0) v = 0;
        const d = v - od[p + c]!;
        W[c * n + i] = d;
        dSmall[c * gn + cell]! += d;
      }
    }
  }
  for (let gy = 0; gy < g.h; gy++) {
    const ch = Math.min(k, h - gy * k);
    for (let gx = 0; gx < g.w; gx++) {
      const inv = 1 / (ch * Math.min(k, w - gx * k));
      for (let c = 0; c < 3; c++) dSmall[c * gn + gy * g.w + gx]! *= inv;
    }
  }
  return { small: dSmall, grid: g, grainSigma: sigma, gains: field.global };
}
