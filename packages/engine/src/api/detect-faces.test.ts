// detectFaces tells the faces as soon as their boxes are known (a picker answers then), before the
// eyes are read: the result must hold the same faces, in the same order, with their eyes read.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { detectFaces } from './detect-faces.ts';
import type { FoundFaces } from './options.ts';
import { FILES, fixture } from '../../test/fixtures.ts';

describe('detectFaces', () => {
  it('tells the faces before reading their eyes, as the result then lists them', async () => {
    const [a, b] = await Promise.all([FILES.older, FILES.eastAsian].map((n, i) => sharp(fixture(n)).resize(300 - 80 * i).removeAlpha().toBuffer()));
    const photo = await sharp({ create: { width: 700, height: 420, channels: 3, background: '#8a94a0' } })
      .composite([{ input: b!, left: 30, top: 60 }, { input: a!, left: 360, top: 40 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const told: FoundFaces[] = [];
    const result = await detectFaces(photo, { onFaces: (found) => told.push(found) });
    expect(told).toHaveLength(1);
    expect(result.faces).toHaveLength(2);
    expect(told[0]).toEqual({ width: result.width, height: result.height, faces: result.faces.map(({ landmarks: _l, ...f }) => f) });
    // The larger face (pasted on the right) first, each with its 468 mesh and 10 iris points.
    expect(result.faces[0]!.box.x).toBeGreaterThan(360);
    for (const f of result.faces) expect(f.landmarks).toHaveLength(478);
    expect(result.timings.found).toBeLessThanOrEqual(result.timings.detect!);
  });
});
