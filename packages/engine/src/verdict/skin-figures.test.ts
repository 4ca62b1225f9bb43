import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../core/image.ts';
import { cheekPixels, skinFigures, toLab } from './skin-figures.ts';

const SIZE = 200;
/** A flat skin-coloured image with cheek landmarks 50 and 280 at (70, 110) and (130, 110). */
function skin(rgb: [number, number, number]): { img: RgbImage; landmarks: number[][] } {
  const data = new Uint8Array(SIZE * SIZE * 3);
  for (let i = 0; i < SIZE * SIZE; i++) data.set(rgb, 3 * i);
  const landmarks = Array.from({ length: 468 }, () => [100, 100]);
  landmarks[50] = [70, 110]; landmarks[280] = [130, 110];
  return { img: { data, width: SIZE, height: SIZE }, landmarks };
}

describe('skinFigures', () => {
  it('reads no shift and an even ratio on the same skin', () => {
    const t = skin([200, 150, 120]);
    const f = skinFigures(t.img, t.img, t.landmarks, 160);
    expect(f.toneShift).toBe(0);
    expect(f.blotchiness).toBe(0);
  });

  it('measures the colour jump in CIELAB, lightness included', () => {
    const t = skin([200, 150, 120]), r = skin([120, 80, 60]);
    const a = toLab(120, 80, 60), b = toLab(200, 150, 120);
    expect(skinFigures(r.img, t.img, t.landmarks, 160).toneShift).toBeCloseTo(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), 1);
  });

  it('finds blotches larger than the smoothing, not pixel noise', () => {
    const t = skin([200, 150, 120]), blotchy = skin([200, 150, 120]), noisy = skin([200, 150, 120]);
    for (const i of cheekPixels(SIZE, SIZE, t.landmarks, 160)) {
      const x = i % SIZE, y = (i / SIZE) | 0;
      // 8-px patches of greenish skin: what a dark face's shading looks like carried onto a pale one.
      if (((x >> 3) + (y >> 3)) % 2) blotchy.img.data.set([170, 160, 100], 3 * i);
      if ((x + y) % 2) noisy.img.data.set([206, 146, 124], 3 * i);
    }
    expect(skinFigures(blotchy.img, t.img, t.landmarks, 160).blotchiness).toBeGreaterThan(1.5);
    expect(skinFigures(noisy.img, t.img, t.landmarks, 160).blotchiness).toBeLessThan(1.5);
  });
});
