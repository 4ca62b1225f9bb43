// The warped iris goes where the target's sits in its eye: a real face's mesh, its eyes painted white
// with a dark disc where its irises are, drawn onto itself, with the source's iris points told to lie
// elsewhere in the eye.
import { describe, expect, it } from 'vitest';
import { decodedWithFace, FILES } from '../../../test/fixtures.ts';
import type { RgbImage } from '../../core/image.ts';
import { faceRoi, flatPoints, irises, type Face } from '../../face/face.ts';
import { LEFT_EYE_LOOP, pointInPolygon, RIGHT_EYE_LOOP, topology } from '../../mesh/topology.ts';
import { warpTriangles, type Roi, type WarpOutput } from '../../raster/warp.ts';
import { keepTargetGaze } from './gaze.ts';

const EYES = [{ loop: RIGHT_EYE_LOOP, outer: 33, inner: 133 }, { loop: LEFT_EYE_LOOP, outer: 263, inner: 362 }];

/** A copy of the photo, each eye's box white, with a dark disc of a fifth of the eye's width on its iris. */
function paintedEyes(img: RgbImage, face: Face, pts: Float32Array): RgbImage {
  const data = Uint8Array.from(img.data);
  for (const e of EYES) {
    const xs = e.loop.map((p) => pts[2 * p]!), ys = e.loop.map((p) => pts[2 * p + 1]!);
    const width = Math.hypot(pts[2 * e.inner]! - pts[2 * e.outer]!, pts[2 * e.inner + 1]! - pts[2 * e.outer + 1]!);
    const iris = irises(face).reduce((a, b) => (Math.hypot(b.x - xs[0]!, b.y - ys[0]!) < Math.hypot(a.x - xs[0]!, a.y - ys[0]!) ? b : a));
    for (let y = Math.floor(Math.min(...ys)) - 4; y <= Math.max(...ys) + 4; y++) for (let x = Math.floor(Math.min(...xs)) - 4; x <= Math.max(...xs) + 4; x++) {
      const v = Math.hypot(x - iris.x, y - iris.y) < 0.2 * width ? 30 : 220;
      data.fill(v, 3 * (y * img.width + x), 3 * (y * img.width + x) + 3);
    }
  }
  return { ...img, data };
}

/** Darkness-weighted mean position of the eye's opening (the iris and pupil weigh the most). */
function darkCentre(w: WarpOutput, roi: Roi, pts: Float32Array, loop: readonly number[]): [number, number] {
  const poly = Float32Array.from(loop.flatMap((p) => [pts[2 * p]!, pts[2 * p + 1]!]));
  const n = roi.w * roi.h;
  let sx = 0, sy = 0, sw = 0;
  for (let y = roi.y; y < roi.y + roi.h; y++) for (let x = roi.x; x < roi.x + roi.w; x++) {
    if (!pointInPolygon(x, y, poly)) continue;
    const i = (y - roi.y) * roi.w + (x - roi.x);
    const luma = 0.299 * w.rgb[i]! + 0.587 * w.rgb[n + i]! + 0.114 * w.rgb[2 * n + i]!;
    const weight = Math.max(0, 140 - luma) ** 2;
    sx += weight * x; sy += weight * y; sw += weight;
  }
  return [sx / sw, sy / sw];
}

describe('the target\'s gaze', () => {
  it('moves a drawn iris by where the target\'s sits against where the source\'s did, and leaves alike eyes alone', async () => {
    const { img: photo, face } = await decodedWithFace(FILES.eastAsian);
    const pts = flatPoints(face);
    const img = paintedEyes(photo, face, pts);
    const roi = faceRoi(face, img.width, img.height);
    const draw = () => warpTriangles({ src: img, srcPts: pts, dstPts: pts, triangles: topology().triangles, roi });

    const same = draw(), before = Float32Array.from(same.rgb);
    expect(keepTargetGaze({ warped: same, roi, srcFace: face, srcPts: pts, dstFace: face, dstPts: pts, placed: pts })).toBe(0);
    expect(same.rgb).toEqual(before);

    // The source's irises a tenth of an eye's width nearer the nose than the target's: each drawn
    // iris must go a tenth of an eye's width toward the outer corner.
    const SHIFT = 0.1;
    const landmarks = face.landmarks.map((p) => [...p] as [number, number, number]);
    for (let k = 468; k < 478; k++) {
      const eye = EYES.reduce((a, b) => (Math.hypot(pts[2 * b.outer]! - landmarks[k]![0], pts[2 * b.outer + 1]! - landmarks[k]![1]) < Math.hypot(pts[2 * a.outer]! - landmarks[k]![0], pts[2 * a.outer + 1]! - landmarks[k]![1]) ? b : a));
      landmarks[k]![0] += SHIFT * (pts[2 * eye.inner]! - pts[2 * eye.outer]!);
      landmarks[k]![1] += SHIFT * (pts[2 * eye.inner + 1]! - pts[2 * eye.outer + 1]!);
    }
    const source: Face = { ...face, landmarks };
    const moved = draw();
    const was = EYES.map((e) => darkCentre(moved, roi, pts, e.loop));
    const longest = keepTargetGaze({ warped: moved, roi, srcFace: source, srcPts: pts, dstFace: face, dstPts: pts, placed: pts });
    EYES.forEach((e, k) => {
      const ex = pts[2 * e.inner]! - pts[2 * e.outer]!, ey = pts[2 * e.inner + 1]! - pts[2 * e.outer + 1]!;
      const width = Math.hypot(ex, ey);
      const now = darkCentre(moved, roi, pts, e.loop);
      // Along the eye, in eye widths (positive toward the inner corner).
      const along = ((now[0] - was[k]![0]) * ex + (now[1] - was[k]![1]) * ey) / width / width;
      expect(along).toBeLessThan(-0.6 * SHIFT);
      expect(along).toBeGreaterThan(-1.2 * SHIFT);
      expect(longest).toBeGreaterThan(0.9 * SHIFT * width);
    });
  });
});
