// Affine map of one triangle onto another: the core of the per-triangle warp.

/** 2×3 affine matrix [a, b, c, d, e, f]: x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = [number, number, number, number, number, number];

/**
 * Affine transform taking triangle `from` (x0,y0,x1,y1,x2,y2) exactly onto triangle `to`.
 * Returns null when `from` is degenerate.
 */
export function triangleAffine(from: ArrayLike<number>, to: ArrayLike<number>): Affine | null {
  const x0 = from[0]!, y0 = from[1]!, x1 = from[2]!, y1 = from[3]!, x2 = from[4]!, y2 = from[5]!;
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return null;
  const inv = 1 / det;
  // Inverse of [[x1-x0, x2-x0], [y1-y0, y2-y0]]
  const i00 = (y2 - y0) * inv, i01 = -(x2 - x0) * inv, i10 = -(y1 - y0) * inv, i11 = (x1 - x0) * inv;
  const u0 = to[0]!, v0 = to[1]!;
  const du1 = to[2]! - u0, dv1 = to[3]! - v0, du2 = to[4]! - u0, dv2 = to[5]! - v0;
  const a = du1 * i00 + du2 * i10;
  const b = du1 * i01 + du2 * i11;
  const d = dv1 * i00 + dv2 * i10;
  const e = dv1 * i01 + dv2 * i11;
  return [a, b, u0 - a * x0 - b * y0, d, e, v0 - d * x0 - e * y0];
}

export function applyAffine(m: Affine, x: number, y: number): [number, number] {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}

/** Signed area ×2 of a triangle; negative for the mesh's front-facing winding (y down). */
export function signedArea2(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  return (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
}
