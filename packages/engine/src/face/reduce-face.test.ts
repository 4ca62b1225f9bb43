import { describe, expect, it, beforeAll } from 'vitest';
import { swapFaces, loadModels } from '../index.ts';
import { reduceFace, sourceFactor } from './reduce-face.ts';
import { decodeImage } from '../io/decode.ts';
import type { Face } from './face.ts';
import { fixture, FILES } from '../../test/fixtures.ts';

beforeAll(async () => { await loadModels(); });

describe('source reduction (a source face far larger than the target\'s)', () => {
  it('reduces by the whole factor that keeps the source at least the target\'s size', () => {
    expect(sourceFactor(100, 100)).toBe(1);
    expect(sourceFactor(199, 100)).toBe(1);
    expect(sourceFactor(200, 100)).toBe(2);
    expect(sourceFactor(714, 43)).toBe(16);
    expect(sourceFactor(50, 100)).toBe(1);
  });

  it('keeps every landmark on the same image content', async () => {
    // A white square centred on one landmark, on black.
    const w = 400, h = 400, data = new Uint8Array(w * h * 3);
    for (let y = 196; y < 212; y++) for (let x = 236; x < 252; x++) data.fill(255, 3 * (y * w + x), 3 * (y * w + x) + 3);
    const landmarks = Array.from({ length: 478 }, (_, i) => [100 + (i % 20) * 10, 100 + Math.floor(i / 20) * 8, 0] as [number, number, number]);
    landmarks[7] = [243.5, 203.5, 0];
    const face: Face = { index: 0, box: { x: 100, y: 100, width: 190, height: 190 }, score: 1, landmarks, rotation: { yaw: 0, pitch: 0, roll: 0 }, size: 190, partial: false, tooSmall: false };
    const r = await reduceFace({ data, width: w, height: h }, face, 4);
    expect(r.face.size).toBeCloseTo(190 / 4, 0);
    // The brightest pixel of the reduced copy is the landmark's.
    let best = 0, bx = 0, by = 0;
    for (let y = 0; y < r.img.height; y++) for (let x = 0; x < r.img.width; x++) {
      const v = r.img.data[3 * (y * r.img.width + x)]!;
      if (v > best) { best = v; bx = x; by = y; }
    }
    const [lx, ly] = r.face.landmarks[7]!;
    expect(Math.abs(bx - lx)).toBeLessThanOrEqual(1);
    expect(Math.abs(by - ly)).toBeLessThanOrEqual(1);
  });

  it('gives a large face swapped onto a small one no more fine speckle than the photo around it', async () => {
    // 007's 714-px face onto 001's 106-px one: sampled unfiltered, its pores and lines aliased.
    const r = await swapFaces({ source: fixture(FILES.older), target: fixture(FILES.eileen), identity: false, keepRaw: true });
    const { roi, support } = r.raw!.masks[0]!;
    const target = await decodeImage(fixture(FILES.eileen));
    const lapl = (img: { data: Uint8Array; width: number }) => {
      let sum = 0, n = 0;
      for (let y = 1; y < roi.h - 1; y++) for (let x = 1; x < roi.w - 1; x++) {
        if (!support[y * roi.w + x]) continue;
        const Y = (dx: number, dy: number) => { const p = ((roi.y + y + dy) * img.width + roi.x + x + dx) * 3; return 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!; };
        sum += Math.abs(4 * Y(0, 0) - Y(-1, 0) - Y(1, 0) - Y(0, -1) - Y(0, 1)); n++;
      }
      return sum / n;
    };
    // Mean |Laplacian| of the new face over the target's own there: 1.06 unfiltered, 0.85 now.
    expect(lapl(r.raw!.image) / lapl(target)).toBeLessThan(0.95);
  });
});
