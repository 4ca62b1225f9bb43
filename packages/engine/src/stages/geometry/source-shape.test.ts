import { describe, expect, it } from 'vitest';
import { fitRigid3d, largestEigenvector4, projectRigid, Z_PER_FACE_SIZE } from '../../mesh/align3d.ts';
import { shapeWeights, sourceShapedPoints } from './source-shape.ts';
import { INNER_FACE_LOOP, MESH_POINTS, topology } from '../../mesh/topology.ts';
import type { Face } from '../../face/face.ts';

/** Rotation about y (yaw) then x (pitch), row-major. */
function rotation(yawDeg: number, pitchDeg: number): number[] {
  const a = (yawDeg * Math.PI) / 180, b = (pitchDeg * Math.PI) / 180;
  const ry = [Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)];
  const rx = [1, 0, 0, 0, Math.cos(b), -Math.sin(b), 0, Math.sin(b), Math.cos(b)];
  const m = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) m[3 * i + j]! += rx[3 * i + k]! * ry[3 * k + j]!;
  return m;
}

function transform(pts: Float64Array, r: number[], s: number, t: [number, number, number]): Float64Array {
  const out = new Float64Array(pts.length);
  for (let i = 0; i < pts.length; i += 3) {
    for (let a = 0; a < 3; a++) out[i + a] = s * (r[3 * a]! * pts[i]! + r[3 * a + 1]! * pts[i + 1]! + r[3 * a + 2]! * pts[i + 2]!) + t[a]!;
  }
  return out;
}

/** A canonical face as 3-D points: UV in the plane, a bulge in depth. */
function canonical3d(size = 200): Float64Array {
  const { uv } = topology();
  const out = new Float64Array(MESH_POINTS * 3);
  for (let i = 0; i < MESH_POINTS; i++) {
    const u = uv[2 * i]! - 0.5, v = uv[2 * i + 1]! - 0.5;
    out[3 * i] = u * size; out[3 * i + 1] = v * size; out[3 * i + 2] = -size * 0.4 * (1 - 2 * (u * u + v * v));
  }
  return out;
}

function face(pts3: Float64Array, yaw = 0): Face {
  const landmarks: Array<[number, number, number]> = [];
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < MESH_POINTS; i++) {
    const x = pts3[3 * i]!, y = pts3[3 * i + 1]!;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    landmarks.push([x, y, 0]);
  }
  const size = Math.max(maxX - minX, maxY - minY);
  // meshPoints3d scales z by the face size: store z in those units so the round trip is exact.
  for (let i = 0; i < MESH_POINTS; i++) landmarks[i]![2] = pts3[3 * i + 2]! / (size * Z_PER_FACE_SIZE);
  return { index: 0, box: { x: minX, y: minY, width: maxX - minX, height: maxY - minY }, score: 1, landmarks, rotation: { yaw, pitch: 0, roll: 0 }, size, partial: false, tooSmall: false };
}

describe('rigid 3-D alignment', () => {
  it('finds the largest eigenvector of a symmetric matrix', () => {
    const v = largestEigenvector4([[2, 0, 0, 0], [0, 5, 1, 0], [0, 1, 5, 0], [0, 0, 0, 1]]);
    expect(Math.abs(v[1])).toBeCloseTo(Math.SQRT1_2, 6);
    expect(Math.abs(v[2])).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('recovers a rotation, scale and translation exactly', () => {
    const p = canonical3d();
    const r = rotation(35, -12);
    const q = transform(p, r, 1.7, [300, 220, 15]);
    const fit = fitRigid3d(p, q);
    expect(fit.scale).toBeCloseTo(1.7, 6);
    for (let k = 0; k < 9; k++) expect(fit.r[k]!).toBeCloseTo(r[k]!, 6);
    const proj = projectRigid(p, fit);
    for (let i = 0; i < MESH_POINTS; i++) {
      expect(proj[2 * i]!).toBeCloseTo(q[3 * i]!, 3);
      expect(proj[2 * i + 1]!).toBeCloseTo(q[3 * i + 1]!, 3);
    }
  });
});

describe('source shape on the target', () => {
  it('keeps the outline and moves the inner face toward the posed source', () => {
    const w = shapeWeights();
    for (const i of INNER_FACE_LOOP) expect(w[i]!).toBe(0);
    expect(w[1]!).toBe(1); // nose tip
    expect(w[168]!).toBe(1); // between the eyes
  });

  it('puts the source proportions into the target pose', () => {
    const base = canonical3d();
    // The source has eyes 8% wider apart than the target; the target is the same face turned 20°.
    const src = Float64Array.from(base);
    for (let i = 0; i < MESH_POINTS; i++) if (shapeWeights()[i] === 1) src[3 * i] = src[3 * i]! * 1.08;
    const r = rotation(20, 0);
    const dst3 = transform(base, r, 1.2, [400, 300, 0]);
    const srcFace = face(transform(src, rotation(0, 0), 1, [200, 200, 0]));
    const dstFace = face(dst3, 20);
    const dstPts = new Float32Array(MESH_POINTS * 2);
    for (let i = 0; i < MESH_POINTS; i++) { dstPts[2 * i] = dst3[3 * i]!; dstPts[2 * i + 1] = dst3[3 * i + 1]!; }
    const expected = transform(src, r, 1.2, [400, 300, 0]);
    const { pts, maxShift } = sourceShapedPoints(srcFace, dstFace, dstPts, 1);
    expect(maxShift).toBeGreaterThan(1);
    // Fully weighted points land where the source's own point would be in the target's pose
    // (within the small error of a fit that also sees the unchanged outline).
    let err = 0, count = 0;
    for (let i = 0; i < MESH_POINTS; i++) {
      if (shapeWeights()[i] !== 1) continue;
      err += Math.hypot(pts[2 * i]! - expected[3 * i]!, pts[2 * i + 1]! - expected[3 * i + 1]!);
      count++;
    }
    expect(err / count).toBeLessThan(0.02 * dstFace.size);
    // Outline points stay exactly where the target has them.
    for (const i of INNER_FACE_LOOP) {
      expect(pts[2 * i]).toBe(dstPts[2 * i]);
      expect(pts[2 * i + 1]).toBe(dstPts[2 * i + 1]);
    }
    // An open target mouth keeps its expression: the lips move only part of the way.
    const open = sourceShapedPoints(srcFace, dstFace, dstPts, 1, true).pts;
    for (const i of [13, 14, 61, 291]) {
      const full = Math.hypot(pts[2 * i]! - dstPts[2 * i]!, pts[2 * i + 1]! - dstPts[2 * i + 1]!);
      const part = Math.hypot(open[2 * i]! - dstPts[2 * i]!, open[2 * i + 1]! - dstPts[2 * i + 1]!);
      expect(part).toBeCloseTo(0.4 * full, 3);
    }
    expect(open[2 * 1]).toBe(pts[2 * 1]); // the nose does not care
    // Strength 0 returns the target's own points.
    expect(Array.from(sourceShapedPoints(srcFace, dstFace, dstPts, 0).pts)).toEqual(Array.from(dstPts));
  });
});
