// A drawn face is told from a photographed one by its flat skin (painted.ts).
import { describe, expect, it } from 'vitest';
import { flatSkinShare, MAX_FLAT_SHARE } from './painted.ts';
import { FACE_OVAL_LOOP } from '../mesh/topology.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { decodedWithFace, FILES } from '../../test/fixtures.ts';

/** The photo with its face oval painted over: one RGB colour plus `ramp` levels of shading across the face. */
function painted(img: { data: Uint8Array; width: number; height: number }, oval: number[], rgb: [number, number, number], ramp: number) {
  const xs = oval.filter((_, k) => k % 2 === 0);
  const left = Math.min(...xs), across = Math.max(...xs) - left;
  const inside = new Uint8Array(img.width * img.height);
  fillPolygon(inside, img.width, img.height, 0, 0, oval);
  const data = Uint8Array.from(img.data);
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    const shade = (ramp * ((i % img.width) - left)) / across;
    for (let c = 0; c < 3; c++) data[3 * i + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + shade)));
  }
  return { ...img, data };
}

describe('flatSkinShare', () => {
  it('reads a photographed face as shaded and the same face painted one tone as flat', async () => {
    const { img, face } = await decodedWithFace(FILES.eileen);
    const oval = FACE_OVAL_LOOP.flatMap((k) => [face.landmarks[k]![0], face.landmarks[k]![1]]);
    expect(flatSkinShare(img, face.landmarks, face.size)).toBeLessThan(0.2);
    expect(flatSkinShare(painted(img, oval, [250, 200, 40], 0), face.landmarks, face.size)).toBeGreaterThan(0.95);
    // Shading across the face, as photographed skin has, is not a fill.
    expect(flatSkinShare(painted(img, oval, [200, 150, 120], 40), face.landmarks, face.size)).toBeLessThan(MAX_FLAT_SHARE);
  });

  it('does not call clipped exposure a fill', async () => {
    const { img, face } = await decodedWithFace(FILES.eileen);
    const oval = FACE_OVAL_LOOP.flatMap((k) => [face.landmarks[k]![0], face.landmarks[k]![1]]);
    expect(flatSkinShare(painted(img, oval, [255, 255, 255], 0), face.landmarks, face.size)).toBe(0);
  });
});
