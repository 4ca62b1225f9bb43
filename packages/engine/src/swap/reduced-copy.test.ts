import { describe, expect, it, beforeAll } from 'vitest';
import sharp from 'sharp';
import { loadModels } from '../index.ts';
import type { RgbImage } from '../core/image.ts';
import { detectOnImage } from '../detect/detect.ts';
import type { Face } from '../face/face.ts';
import { swapOneFace } from './run.ts';
import { swapFace, workFactor } from './reduced-copy.ts';
import { decodedWithFace, fixture, FILES } from '../../test/fixtures.ts';
import { compare, thumb } from '../../test/perceptual.ts';

beforeAll(async () => { await loadModels(); });

const SIDE = 3072;
/** 007 upscaled to SIDE px square, and its face: decoded, resized and detected once for both tests. */
let large: Promise<{ data: Uint8Array; face: Face }> | null = null;
function largeOlder(): Promise<{ data: Uint8Array; face: Face }> {
  large ??= (async () => {
    const data = new Uint8Array(await sharp(fixture(FILES.older)).resize(SIDE, SIDE).removeAlpha().raw().toBuffer());
    const [face] = await detectOnImage(await loadModels(), { data, width: SIDE, height: SIDE });
    return { data, face: face! };
  })();
  return large;
}

describe('large faces', () => {
  it('reduces a target face only when it is at least twice max(768 px, 1.5 × the source face)', () => {
    expect(workFactor(250, 714)).toBe(1);
    expect(workFactor(250, 1535)).toBe(1);
    expect(workFactor(250, 1536)).toBe(2);
    expect(workFactor(250, 2400)).toBe(3);
    expect(workFactor(1000, 2999)).toBe(1);
    expect(workFactor(1000, 3000)).toBe(2);
  });

  it('swaps a face three times the fixture\'s size on a reduced copy: as at full resolution, and nothing outside it touched', async () => {
    const { img: src, face: sf } = await decodedWithFace(FILES.eastAsian);
    const side = SIDE;
    const { data, face: df } = await largeOlder();
    const dst: RgbImage = { data, width: side, height: side };
    const reduced = { ...dst, data: Uint8Array.from(data) }, full = { ...dst, data: Uint8Array.from(data) };
    const stages: string[] = [];
    const st = swapFace(src, sf, reduced, df, (s) => stages.push(s), 7);
    expect(st.workFactor).toBe(2);
    expect(stages).toContain('upscale');
    swapOneFace(src, sf, full, df, () => {}, 7);
    const b = df.box;
    const crop = { left: Math.round(b.x), top: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
    // The inner face, below the forehead (whose gate judges cells of a given size, so a reduced copy
    // may draw a fringe's edge a cell apart).
    const inner = { left: Math.round(b.x + 0.1 * b.width), top: Math.round(b.y + 0.3 * b.height), width: Math.round(0.8 * b.width), height: Math.round(0.6 * b.height) };
    const d = compare(await thumb(reduced, inner), await thumb(full, inner));
    // Measured: mean 1.0, worst block 8.7; the golden image's tolerance.
    expect(d.mean).toBeLessThan(2);
    expect(d.worstBlock).toBeLessThan(12);
    // The face really changed, and nothing outside its support did.
    expect(compare(await thumb(dst, crop), await thumb(reduced, crop)).mean).toBeGreaterThan(8);
    const { roi, support } = st;
    let outside = 0;
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) {
      const inSupport = x >= roi.x && y >= roi.y && x < roi.x + roi.w && y < roi.y + roi.h && support[(y - roi.y) * roi.w + x - roi.x] === 1;
      if (inSupport) continue;
      const p = 3 * (y * side + x);
      if (reduced.data[p] !== data[p] || reduced.data[p + 1] !== data[p + 1] || reduced.data[p + 2] !== data[p + 2]) outside++;
    }
    expect(outside).toBe(0);
  });

  it('reshapes the outline at full resolution: the jaw moves beyond the mask too, and nothing outside the region', async () => {
    // Reshaped on the reduced copy, only the change inside the mask came back: the jaw line beyond
    // it stayed where it was, a second, faint jaw line.
    const { img: src, face: sf } = await decodedWithFace(FILES.eileen);
    const side = SIDE;
    const { data, face: df } = await largeOlder();
    const dst: RgbImage = { data: Uint8Array.from(data), width: side, height: side };
    const st = swapFace(src, sf, dst, df, () => {}, 7, { reshape: 0.5 });
    expect(st.workFactor).toBe(2);
    expect(st.reshapedBy).toBeGreaterThan(10);
    const { roi, support } = st;
    let beyondMask = 0, outsideRoi = 0;
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) {
      const p = 3 * (y * side + x);
      if (dst.data[p] === data[p] && dst.data[p + 1] === data[p + 1] && dst.data[p + 2] === data[p + 2]) continue;
      const inRoi = x >= roi.x && y >= roi.y && x < roi.x + roi.w && y < roi.y + roi.h;
      if (!inRoi) outsideRoi++;
      else if (!support[(y - roi.y) * roi.w + x - roi.x]) beyondMask++;
    }
    expect(outsideRoi).toBe(0);
    expect(beyondMask).toBeGreaterThan(1000);
  });
});
