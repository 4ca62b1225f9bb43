import { describe, expect, it } from 'vitest';
import { gridFor, lookup } from '../../raster/resample.ts';
import { skinMatch, skinSums } from './skin-match.ts';

// A 200 px face region, all skin; the cheek is a disc of 12 px radius at (70, 120).
const size = 200, w = 200, h = 200, n = w * h, cheek = { x: 70, y: 120, r: 12 };
const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;

/** Planar RGB of skin of colour `rgb`, shaded across by ±`shade`, grained by ±`grain` in each channel, with an optional soft blotch of colour `blotch` on the cheek. */
function skinPlanes(rgb: readonly number[], shade: number, grain: number, blotch?: readonly number[]): Float32Array {
  const p = new Float32Array(3 * n), noise = rand(7);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = y * w + x, lit = 1 + shade * ((x - w / 2) / w);
    const b = blotch ? Math.exp(-((Math.hypot(x - cheek.x, y - cheek.y - 6) / 8) ** 2)) : 0;
    for (let c = 0; c < 3; c++) p[c * n + i] = (rgb[c]! + b * ((blotch?.[c] ?? 0) - rgb[c]!)) * lit + noise() * grain;
  }
  return p;
}

function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const R = lin(r), G = lin(g), B = lin(b);
  const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047), fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B), fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** The cheek's mean CIELAB and the spread of its a*b* over 5 px box means (pixel grain is no blotch). */
function cheekOf(p: Float32Array): { lab: number[]; spread: number } {
  const sum = [0, 0, 0];
  let aa = 0, bb = 0, count = 0;
  for (let y = cheek.y - cheek.r; y <= cheek.y + cheek.r; y++) for (let x = cheek.x - cheek.r; x <= cheek.x + cheek.r; x++) {
    if (Math.hypot(x - cheek.x, y - cheek.y) > cheek.r) continue;
    const m = [0, 0, 0];
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) for (let c = 0; c < 3; c++) m[c]! += p[c * n + (y + dy) * w + x + dx]! / 25;
    const v = lab(m[0]!, m[1]!, m[2]!);
    for (let c = 0; c < 3; c++) sum[c]! += v[c]!;
    aa += v[1] ** 2; bb += v[2] ** 2; count++;
  }
  const mean = sum.map((v) => v / count);
  return { lab: mean, spread: Math.sqrt(aa / count - mean[1]! ** 2 + bb / count - mean[2]! ** 2) };
}

/** The result matched to the target's skin as the relight pass does it (all skin, no eyes). */
function matched(result: Float32Array, target: Float32Array, darken = 0): Float32Array {
  const grid = gridFor(w, h, 4), s = skinSums(grid), gn = grid.w * grid.h;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = y * w + x, c = ((y / 4) | 0) * grid.w + ((x / 4) | 0);
    s.count[c]! += 1;
    for (let ch = 0; ch < 3; ch++) { s.sums[ch * gn + c]! += result[ch * n + i]!; s.sums[(3 + ch) * gn + c]! += target[ch * n + i]!; }
  }
  const m = skinMatch(s, size, 0, darken), lx = lookup(w, grid.w, 4), ly = lookup(h, grid.h, 4);
  const at = (plane: Float32Array, x: number, y: number) => {
    const a = ly.i0[y]! * grid.w, b = ly.i1[y]! * grid.w, tx = lx.t[x]!, ty = ly.t[y]!;
    return (plane[a + lx.i0[x]!]! * (1 - tx) + plane[a + lx.i1[x]!]! * tx) * (1 - ty) + (plane[b + lx.i0[x]!]! * (1 - tx) + plane[b + lx.i1[x]!]! * tx) * ty;
  };
  const out = new Float32Array(3 * n);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const gL = at(m.light, x, y);
    for (let ch = 0; ch < 3; ch++) out[ch * n + y * w + x] = result[ch * n + y * w + x]! * gL * at(m.tone.subarray(ch * gn, (ch + 1) * gn), x, y);
  }
  return out;
}

const deltaE = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('skinMatch', () => {
  // A dark, saturated source relit onto a pale target (too dark and yellow, a pink patch), and a
  // pale one onto a dark target (too pale and pink), each shaded from the side unlike its target.
  it.each([
    ['a dark face onto a pale one', [150, 100, 55], [225, 185, 165], [190, 95, 110]],
    ['a pale face onto a dark one', [215, 170, 160], [110, 70, 45], [230, 130, 140]],
  ] as const)('%s takes the target cheek\'s tone and loses its patch', (_, relit, skin, blotch) => {
    const target = skinPlanes(skin, 0.1, 6);
    const result = skinPlanes(relit, 0.3, 6, blotch);
    const t = cheekOf(target), before = cheekOf(result);
    // The case is a hard one before the match: far off the target's tone, blotchier than its skin.
    expect(deltaE(before.lab, t.lab)).toBeGreaterThan(10);
    expect(before.spread).toBeGreaterThan(4 * Math.max(1.5, t.spread));
    const after = cheekOf(matched(result, target));
    expect(deltaE(after.lab, t.lab)).toBeLessThan(4);
    // The patch is cut to its edges (the match works on cells of a fiftieth of the face).
    expect(after.spread).toBeLessThan(before.spread / 3);
  });

  it('brings a darkened face\'s bright cheek down to the target\'s, and lifts nothing', () => {
    // A pale face darkened onto a dark one: its own highlight on the cheek, brighter than the target's there.
    const target = skinPlanes([110, 70, 45], 0.1, 6);
    const result = skinPlanes([110, 70, 45], 0.1, 6, [170, 115, 80]);
    const t = cheekOf(target), wide = cheekOf(matched(result, target)), down = cheekOf(matched(result, target, 1));
    expect(wide.lab[0]! - t.lab[0]!).toBeGreaterThan(5);
    expect(Math.abs(down.lab[0]! - t.lab[0]!)).toBeLessThan(0.6 * (wide.lab[0]! - t.lab[0]!));
    // A cheek darker than the target's stays as dark: the pull only darkens.
    const shaded = skinPlanes([110, 70, 45], 0.1, 6, [70, 45, 28]);
    expect(cheekOf(matched(shaded, target, 1)).lab[0]).toBeCloseTo(cheekOf(matched(shaded, target)).lab[0]!, 0);
  });

  it('leaves a result already on the target\'s skin as it is', () => {
    const target = skinPlanes([200, 160, 140], 0.1, 6);
    const out = matched(target, target);
    for (const i of [0, 5_000, 20_100, 39_999]) for (let c = 0; c < 3; c++) expect(out[c * n + i]).toBeCloseTo(target[c * n + i]!, 1);
  });
});
