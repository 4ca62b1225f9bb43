// Swaps one source face onto one target face in place: warp → mask → relight → grain → blend.
// All work is confined to the target face's region of interest.
import type { RgbImage } from '../decode.ts';
import type { Face } from '../detect.ts';
import { flatPoints } from '../detect.ts';
import { topology } from '../mesh/topology.ts';
import { mirrorOverrides } from '../mesh/mirror.ts';
import { warpTriangles, type Roi } from '../raster/warp.ts';
import { buildMasks, mouthOpenness, MOUTH_OPEN } from './mask.ts';
import { relight } from './relight.ts';
import { restoreGrain } from './grain.ts';
import { pyramidBlend, pyramidLevels } from './blend.ts';

export interface SwapFaceStats {
  roi: Roi;
  mirroredTriangles: number;
  mouthOpen: boolean;
  grainSigma: number;
  gains: [number, number, number];
  /** Number of pixels allowed to change (support size). */
  changedPixels: number;
  /** 1 for ROI pixels that may change (roi.w × roi.h). */
  support: Uint8Array;
}

export type StageTimer = (stage: string, ms: number) => void;

/** Region of interest: the target face's landmark box grown by `margin` of its size, clipped. */
export function faceRoi(face: Face, width: number, height: number, margin = 0.12): Roi {
  const m = margin * face.size;
  const x0 = Math.max(0, Math.floor(face.box.x - m));
  const y0 = Math.max(0, Math.floor(face.box.y - m));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width + m) + 1);
  const y1 = Math.min(height, Math.ceil(face.box.y + face.box.height + m) + 1);
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}

export function swapOneFace(src: RgbImage, srcFace: Face, out: RgbImage, dstFace: Face, timer: StageTimer, seed: number): SwapFaceStats {
  const topo = topology();
  const srcPts = flatPoints(srcFace);
  const dstPts = flatPoints(dstFace);
  const roi = faceRoi(dstFace, out.width, out.height);
  const n = roi.w * roi.h;
  const faceSize = dstFace.size;

  let t = performance.now();
  const yawDiff = srcFace.rotation.yaw - dstFace.rotation.yaw;
  const mirror = mirrorOverrides(srcPts, dstPts, topo.uv, topo.mirror, topo.triangles, yawDiff);
  const warped = warpTriangles({ src, srcPts, dstPts, triangles: topo.triangles, triClass: topo.triClass, roi, ...(mirror ? { srcOverride: mirror.override } : {}) });
  timer('warp', performance.now() - t);

  t = performance.now();
  const mouthOpen = mouthOpenness(dstPts) > MOUTH_OPEN;
  const masks = buildMasks(warped.cover, roi, faceSize, mouthOpen);
  // Planar float copy of the target ROI.
  const target = new Float32Array(3 * n);
  const od = out.data, ow = out.width;
  for (let y = 0; y < roi.h; y++) {
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < roi.w; x++, p += 3) {
      const i = y * roi.w + x;
      target[i] = od[p]!;
      target[n + i] = od[p + 1]!;
      target[2 * n + i] = od[p + 2]!;
    }
  }
  timer('mask', performance.now() - t);

  t = performance.now();
  const { gains } = relight({ warped: warped.rgb, target, skin: masks.skin, cover: warped.cover, w: roi.w, h: roi.h, faceSize });
  timer('relight', performance.now() - t);
  t = performance.now();
  const grainSigma = srcFace.size < 0.9 * faceSize
    ? restoreGrain(warped.rgb, target, masks.skin, warped.cover, roi.w, roi.h, seed)
    : 0;
  const rgb = warped.rgb;
  timer('grain', performance.now() - t);

  t = performance.now();
  const blended = pyramidBlend(rgb, target, masks.alpha, roi.w, roi.h, pyramidLevels(faceSize));
  let changed = 0;
  for (let y = 0; y < roi.h; y++) {
    let p = ((roi.y + y) * ow + roi.x) * 3;
    for (let x = 0; x < roi.w; x++, p += 3) {
      const i = y * roi.w + x;
      if (!masks.support[i]) continue;
      changed++;
      for (let c = 0; c < 3; c++) {
        const v = blended[c * n + i]!;
        od[p + c] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
  timer('blend', performance.now() - t);
  return { roi, mirroredTriangles: mirror?.mirrored ?? 0, mouthOpen, grainSigma, gains, changedPixels: changed, support: masks.support };
}
