// Rigid 3-D alignment of two face meshes (rotation, uniform scale, translation; Horn's quaternion
// method). Used to pose the source face's own shape like the target face: what is left between the
// aligned source mesh and the target mesh is who they are (proportions), not how they hold their head.

/** Human's mesh z comes in the landmark model's units; this turns it into pixels of a face of `size` (1.6 minimised the residual of cross-identity fits over the fixtures: 0.029 of the face size, against 0.063 ignoring depth). */
export const Z_PER_FACE_SIZE = 1.6 / 192;

export interface Rigid3d {
  /** Row-major 3×3 rotation. */
  r: Float64Array;
  scale: number;
  t: [number, number, number];
}

/** Points as flat x,y,z triplets (pixels, z already scaled). */
export function meshPoints3d(landmarks: ReadonlyArray<readonly [number, number, number]>, faceSize: number, count = 468): Float64Array {
  const out = new Float64Array(count * 3);
  const kz = faceSize * Z_PER_FACE_SIZE;
  for (let i = 0; i < count; i++) {
    const p = landmarks[i]!;
    out[3 * i] = p[0];
    out[3 * i + 1] = p[1];
    out[3 * i + 2] = p[2] * kz;
  }
  return out;
}

/** Least-squares similarity taking `from` onto `to` (both flat x,y,z), over the listed points or all. */
export function fitRigid3d(from: Float64Array, to: Float64Array, idx?: readonly number[]): Rigid3d {
  const ids = idx ?? Array.from({ length: from.length / 3 }, (_, i) => i);
  const m = ids.length;
  const cf = [0, 0, 0], ct = [0, 0, 0];
  for (const i of ids) for (let c = 0; c < 3; c++) { cf[c]! += from[3 * i + c]!; ct[c]! += to[3 * i + c]!; }
  for (let c = 0; c < 3; c++) { cf[c]! /= m; ct[c]! /= m; }
  // Cross-covariance S[a][b] = Σ p_a q_b over centred points.
  const s = new Float64Array(9);
  let pp = 0;
  for (const i of ids) {
    const p0 = from[3 * i]! - cf[0]!, p1 = from[3 * i + 1]! - cf[1]!, p2 = from[3 * i + 2]! - cf[2]!;
    const q0 = to[3 * i]! - ct[0]!, q1 = to[3 * i + 1]! - ct[1]!, q2 = to[3 * i + 2]! - ct[2]!;
    const p = [p0, p1, p2], q = [q0, q1, q2];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s[3 * a + b]! += p[a]! * q[b]!;
    pp += p0 * p0 + p1 * p1 + p2 * p2;
  }
  const [sxx, sxy, sxz, syx, syy, syz, szx, szy, szz] = s as unknown as number[];
  const n = [
    [sxx! + syy! + szz!, syz! - szy!, szx! - sxz!, sxy! - syx!],
    [syz! - szy!, sxx! - syy! - szz!, sxy! + syx!, szx! + sxz!],
    [szx! - sxz!, sxy! + syx!, -sxx! + syy! - szz!, syz! + szy!],
    [sxy! - syx!, szx! + sxz!, syz! + szy!, -sxx! - syy! + szz!],
  ];
  const [w, x, y, z] = largestEigenvector4(n);
  const r = new Float64Array([
    w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z,
  ]);
  // scale = Σ q·(R p) / Σ |p|² = trace(R S) / Σ |p|²
  let num = 0;
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) num += r[3 * a + b]! * s[3 * b + a]!;
  const scale = pp > 0 ? num / pp : 1;
  const t: [number, number, number] = [0, 0, 0];
  for (let a = 0; a < 3; a++) t[a] = ct[a]! - scale * (r[3 * a]! * cf[0]! + r[3 * a + 1]! * cf[1]! + r[3 * a + 2]! * cf[2]!);
  return { r, scale, t };
}

/** Applies the similarity to flat x,y,z points and returns flat x,y (the image-plane projection). */
export function projectRigid(pts: Float64Array, tr: Rigid3d): Float32Array {
  const n = pts.length / 3;
  const out = new Float32Array(n * 2);
  const { r, scale, t } = tr;
  for (let i = 0; i < n; i++) {
    const x = pts[3 * i]!, y = pts[3 * i + 1]!, z = pts[3 * i + 2]!;
    out[2 * i] = scale * (r[0]! * x + r[1]! * y + r[2]! * z) + t[0];
    out[2 * i + 1] = scale * (r[3]! * x + r[4]! * y + r[5]! * z) + t[1];
  }
  return out;
}

/** Unit eigenvector of the largest eigenvalue of a symmetric 4×4 matrix (cyclic Jacobi). */
export function largestEigenvector4(a: number[][]): [number, number, number, number] {
  const m = a.map((row) => row.slice());
  const v = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 3; p++) for (let q = p + 1; q < 4; q++) off += m[p]![q]! * m[p]![q]!;
    if (off < 1e-18) break;
    for (let p = 0; p < 3; p++) {
      for (let q = p + 1; q < 4; q++) {
        const apq = m[p]![q]!;
        if (Math.abs(apq) < 1e-30) continue;
        const theta = (m[q]![q]! - m[p]![p]!) / (2 * apq);
        const tt = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(tt * tt + 1), s = tt * c;
        for (let k = 0; k < 4; k++) {
          const mkp = m[k]![p]!, mkq = m[k]![q]!;
          m[k]![p] = c * mkp - s * mkq;
          m[k]![q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < 4; k++) {
          const mpk = m[p]![k]!, mqk = m[q]![k]!;
          m[p]![k] = c * mpk - s * mqk;
          m[q]![k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[k]![p]!, vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 4; i++) if (m[i]![i]! > m[best]![best]!) best = i;
  const e: [number, number, number, number] = [v[0]![best]!, v[1]![best]!, v[2]![best]!, v[3]![best]!];
  const len = Math.hypot(...e) || 1;
  return e.map((x) => x / len) as [number, number, number, number];
}
