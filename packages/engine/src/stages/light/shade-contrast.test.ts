import { describe, expect, it } from 'vitest';
import { relightDifferences } from './relight-pass.ts';

// A 200 px face region, all skin, no eyes or lips in it (the landmarks lie far outside).
const size = 200, w = 200, h = 200, n = w * h;
const roi = { x: 0, y: 0, w, h };
/** Two eye sockets and a lip line: where a dark skin's photo holds its deepest shading. */
const patches = [{ x: 65, y: 80, r: 14 }, { x: 135, y: 80, r: 14 }, { x: 100, y: 150, r: 10 }];
const cheek = { x: 60, y: 125, r: 12 };
const inPatch = (x: number, y: number) => patches.some((p) => Math.hypot(x - p.x, y - p.y) <= p.r);
const patchWeight = (x: number, y: number) => Math.max(...patches.map((p) => Math.exp(-((Math.hypot(x - p.x, y - p.y) / p.r) ** 4))));
const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Planar RGB of a dark skin, lit from above, its patches at a quarter of the skin's brightness. */
function darkSource(): Float32Array {
  const p = new Float32Array(3 * n), rgb = [92, 60, 44];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const lit = (1.1 - 0.2 * (y / h)) * (1 - 0.75 * patchWeight(x, y));
    for (let c = 0; c < 3; c++) p[c * n + y * w + x] = rgb[c]! * lit;
  }
  return p;
}

/** An interleaved pale target, lit from the left, its darkest skin at 0.9 of its brightest. */
function paleTarget(): Uint8Array {
  const d = new Uint8Array(3 * n), rgb = [222, 180, 160];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const lit = 1 - 0.1 * (x / w);
    for (let c = 0; c < 3; c++) d[3 * (y * w + x) + c] = Math.round(rgb[c]! * lit);
  }
  return d;
}

describe('the source shading at the target skin contrast', () => {
  it('puts a dark face onto a pale one with its cheek tone and no patch far darker than its darkest skin', () => {
    const target = paleTarget(), warped = darkSource();
    const far = new Float32Array(2 * 468).fill(-1e4);
    relightDifferences({
      warped, fromTwin: null, target: { data: target, width: w, height: h }, roi, alpha: new Float32Array(n).fill(1), skin: new Uint8Array(n).fill(1),
      faceSize: size, sourceSize: size, placed: far, dstPts: far, up: [0, -1], grain: false, seed: 0,
    });
    // The result is the target plus the differences the pass leaves in `warped`.
    const at = (i: number, c: number) => target[3 * i + c]! + warped[c * n + i]!;
    const mean = (pick: (x: number, y: number) => boolean, of: (i: number) => number) => {
      let s = 0, k = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (pick(x, y)) { s += of(y * w + x); k++; }
      return s / k;
    };
    const onCheek = (x: number, y: number) => Math.hypot(x - cheek.x, y - cheek.y) <= cheek.r;
    for (let c = 0; c < 3; c++) {
      const got = mean(onCheek, (i) => at(i, c)), want = mean(onCheek, (i) => target[3 * i + c]!);
      expect(Math.abs(got - want)).toBeLessThan(0.08 * want);
    }
    // Each patch's core against the target's darkest skin: at a quarter of the skin in the face
    // photo, carried at full contrast it came out at 0.29 of it.
    let darkestTarget = Infinity;
    for (let i = 0; i < n; i++) darkestTarget = Math.min(darkestTarget, luma(target[3 * i]!, target[3 * i + 1]!, target[3 * i + 2]!));
    for (const p of patches) {
      const core = mean((x, y) => Math.hypot(x - p.x, y - p.y) <= p.r / 3, (i) => luma(at(i, 0), at(i, 1), at(i, 2)));
      expect(core).toBeGreaterThan(0.65 * darkestTarget);
    }
    // The shading stays (faceres reads it): the patches remain darker than the skin around them.
    const skinAround = mean((x, y) => !inPatch(x, y) && y > 60 && y < 170, (i) => luma(at(i, 0), at(i, 1), at(i, 2)));
    const patchLevel = mean((x, y) => inPatch(x, y), (i) => luma(at(i, 0), at(i, 1), at(i, 2)));
    expect(patchLevel).toBeLessThan(0.9 * skinAround);
  });
});
