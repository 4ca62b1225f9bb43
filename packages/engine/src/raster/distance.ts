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
  const d = Float32Array.from(marked, (m) => (m ? 0 : far));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + STRAIGHT);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + STRAIGHT);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + DIAGONAL);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + DIAGONAL);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + STRAIGHT);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + STRAIGHT);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + DIAGONAL);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + DIAGONAL);
      }
      d[i] = v;
    }
  }
  return d;
}
