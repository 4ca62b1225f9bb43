// When the source face is smaller (upsampled, softer) than the target face, restore the target's
// grain: add deterministic luminance noise so the face's high-frequency energy matches its
// surroundings. A seeded noise tile keeps the output identical for identical inputs.

/**
 * High-frequency level: mean absolute discrete Laplacian of luminance over skin pixels, sampled on
 * a sparse lattice (the statistic converges long before every pixel is visited).
 */
export function highFrequencyLevel(rgb: Float32Array, skin: Float32Array, w: number, h: number, step = 3): number {
  const n = w * h;
  let s = 0, count = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      if (skin[i] === 0 || skin[i - 1] === 0 || skin[i + 1] === 0 || skin[i - w] === 0 || skin[i + w] === 0) continue;
      const l = (k: number) => 0.299 * rgb[k]! + 0.587 * rgb[n + k]! + 0.114 * rgb[2 * n + k]!;
      s += Math.abs(4 * l(i) - l(i - 1) - l(i + 1) - l(i - w) - l(i + w));
      count++;
    }
  }
  return count > 0 ? s / count : 0;
}

/** Mulberry32: tiny deterministic PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TILE = 256;
let tile: Float32Array | null = null;
/** 256×256 unit-variance noise (approximately Gaussian: sum of three uniforms). */
function noiseTile(): Float32Array {
  if (tile) return tile;
  const rand = mulberry32(0x9e3779b9);
  tile = new Float32Array(TILE * TILE);
  for (let i = 0; i < tile.length; i++) tile[i] = (rand() + rand() + rand() - 1.5) * 2;
  return tile;
}

/**
 * Adds luminance noise to the warped face so its high-frequency level matches the target's skin.
 * Returns the noise sigma added (0 when the source is already as detailed).
 */
export function restoreGrain(warped: Float32Array, target: Float32Array, skin: Float32Array, cover: Uint8Array, w: number, h: number, seed: number): number {
  const lt = highFrequencyLevel(target, skin, w, h);
  const lw = highFrequencyLevel(warped, skin, w, h);
  if (lt <= lw * 1.1) return 0;
  // For white noise of sigma s, the mean |Laplacian| is about 0.8 · sqrt(20) · s ≈ 3.6 s.
  const sigma = Math.min(10, Math.sqrt(lt * lt - lw * lw) / 3.6);
  const noise = noiseTile();
  const n = w * h;
  const ox = seed & 0xff, oy = (seed >>> 8) & 0xff;
  for (let y = 0; y < h; y++) {
    const trow = ((y + oy) & (TILE - 1)) * TILE;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (cover[i] === 0) continue;
      const d = noise[trow + ((x + ox) & (TILE - 1))]! * sigma;
      for (let c = 0; c < 3; c++) {
        const v = warped[c * n + i]! + d;
        warped[c * n + i] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return sigma;
}
