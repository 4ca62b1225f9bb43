// Scanline polygon fill (even-odd) into a coverage plane restricted to a region of interest.

/** The box of flat [x0, y0, x1, y1, ...] points. */
export function flatBounds(pts: ArrayLike<number>): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i + 1 < pts.length; i += 2) {
    const x = pts[i]!, y = pts[i + 1]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

/**
 * Fills the polygon given by flat [x0, y0, x1, y1, ...] image coordinates into `out` (roiW × roiH,
 * origin at image (ox, oy)) with `value`. Pixel centres are at integer coordinates.
 */
export function fillPolygon(out: Float32Array | Uint8Array, roiW: number, roiH: number, ox: number, oy: number, pts: ArrayLike<number>, value = 1): void {
  const n = pts.length / 2;
  if (n < 3) return;
  const xs = new Float64Array(n);
  for (let y = 0; y < roiH; y++) {
    const py = y + oy;
    let count = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const yi = pts[2 * i + 1]!;
      const yj = pts[2 * j + 1]!;
      if ((yi <= py && yj > py) || (yj <= py && yi > py)) {
        const xi = pts[2 * i]!;
        const xj = pts[2 * j]!;
        xs[count++] = xi + ((py - yi) / (yj - yi)) * (xj - xi);
      }
    }
    if (count < 2) continue;
    const row = xs.subarray(0, count).sort();
    for (let k = 0; k + 1 < count; k += 2) {
      const x0 = Math.max(0, Math.ceil(row[k]! - ox));
      const x1 = Math.min(roiW - 1, Math.floor(row[k + 1]! - ox));
      const base = y * roiW;
      for (let x = x0; x <= x1; x++) out[base + x] = value;
    }
  }
}
