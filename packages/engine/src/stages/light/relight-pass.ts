// The relight applied pixel by pixel: each warped source pixel relit by the light fields (relight.ts),
// recoloured toward the target's skin tone, its highlights rolled off (highlights.ts) and, on a
// source face smaller than the target's, the target's grain restored (grain.ts); its skin then
// brought onto the target's own (skin-match.ts) and turned into its difference from the target,
// which the blend (blend.ts) feathers in. The relight's steps are fused into one full-resolution
// pass, since the face's pixels are the swap's largest cost; the match needs the whole relit face
// first, so it takes a second, lighter one.
import { gridFor, lookup } from '../../raster/resample.ts';
import { Scratch } from '../../raster/scratch.ts';
import { smoothstep } from '../../raster/ramp.ts';
import { featureWeight, lipWeight } from '../mask/mask.ts';
import { estimateGains, FOREHEAD_SIGMA, gainField, liftForehead, lumaGains, sampleSkin, splitSkin, TONE_SIGMA, toneField } from './relight.ts';
import { calmGrain, grainSigma, NOISE_MIN_FACE, NOISE_TILE, noiseTile, planarLevel, targetLevel } from '../texture/grain.ts';
import { HIGHLIGHT_SLOPE, relitLevels, rollOff } from './highlights.ts';
import { skinMatch, skinSums } from './skin-match.ts';
import { atCell, brighteningShare, clipLog, darkeningShare, shadeExponent } from './shade-contrast.ts';
import { luma } from '../../face/skin-model.ts';
import { KNEE, CHROMA_MIN, MAX_GREEN_EXCESS, SATURATION_MIN, MIN_TINT, FOREHEAD_RISE, browTopAlongUp, highlightCeiling, relativeTint, isGrey, FEATURE_GAIN_MIN, MAX_EXPOSURE, CHROMA_BOOST, noiseGap, CHROMA_MAX, FEATURE_GAIN_MAX, type RelightInput, type RelitDifferences } from './relight-measures.ts';

export type { RelightInput, RelitDifferences } from './relight-measures.ts';

/** The eyes' and lips' planes, reused by every swap in the process (see scratch.ts): read only within relightDifferences. */
const featureInto = new Scratch(Float32Array);
const lipsInto = { lips: new Scratch(Float32Array), opening: new Scratch(Float32Array) };

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
  // take the skin's whole shift: kept apart, they turned lavender beside an orange-tinged face (a studio
  // portrait onto a grainy print) and stayed pink on a brown one. A black-and-white source's features have no colour of
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
  // turned blue-white on a dark source brightened onto a paler face (a dark-skinned face onto a pale one: its brightest 2%
  // at B − R = +26). Where the shift cools (blue gains on red), each pixel takes it in proportion
  // to how much of the skin's tint it has; where it warms (a pale face on a darker one), every
  // pixel takes it whole, or a sheen left out of it showed as a grey-blue spot (a studio portrait onto a dark-skinned face).
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
  // The source's shading brought to the target skin's contrast as far as the source is brightened
  // (see shade-contrast.ts): each skin pixel's gain times its ratio to the source's light level to
  // the power shade − 1.
  const srcLumaOf = (i: number) => (fromTwin && fromTwin[i] ? twinField!.sourceLuma : field.sourceLuma);
  const lift = brighteningShare(gGlobal);
  const shade = lift === 0 ? 1 : shadeExponent(roi, skin, featW, lx, ly, field.w, lift,
    (i, r0, r1, a, b, wx, wy) => (0.299 * W[i]! + 0.587 * W[n + i]! + 0.114 * W[2 * n + i]! + 1) / (atCell(srcLumaOf(i), r0, r1, a, b, wx, wy) + 1),
    (i, r0, r1, a, b, wx, wy) => {
      const p = ((roi.y + ((i / w) | 0)) * ow + roi.x + (i % w)) * 3;
      return (0.299 * od[p]! + 0.587 * od[p + 1]! + 0.114 * od[p + 2]! + 1) / atCell(twinLevel && fromTwin![i] ? twinLevel : level, r0, r1, a, b, wx, wy);
    });
  const noise = noiseTile();
  const nox = seed & 0xff, noy = (seed >>> 8) & 0xff;
  const cellX = new Int32Array(w);
  for (let x = 0; x < w; x++) cellX[x] = (x / k) | 0;
  // The light field's cell of each column and row, where the relit skin is summed (see skin-match.ts).
  const cellFx = new Int32Array(w), cellY = new Int32Array(h);
  for (let x = 0; x < w; x++) cellFx[x] = Math.min(field.w - 1, (x / field.k) | 0);
  for (let y = 0; y < h; y++) cellY[y] = Math.min(field.h - 1, (y / field.k) | 0) * field.w;
  const match = skinSums(field);
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * field.w, r1 = ly.i1[y]! * field.w, ty = ly.t[y]!, uy = 1 - ty;
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
      const lg = fromTwin && fromTwin[i] ? twinGain! : lumGain;
      let gL = lg[i00]! * w00 + lg[i01]! * w01 + lg[i10]! * w10 + lg[i11]! * w11;
      const w0 = W[i]!, w1 = W[n + i]!, w2 = W[2 * n + i]!;
      const Y = 0.299 * w0 + 0.587 * w1 + 0.114 * w2;
      const fw = featW[i]!;
      // The gain itself carries the shading's compression, so a lifted shadow's colour rises with its
      // brightness (lifting the luminance alone left it grey-brown).
      if (shade < 1 && fw < 1) {
        const sl = srcLumaOf(i);
        const q = (Y + 1) / (sl[i00]! * w00 + sl[i01]! * w01 + sl[i10]! * w10 + sl[i11]! * w11 + 1);
        gL *= Math.exp(clipLog(q) * (shade - 1) * (1 - fw));
      }
      // Eyes and lips follow the light change only halfway (in log space) and within bounds, so a
      // dark source's eyes are not blown out to white on a pale target; skin takes the full change.
      // The two blend over a feathered edge.
      const g = fw > 0 ? gL + (Math.min(featureMax, Math.max(featureMin, Math.sqrt(gL))) - gL) * fw : gL;
      // Brighten luminance by the full gain and each pixel's own colour differences by at most
      // CHROMA_BOOST: a dark source brightened 2-3× would otherwise turn its JPEG colour noise (and
      // a coloured light's casts) into blotches. The rest of the gain adds the skin's mean tint, so
      // the face keeps its saturation instead of turning grey.
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
        if (v < 0) v = 0;
        W[c * n + i] = v;
      }
      if (skin[i] && fw === 0) {
        const mc = cellY[y]! + cellFx[x]!;
        match.count[mc]! += 1;
        for (let c = 0; c < 3; c++) { match.sums[c * fgn + mc]! += W[c * n + i]!; match.sums[(3 + c) * fgn + mc]! += od[p + c]!; }
      }
    }
  }
  // The relit skin brought onto the target's (see skin-match.ts), then turned into differences; a
  // brightened source takes that much of the target's finer light and tone, a darkened one that
  // much of its finer shade.
  const m = skinMatch(match, faceSize, lift, darkeningShare(gGlobal));
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * field.w, r1 = ly.i1[y]! * field.w, ty = ly.t[y]!, uy = 1 - ty;
    const cellRow = ((y / k) | 0) * g.w;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < w; x++, p += 3) {
      const i = y * w + x;
      if (alpha[i] === 0) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      let gL = m.light[i00]! * w00 + m.light[i01]! * w01 + m.light[i10]! * w10 + m.light[i11]! * w11;
      // A brightening match lifts the skin, not its highlights (already rolled off to the target's):
      // past the knee a pixel keeps HIGHLIGHT_SLOPE of the rise, its channels alike so a sheen keeps its colour.
      const Y = 0.299 * W[i]! + 0.587 * W[n + i]! + 0.114 * W[2 * n + i]!;
      if (gL > 1 && Y * gL > KNEE) gL = Math.max(1, (KNEE + (Y * gL - KNEE) * HIGHLIGHT_SLOPE) / Math.max(Y, 1));
      // The eyes take the target's light but keep their own colour; the lips take the skin's.
      const fw = featW[i]!;
      const keepOwn = fw > 0 && lipW ? fw - lipW[i]! : 0;
      const cell = cellRow + cellX[x]!;
      for (let c = 0; c < 3; c++) {
        const o = c * fgn;
        const tc = m.tone[o + i00]! * w00 + m.tone[o + i01]! * w01 + m.tone[o + i10]! * w10 + m.tone[o + i11]! * w11;
        let v = W[c * n + i]! * gL * (tc + (1 - tc) * keepOwn);
        // Soft shoulder instead of clipping, so brightened eye whites and highlights keep detail.
        if (v > KNEE) v = KNEE + (255 - KNEE) * Math.tanh((v - KNEE) / (255 - KNEE));
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
