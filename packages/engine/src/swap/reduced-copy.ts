// A face far larger than the source face (a close-up in a large photo) holds no more of the source
// than a smaller copy would: the warp only upsamples the source. At full resolution a 2,800-px face
// took 1.7 s of swap stages (bench, 4000 px close-up) and a 4,200-px one 6.7 s in all, so such a
// face is swapped on a copy of its region reduced by a whole factor, the change is brought back up
// bilinearly, and the target's grain is restored at full resolution.
import type { RgbImage } from '../core/image.ts';
import type { Roi } from '../raster/warp.ts';
import { faceInRegion, type Face } from '../face/face.ts';
import { gridFor, lookup, type Grid, type Lookup } from '../raster/resample.ts';
import { grainSigma, NOISE_TILE, noiseTile, targetLevel } from '../stages/texture/grain.ts';
import type { FaceSwap, StageTimer } from '../stages/context.ts';
import { faceSwap, runStage, statsOf, swapOneFace, type SwapFaceOptions, type SwapFaceStats } from './run.ts';
import { FULL_RESOLUTION, STAGES } from './stages.ts';

/** Face size (pixels) below which a face is never reduced; the fixtures' largest is 714. */
export const WORK_FACE = 768;
/** The reduced face stays this many times the source face's size, so no detail of the source is lost. */
const SOURCE_MARGIN = 1.5;

/** The whole factor a target face is reduced by: 1 unless it is at least twice max(WORK_FACE, 1.5 × the source face). */
export function workFactor(sourceSize: number, targetSize: number): number {
  return Math.max(1, Math.floor(targetSize / Math.max(WORK_FACE, SOURCE_MARGIN * sourceSize)));
}

/**
 * Swaps one face, at full resolution or on a reduced copy of its region (see workFactor; `factor`
 * sets it, as a video's frames do).
 */
export function swapFace(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, timer: StageTimer, seed: number, opts: SwapFaceOptions = {}, factor = workFactor(srcFace.size, dstFace.size)): SwapFaceStats & { workFactor: number } {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return { ...swapOneFace(src, srcFace, out, dstFace, timer, seed, opts), workFactor: 1 };
  const runs = (name: string) => !(opts.without?.includes(name) ?? false);
  const index = (name: string) => STAGES.findIndex((s) => s.name === name);
  const warpAt = index('warp'), blendAt = index('blend');
  const atFull = STAGES.flatMap((s, i) => (FULL_RESOLUTION.has(s.name) && runs(s.name) ? [i] : []));

  // The stages kept at full resolution that come before the warp, on the photo.
  const full = faceSwap(src, srcFace, out, dstFace, timer, seed, opts);
  atFull.filter((i) => i < warpAt).forEach((i) => runStage(full, STAGES[i]!));
  const { roi, dstPts: pts, reshapedBy } = full;
  const face = reshapedBy > 0 ? { ...dstFace, landmarks: dstFace.landmarks.map((p, i) => (i < pts.length / 2 ? [pts[2 * i]!, pts[2 * i + 1]!, p[2]] as [number, number, number] : p)) } : dstFace;

  // The others on the copy, where the relight restores no grain: it is restored at full resolution.
  let t = performance.now();
  const g = gridFor(roi.w, roi.h, f);
  const small = reduce(out, roi, f);
  const before = Uint8Array.from(small.data);
  timer('reduce', performance.now() - t);
  const copy = faceSwap(full.from, srcFace, small, faceInRegion(face, roi.x, roi.y, f), timer, seed, opts, false);
  copy.behindTint = full.behindTint;
  STAGES.forEach((stage) => { if (!FULL_RESOLUTION.has(stage.name) && runs(stage.name)) runStage(copy, stage); });
  const st = statsOf(copy);

  // The change brought back up in the blend's place, the full-resolution stages around it (timed
  // with the upscale, as what they do is part of bringing the change back).
  t = performance.now();
  const change = changeOnCopy(copy, before, g);
  const lx = lookup(roi.w, g.w, f), ly = lookup(roi.h, g.h, f);
  const back = weightsBack(change, roi, g, lx, ly);
  full.masks = { alpha: back.weight, support: back.support, skin: back.skin };
  atFull.filter((i) => i > warpAt && i < blendAt).forEach((i) => STAGES[i]!.run(full));
  // Grain: the target's fine texture against what the brought-up face has, judged on the skin.
  const want = targetLevel(out.data, out.width, roi, back.skin);
  writeBack(out, roi, g, lx, ly, back.support, change.diff);
  const sigma = grainSigma(want, targetLevel(out.data, out.width, roi, back.skin));
  if (sigma > 0) addGrain(out, roi, back.skin, back.weight, seed, sigma);
  atFull.filter((i) => i > blendAt).forEach((i) => STAGES[i]!.run(full));
  timer('upscale', performance.now() - t);
  return { ...st, roi, support: back.support, changedPixels: back.changed, alpha: back.weight, skin: back.skin, grainSigma: sigma, reshapedBy, glassesPixels: full.glasses?.pixels ?? 0, glassesLeftOff: full.glassesLeftOff, workFactor: f };
}

interface Change { diff: Float32Array; alpha: Float32Array; skin: Uint8Array; sup: Uint8Array }

/** The change and the blend weight over the whole reduced copy (zero outside the inner ROI). */
function changeOnCopy(copy: FaceSwap, before: Uint8Array, g: Grid): Change {
  const gn = g.w * g.h;
  const diff = new Float32Array(3 * gn), alpha = new Float32Array(gn), skin = new Uint8Array(gn), sup = new Uint8Array(gn);
  const r = copy.roi, { support, alpha: a, skin: s } = copy.masks, data = copy.out.data;
  for (let y = 0; y < r.h; y++) {
    for (let x = 0; x < r.w; x++) {
      const i = y * r.w + x, c = (r.y + y) * g.w + r.x + x;
      if (!support[i]) continue;
      sup[c] = 1; alpha[c] = a[i]!; skin[c] = s[i]!;
      for (let k = 0; k < 3; k++) diff[k * gn + c] = data[3 * c + k]! - before[3 * c + k]!;
    }
  }
  return { diff, alpha, skin, sup };
}

/** Bilinear: a full-resolution pixel changes only when one of the four reduced pixels it reads did. */
function weightsBack(c: Change, roi: Roi, g: Grid, lx: Lookup, ly: Lookup): { support: Uint8Array; weight: Float32Array; skin: Uint8Array; changed: number } {
  const support = new Uint8Array(roi.w * roi.h), skinFull = new Uint8Array(roi.w * roi.h);
  const weight = new Float32Array(roi.w * roi.h);
  const { sup, alpha, skin } = c;
  let changed = 0;
  for (let y = 0; y < roi.h; y++) {
    const r0 = ly.i0[y]! * g.w, r1 = ly.i1[y]! * g.w, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < roi.w; x++) {
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      if (!(sup[i00] || sup[i01] || sup[i10] || sup[i11])) continue;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i = y * roi.w + x;
      support[i] = 1;
      changed++;
      weight[i] = alpha[i00]! * w00 + alpha[i01]! * w01 + alpha[i10]! * w10 + alpha[i11]! * w11;
      if (skin[i00] && skin[i01] && skin[i10] && skin[i11]) skinFull[i] = 1;
    }
  }
  return { support, weight, skin: skinFull, changed };
}

/** Adds the reduced copy's change, brought up bilinearly, to the photo's pixels in `support`. */
function writeBack(out: RgbImage, roi: Roi, g: Grid, lx: Lookup, ly: Lookup, support: Uint8Array, diff: Float32Array): void {
  const od = out.data, ow = out.width, gn = g.w * g.h;
  for (let y = 0; y < roi.h; y++) {
    const r0 = ly.i0[y]! * g.w, r1 = ly.i1[y]! * g.w, ty = ly.t[y]!, uy = 1 - ty;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < roi.w; x++, p += 3) {
      if (!support[y * roi.w + x]) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const w00 = ux * uy, w01 = tx * uy, w10 = ux * ty, w11 = tx * ty;
      const i00 = r0 + a, i01 = r0 + b, i10 = r1 + a, i11 = r1 + b;
      for (let k = 0; k < 3; k++) {
        const o = k * gn;
        const v = od[p + k]! + diff[o + i00]! * w00 + diff[o + i01]! * w01 + diff[o + i10]! * w10 + diff[o + i11]! * w11;
        od[p + k] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
}

/** The seeded noise tile (see texture/grain.ts) at `sigma`, on the skin, by the blend weight. */
function addGrain(out: RgbImage, roi: Roi, skin: Uint8Array, weight: Float32Array, seed: number, sigma: number): void {
  const od = out.data, ow = out.width;
  const noise = noiseTile();
  const nox = seed & 0xff, noy = (seed >>> 8) & 0xff;
  for (let y = 0; y < roi.h; y++) {
    const trow = ((y + noy) & (NOISE_TILE - 1)) * NOISE_TILE;
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < roi.w; x++, p += 3) {
      const i = y * roi.w + x;
      if (!skin[i]) continue;
      const nz = noise[trow + ((x + nox) & (NOISE_TILE - 1))]! * sigma * weight[i]!;
      for (let k = 0; k < 3; k++) { const v = od[p + k]! + nz; od[p + k] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0; }
    }
  }
}

/** The ROI of `img` reduced by the whole factor f (mean of each f×f block; edge blocks partial). */
function reduce(img: RgbImage, roi: { x: number; y: number; w: number; h: number }, f: number): RgbImage {
  const g = gridFor(roi.w, roi.h, f);
  const sum = new Float32Array(3 * g.w * g.h), count = new Float32Array(g.w * g.h);
  for (let y = 0; y < roi.h; y++) {
    const row = ((y / f) | 0) * g.w;
    let p = ((roi.y + y) * img.width + roi.x) * 3;
    for (let x = 0; x < roi.w; x++, p += 3) {
      const c = row + ((x / f) | 0);
      sum[3 * c]! += img.data[p]!; sum[3 * c + 1]! += img.data[p + 1]!; sum[3 * c + 2]! += img.data[p + 2]!;
      count[c]! += 1;
    }
  }
  const data = new Uint8Array(3 * g.w * g.h);
  for (let c = 0; c < count.length; c++) for (let k = 0; k < 3; k++) data[3 * c + k] = Math.round(sum[3 * c + k]! / count[c]!);
  return { data, width: g.w, height: g.h };
}

