// Distance to the nearest marked cell of a plane: the mask's feather (mask.ts) may not rise faster
// than from the edge it fades toward.

/** Steps of the two-pass chamfer: 1 straight, √2 diagonal (within 8% of the true distance). */
const STRAIGHT = 1, DIAGONAL = Math.SQRT2;

/**
 * Each cell's distance (in cells) to the nearest cell where `marked` is 1; w + h (further than any
 * cell can be, and finite for interpolating) everywhere when none is. Two raster passes of the
 * 3 × 3 chamfer.
 */
export function distanceTo(marked: Uint8Array, w: number, h: number): Float32Array {
  const far = w + h;
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = marked[i] ? 0 : far;
  // Forward: from the left and the row above.
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      let v = d[i]!;
      if (v === 0) continue;
      let u: number;
      if (x > 0 && (u = d[i - 1]! + STRAIGHT) < v) v = u;
      if (y > 0) {
        if ((u = d[i - w]! + STRAIGHT) < v) v = u;
        if (x > 0 && (u = d[i - w - 1]! + DIAGONAL) < v) v = u;
        if (x < w - 1 && (u = d[i - w + 1]! + DIAGONAL) < v) v = u;
      }
      d[i] = v;
    }
  }
  // Backward: from the right and the row below.
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1, i = y * w + x; x >= 0; x--, i--) {
      let v = d[i]!;
      if (v === 0) continue;
      let u: number;
      if (x < w - 1 && (u = d[i + 1]! + STRAIGHT) < v) v = u;
      if (y < h - 1) {
        if ((u = d[i + w]! + STRAIGHT) < v) v = u;
        if (x < w - 1 && (u = d[i + w + 1]! + DIAGONAL) < v) v = u;
        if (x > 0 && (u = d[i + w - 1]! + DIAGONAL) < v) v = u;
      }
      d[i] = v;
    }
  }
  return d;
}
