// Separable running-sum box blur on float planes; three passes approximate a Gaussian.
// Hot loop over typed arrays, no allocation per pixel.

/** One horizontal + vertical box pass of radius r, written back into `plane`. `tmp` must be as long as plane. */
export function boxBlurPass(plane: Float32Array, w: number, h: number, r: number, tmp: Float32Array): void {
  if (r < 1) return;
  const norm = 1 / (2 * r + 1);
  // horizontal: plane -> tmp, clamping at the borders
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += plane[row + Math.min(w - 1, Math.max(0, k))]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = acc * norm;
      const add = x + r + 1 < w ? x + r + 1 : w - 1;
      const sub = x - r > 0 ? x - r : 0;
      acc += plane[row + add]! - plane[row + sub]!;
    }
  }
  // vertical: tmp -> plane, a running sum per column walked row by row (column by column, every
  // read strode a whole row: on a 700 × 800 plane that took most of the pass's time)
  const acc = new Float64Array(w);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(h - 1, Math.max(0, k)) * w;
    for (let x = 0; x < w; x++) acc[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const add = (y + r + 1 < h ? y + r + 1 : h - 1) * w;
    const sub = (y - r > 0 ? y - r : 0) * w;
    for (let x = 0; x < w; x++) {
      plane[row + x] = acc[x]! * norm;
      acc[x]! += tmp[add + x]! - tmp[sub + x]!;
    }
  }
}

/** Approximate Gaussian blur with standard deviation `sigma` (three box passes), in place. */
export function gaussianBlur(plane: Float32Array, w: number, h: number, sigma: number, tmp?: Float32Array): void {
  if (sigma < 0.5) return;
  // Box radius whose three-pass variance matches sigma²: 3 * ((2r+1)² - 1) / 12 = sigma²
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  const t = tmp && tmp.length >= plane.length ? tmp : new Float32Array(plane.length);
  boxBlurPass(plane, w, h, r, t);
  boxBlurPass(plane, w, h, r, t);
  boxBlurPass(plane, w, h, r, t);
}

/**
 * Gaussian blur of standard deviation `sigma` in place, closer than gaussianBlur's single radius:
 * three box passes of two neighbouring odd widths, as many of each as brings their variance nearest
 * sigma² (Kovesi, "Fast almost-Gaussian filtering", 2010). Sigma 1.5 is blurred by 1.41, 2 by 1.83,
 * 3 by 2.83 (gaussianBlur: 1.41, 2.45, 3.46).
 */
export function almostGaussian(plane: Float32Array, w: number, h: number, sigma: number, tmp?: Float32Array): void {
  const passes = 3;
  let wl = Math.floor(Math.sqrt((12 * sigma * sigma) / passes + 1));
  if (wl % 2 === 0) wl--;
  const m = Math.round((12 * sigma * sigma - passes * wl * wl - 4 * passes * wl - 3 * passes) / (-4 * wl - 4));
  const t = tmp && tmp.length >= plane.length ? tmp : new Float32Array(plane.length);
  for (let k = 0; k < passes; k++) boxBlurPass(plane, w, h, ((k < m ? wl : wl + 2) - 1) / 2, t);
}

/** `field` (gw × gh) convolved with [1 2 1] / 4 along each axis, edges repeated. */
export function smooth121(field: Float32Array, gw: number, gh: number): Float32Array {
  const tmp = new Float32Array(field.length), out = new Float32Array(field.length);
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) {
    const c = y * gw + x;
    tmp[c] = (field[y * gw + Math.max(0, x - 1)]! + 2 * field[c]! + field[y * gw + Math.min(gw - 1, x + 1)]!) / 4;
  }
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) {
    const c = y * gw + x;
    out[c] = (tmp[Math.max(0, y - 1) * gw + x]! + 2 * tmp[c]! + tmp[Math.min(gh - 1, y + 1) * gw + x]!) / 4;
  }
  return out;
}
