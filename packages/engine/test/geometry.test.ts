import { describe, expect, it } from 'vitest';
import { applyAffine, signedArea2, triangleAffine } from '../src/raster/affine.ts';
import { warpBuffers, warpTriangles } from '../src/raster/warp.ts';
import { fillPolygon } from '../src/raster/polygon.ts';
import { flood8 } from '../src/raster/flood.ts';
import { gaussianBlur } from '../src/raster/blur.ts';
import { upsampleSparse } from '../src/raster/resample.ts';
import { Scratch } from '../src/raster/scratch.ts';
import { FACE_OVAL_LOOP, INNER_LIP_LOOP, MESH_POINTS, TRI_FOREHEAD, TRI_MOUTH, TRI_OUTER, topology } from '../src/mesh/topology.ts';
import { dropIslands, linearStretch, mirrorOverrides, stretchRatios } from '../src/mesh/mirror.ts';
import { pyramidBlend } from '../src/stages/blend/blend.ts';
import { canonicalFace } from './mesh.ts';

function edgeCounts(tris: ArrayLike<number>): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < tris.length; i += 3) {
    for (const [a, b] of [[tris[i]!, tris[i + 1]!], [tris[i + 1]!, tris[i + 2]!], [tris[i + 2]!, tris[i]!]] as const) {
      const k = a < b ? `${a}-${b}` : `${b}-${a}`;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }
  return m;
}

const canonicalPoints = (scale = 200, ox = 20, oy = 20) => canonicalFace(scale, ox, oy);
/** Triangles stretched over more than `max` times their share of the source face. */
const overStretched = (src: Float32Array, dst: Float32Array, triangles: Uint16Array, override: Float32Array | null, max: number) =>
  Uint8Array.from(stretchRatios(src, dst, triangles, override), (r) => (r > max ? 1 : 0));

describe('per-triangle affine', () => {
  it('maps each vertex of one triangle exactly onto the other', () => {
    const from = [10, 10, 50, 12, 20, 70];
    const to = [100, 5, 130, 40, 60, 90];
    const m = triangleAffine(from, to)!;
    for (let k = 0; k < 3; k++) {
      const [x, y] = applyAffine(m, from[2 * k]!, from[2 * k + 1]!);
      expect(x).toBeCloseTo(to[2 * k]!, 9);
      expect(y).toBeCloseTo(to[2 * k + 1]!, 9);
    }
    // The centroid maps to the centroid (affine maps preserve barycentric coordinates).
    const [cx, cy] = applyAffine(m, (10 + 50 + 20) / 3, (10 + 12 + 70) / 3);
    expect(cx).toBeCloseTo((100 + 130 + 60) / 3, 9);
    expect(cy).toBeCloseTo((5 + 40 + 90) / 3, 9);
  });

  it('refuses a degenerate triangle', () => {
    expect(triangleAffine([0, 0, 1, 1, 2, 2], [0, 0, 1, 0, 0, 1])).toBeNull();
  });

  it('warps an image by a pure translation exactly', () => {
    const w = 64, h = 64;
    const data = new Uint8Array(w * h * 3);
    for (let i = 0; i < w * h; i++) { data[3 * i] = i % 251; data[3 * i + 1] = (i * 7) % 253; data[3 * i + 2] = (i * 13) % 255; }
    // Two triangles covering a square; destination is the source moved by (+5, +3).
    const src = new Float32Array([10, 10, 40, 10, 40, 40, 10, 40]);
    const dst = new Float32Array([15, 13, 45, 13, 45, 43, 15, 43]);
    const tris = new Uint16Array([0, 2, 1, 0, 3, 2]); // front-facing (negative area, y down)
    expect(signedArea2(dst[0]!, dst[1]!, dst[4]!, dst[5]!, dst[2]!, dst[3]!)).toBeLessThan(0);
    const roi = { x: 0, y: 0, w, h };
    const out = warpTriangles({ src: { data, width: w, height: h }, srcPts: src, dstPts: dst, triangles: tris, roi });
    const n = w * h;
    let covered = 0;
    for (let y = 13; y <= 43; y++) {
      for (let x = 15; x <= 45; x++) {
        const i = y * w + x;
        expect(out.cover[i]).toBe(1);
        covered++;
        const s = ((y - 3) * w + (x - 5)) * 3;
        expect(out.rgb[i]).toBeCloseTo(data[s]!, 3);
        expect(out.rgb[n + i]).toBeCloseTo(data[s + 1]!, 3);
        expect(out.rgb[2 * n + i]).toBeCloseTo(data[s + 2]!, 3);
      }
    }
    expect(covered).toBe(31 * 31);
    // Nothing outside the destination square is touched.
    expect(out.cover[12 * w + 15]).toBe(0);
    expect(out.cover[13 * w + 46]).toBe(0);
  });

  it('draws the nearer of two overlapping triangles, whichever is listed first', () => {
    // A turned face folds its mesh: the nose's side and the far cheek both face the camera and
    // overlap. Two triangles over one square, sampling a dark and a light half of the source.
    const w = 64, h = 64;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.fill(x < 32 ? 40 : 220, 3 * (y * w + x), 3 * (y * w + x) + 3);
    const srcPts = new Float32Array([2, 2, 28, 2, 2, 28, 36, 2, 62, 2, 36, 28]); // dark, then light
    const dstPts = new Float32Array([10, 10, 50, 10, 10, 50, 10, 10, 50, 10, 10, 50]); // both onto one place
    const triangles = new Uint16Array([0, 2, 1, 3, 5, 4]);
    const roi = { x: 0, y: 0, w, h };
    const at = (rgb: Float32Array) => rgb[20 * w + 20]!;
    // Without depth the first listed wins; with it, the nearer (smaller z), in either order.
    expect(at(warpTriangles({ src: { data, width: w, height: h }, srcPts, dstPts, triangles, roi }).rgb)).toBeCloseTo(40, 3);
    const lightNearer = new Float32Array([5, 5, 5, -5, -5, -5]);
    const light = warpTriangles({ src: { data, width: w, height: h }, srcPts, dstPts, triangles, roi, dstZ: lightNearer });
    expect(at(light.rgb)).toBeCloseTo(220, 3);
    // Each pixel knows the triangle it came from (the stretch fade reads it); none outside.
    expect(light.triangle[20 * w + 20]).toBe(1);
    expect(light.triangle[2 * w + 60]).toBe(-1);
    const darkNearer = new Float32Array([-5, -5, -5, 5, 5, 5]);
    expect(at(warpTriangles({ src: { data, width: w, height: h }, srcPts, dstPts, triangles, roi, dstZ: darkNearer }).rgb)).toBeCloseTo(40, 3);
  });

  it('applies a triangle\'s colour gains, interpolated from its corners and capped at 255', () => {
    const w = 64, h = 64;
    const data = new Uint8Array(w * h * 3).fill(100);
    const pts = new Float32Array([4, 4, 60, 4, 60, 60, 4, 60]);
    const triangles = new Uint16Array([0, 2, 1, 0, 3, 2]);
    const roi = { x: 0, y: 0, w, h };
    // The first triangle: red doubled at every corner, green from 1 at corner 0 to 3 at the others;
    // the second none (NaN).
    const srcGain = new Float32Array(18).fill(Number.NaN);
    srcGain.set([2, 1, 1, 2, 3, 1, 2, 3, 1]);
    const out = warpTriangles({ src: { data, width: w, height: h }, srcPts: pts, dstPts: pts, triangles, roi, srcGain });
    const n = w * h, at = (x: number, y: number) => y * w + x;
    expect(out.triangle[at(50, 10)]).toBe(0);
    expect(out.rgb[at(50, 10)]).toBeCloseTo(200, 3);
    expect(out.rgb[2 * n + at(50, 10)]).toBeCloseTo(100, 3);
    // Green: 100 × 3 far from corner 0 is capped; nearer it, in between.
    expect(out.rgb[n + at(59, 58)]).toBe(255);
    const nearCorner = out.rgb[n + at(8, 6)]!;
    expect(nearCorner).toBeGreaterThan(100);
    expect(nearCorner).toBeLessThan(200);
    expect(out.triangle[at(10, 50)]).toBe(1);
    expect([0, 1, 2].map((c) => out.rgb[c * n + at(10, 50)])).toEqual([100, 100, 100]);
  });

  it('a warp into reused buffers equals a fresh one, whatever the last warp left in them', () => {
    // The swap reuses its warp's arrays from one swap to the next (scratch.ts): a larger, fuller
    // warp before must leave nothing behind in the next one's colours, cover, triangles or depths.
    const w = 64, h = 64;
    const data = new Uint8Array(w * h * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 251;
    const src = { data, width: w, height: h };
    const triangles = new Uint16Array([0, 2, 1]);
    const big = { src, srcPts: new Float32Array([0, 0, 63, 0, 0, 63]), dstPts: new Float32Array([0, 0, 63, 0, 0, 63]), triangles, dstZ: new Float32Array([1, 1, 1]), roi: { x: 0, y: 0, w, h } };
    const small = { src, srcPts: new Float32Array([5, 5, 40, 8, 9, 45]), dstPts: new Float32Array([20, 20, 40, 20, 20, 40]), triangles, dstZ: new Float32Array([2, 2, 2]), roi: { x: 10, y: 10, w: 40, h: 36 } };
    const buffers = warpBuffers();
    warpTriangles({ ...big, buffers });
    const reused = warpTriangles({ ...small, buffers });
    const fresh = warpTriangles(small);
    expect(reused.rgb.length).toBe(fresh.rgb.length);
    expect(Array.from(reused.rgb)).toEqual(Array.from(fresh.rgb));
    expect(Array.from(reused.cover)).toEqual(Array.from(fresh.cover));
    expect(Array.from(reused.triangle)).toEqual(Array.from(fresh.triangle));
    expect(fresh.cover.some((c) => c === 0) && fresh.cover.some((c) => c === 1)).toBe(true);
  });
});

describe('mesh topology', () => {
  it('uses every mesh point and leaves only the face outline open once the mouth is filled', () => {
    const { triangles, mouthTriangles } = topology();
    expect(triangles.length / 3).toBe(880 + mouthTriangles);
    expect(new Set(triangles).size).toBe(MESH_POINTS);
    const base = edgeCounts(triangles.subarray(0, 880 * 3));
    const openBase = [...base].filter(([, c]) => c === 1).length;
    expect(openBase).toBe(36 + INNER_LIP_LOOP.length); // outline + inner-mouth hole
    const all = edgeCounts(triangles);
    expect([...all].filter(([, c]) => c === 1).length).toBe(36); // hole closed
    expect([...all].every(([, c]) => c <= 2)).toBe(true); // a manifold surface
  });

  it('all triangles share one winding in the canonical face, so hidden ones can be culled', () => {
    const { triangles, uv } = topology();
    for (let t = 0; t < triangles.length / 3; t++) {
      const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
      expect(signedArea2(uv[2 * a]!, uv[2 * a + 1]!, uv[2 * b]!, uv[2 * b + 1]!, uv[2 * c]!, uv[2 * c + 1]!)).toBeLessThan(0);
    }
  });

  it('rasterises the canonical face without gaps', () => {
    const pts = canonicalPoints();
    const { triangles, triClass } = topology();
    const w = 240, h = 240;
    const src = { data: new Uint8Array(w * h * 3).fill(100), width: w, height: h };
    const out = warpTriangles({ src, srcPts: pts, dstPts: pts, triangles, triClass, roi: { x: 0, y: 0, w, h } });
    // Inside the face outline every pixel is covered by some triangle.
    const outline = new Uint8Array(w * h);
    const poly = new Float32Array(FACE_OVAL_LOOP.flatMap((i) => [pts[2 * i]!, pts[2 * i + 1]!]));
    fillPolygon(outline, w, h, 0, 0, poly, 1);
    let inside = 0, holes = 0;
    for (let i = 0; i < w * h; i++) if (outline[i]) { inside++; if (!out.cover[i]) holes++; }
    expect(inside).toBeGreaterThan(20000);
    expect(holes / inside).toBeLessThan(0.002);
    // The mouth fill is classed separately; above the inner face's forehead row lies the upper
    // forehead, swapped only where it is bare skin (forehead.ts).
    expect(triClass.includes(TRI_MOUTH)).toBe(true);
    expect(triClass.includes(TRI_FOREHEAD)).toBe(true);
  });

  it('pairs every point with its mirror image', () => {
    const { mirror, uv } = topology();
    let selfPaired = 0;
    for (let i = 0; i < MESH_POINTS; i++) {
      const j = mirror[i]!;
      expect(mirror[j]).toBe(i);
      expect(Math.abs(uv[2 * j]! - (1 - uv[2 * i]!))).toBeLessThan(0.01);
      expect(Math.abs(uv[2 * j + 1]! - uv[2 * i + 1]!)).toBeLessThan(0.01);
      if (i === j) selfPaired++;
    }
    // Points on the symmetry line (nose bridge, lips' middle, chin) pair with themselves.
    expect(selfPaired).toBeGreaterThan(5);
    expect(mirror[33]).toBe(263); // eye corners
  });
});

describe('mirror fill', () => {
  it('takes the hidden side from its mirror twin when the source is turned away', () => {
    const { uv, mirror, triangles } = topology();
    const dst = canonicalPoints();
    // Source turned: the face's left half (u > 0.5) squashed to 15% of its width toward the midline.
    const src = canonicalPoints();
    for (let i = 0; i < MESH_POINTS; i++) {
      const u = uv[2 * i]!;
      if (u > 0.5) src[2 * i] = 20 + 100 + (u - 0.5) * 200 * 0.15;
    }
    const res = mirrorOverrides(src, dst, uv, mirror, triangles, 40)!;
    expect(res).not.toBeNull();
    let leftMirrored = 0, rightMirrored = 0, left = 0;
    for (let t = 0; t < triangles.length / 3; t++) {
      const cu = (uv[2 * triangles[3 * t]!]! + uv[2 * triangles[3 * t + 1]!]! + uv[2 * triangles[3 * t + 2]!]!) / 3;
      const m = !Number.isNaN(res.override[6 * t]!);
      if (cu > 0.55) { left++; if (m) leftMirrored++; }
      if (cu < 0.45 && m) rightMirrored++;
    }
    expect(leftMirrored / left).toBeGreaterThan(0.9);
    expect(rightMirrored).toBe(0);
    // A mirrored triangle samples the twin's points on the visible side.
    const t = [...Array(triangles.length / 3).keys()].find((k) => !Number.isNaN(res.override[6 * k]!))!;
    const twinA = mirror[triangles[3 * t]!]!;
    expect(res.override[6 * t]).toBe(src[2 * twinA]);
    // Small yaw differences never mirror.
    expect(mirrorOverrides(src, dst, uv, mirror, triangles, 5)).toBeNull();
  });

  it('takes no twin that the source shows hardly better than the triangle itself', () => {
    // A frontal source on a turned target: its outer cheek bands are both slivers, one a little wider.
    const { uv, mirror, triangles } = topology();
    const dst = canonicalPoints();
    const squash = (other: number) => {
      const src = canonicalPoints();
      for (let i = 0; i < MESH_POINTS; i++) {
        const u = uv[2 * i]!;
        if (u > 0.8) src[2 * i] = 20 + 160 + (u - 0.8) * 200 * 0.05;
        if (u < 0.2) src[2 * i] = 20 + 40 - (0.2 - u) * 200 * other;
      }
      return src;
    };
    const mirroredOuter = (res: ReturnType<typeof mirrorOverrides>) => {
      let count = 0;
      for (let t = 0; t < triangles.length / 3; t++) {
        const us = [0, 1, 2].map((k) => uv[2 * triangles[3 * t + k]!]!);
        if (Math.min(...us) > 0.8 && res && !Number.isNaN(res.override[6 * t]!)) count++;
      }
      return count;
    };
    // The twin band at 20% of its width would be stretched 5× itself: the band keeps its own texture.
    expect(mirroredOuter(mirrorOverrides(squash(0.2), dst, uv, mirror, triangles, 40))).toBe(0);
    // At 80% it fills the band.
    expect(mirroredOuter(mirrorOverrides(squash(0.8), dst, uv, mirror, triangles, 40))).toBeGreaterThan(5);
  });

  it('leaves to the target what would be stretched from a sliver of the source', () => {
    const { uv, mirror, triangles } = topology();
    const frontal = canonicalPoints();
    // Same shape at another scale and place: nothing is stretched.
    expect(overStretched(canonicalPoints(80, 300, 10), frontal, triangles, null, 5).reduce((a, b) => a + b, 0)).toBe(0);
    // The outer quarter of one side squashed to 5% (seen edge-on) and drawn full width on a frontal target.
    const turned = canonicalPoints();
    for (let i = 0; i < MESH_POINTS; i++) {
      const u = uv[2 * i]!;
      if (u > 0.75) turned[2 * i] = 20 + 150 + (u - 0.75) * 200 * 0.05;
    }
    const flagged = overStretched(turned, frontal, triangles, null, 5);
    let outer = 0, outerFlagged = 0, otherFlagged = 0;
    for (let t = 0; t < triangles.length / 3; t++) {
      const us = [0, 1, 2].map((k) => uv[2 * triangles[3 * t + k]!]!);
      if (Math.min(...us) >= 0.75) { outer++; if (flagged[t]) outerFlagged++; } else if (Math.max(...us) <= 0.7 && flagged[t]) otherFlagged++;
    }
    expect(outerFlagged / outer).toBeGreaterThan(0.9);
    expect(otherFlagged).toBe(0);
    // Sampling the mirrored twins instead (fully visible) is not a stretch.
    const res = mirrorOverrides(turned, frontal, uv, mirror, triangles, 60, { sourceYaw: 60 })!;
    const cleared = overStretched(turned, frontal, triangles, res.override, 5);
    let still = 0;
    for (let t = 0; t < triangles.length / 3; t++) if (flagged[t] && cleared[t] && !Number.isNaN(res.override[6 * t]!)) still++;
    expect(still).toBe(0);
  });

  it('measures a band drawn wider, not taller, by its linear stretch, which its area understates', () => {
    const { uv, mirror, triangles } = topology();
    const frontal = canonicalPoints();
    const finite = (a: Float32Array) => Array.from(a).filter((v) => v > 0 && Number.isFinite(v));
    // Same shape at another scale and place, or mirrored: no stretch.
    for (const v of finite(linearStretch(canonicalPoints(80, 300, 10), frontal, triangles, null))) expect(v).toBeCloseTo(1, 3);
    // The outer quarter of one side squashed to 25% across (a cheek band seen edge-on) and drawn on a
    // frontal target 4× wider and 0.8× as tall, as a frontal source's on the turned 009 (median over
    // its band: 4.0× its longest way, 3.1× in area).
    const turned = canonicalPoints();
    for (let i = 0; i < MESH_POINTS; i++) {
      const u = uv[2 * i]!;
      if (u > 0.75) { turned[2 * i] = 20 + 150 + (u - 0.75) * 200 * 0.25; turned[2 * i + 1] = 20 + 1.25 * (turned[2 * i + 1]! - 20); }
    }
    const linear = linearStretch(turned, frontal, triangles, null), area = stretchRatios(turned, frontal, triangles, null);
    const band: number[] = [], rest: number[] = [];
    for (let t = 0; t < triangles.length / 3; t++) {
      const us = [0, 1, 2].map((k) => uv[2 * triangles[3 * t + k]!]!);
      if (Math.min(...us) >= 0.75) band.push(t); else if (Math.max(...us) <= 0.7) rest.push(t);
    }
    expect(band.length).toBeGreaterThan(10);
    for (const t of band) {
      // Its longest direction is stretched about 4× (over the faces' overall scale): its area about
      // 3×, under the 4× at which the fade by area started.
      expect(linear[t]).toBeGreaterThan(3.4);
      expect(linear[t]).toBeLessThan(4.6);
      expect(area[t]).toBeLessThan(Math.min(4, 0.95 * linear[t]!));
    }
    for (const t of rest) if (linear[t]! > 0) expect(linear[t]).toBeLessThan(1.3);
    // Sampling the mirrored twins instead (fully visible) is not a stretch.
    const res = mirrorOverrides(turned, frontal, uv, mirror, triangles, 60, { sourceYaw: 60 })!;
    const twinned = linearStretch(turned, frontal, triangles, res.override);
    for (const t of band) if (!Number.isNaN(res.override[6 * t]!)) expect(twinned[t]).toBeLessThan(1.5);
    expect(band.filter((t) => !Number.isNaN(res.override[6 * t]!)).length).toBeGreaterThan(5);
  });

  it('leaves to the target a band the source mesh folds over at its outline', () => {
    // The outer fifth of one side folded back over the face, as a mesh run past the silhouette onto
    // the background (012's cheek over the wall): those triangles show nothing of the source's face.
    const { uv, triangles, triClass, neighbours } = topology();
    const frontal = canonicalPoints(), folded = canonicalPoints();
    const x80 = 20 + 0.8 * 200;
    for (let i = 0; i < MESH_POINTS; i++) if (uv[2 * i]! > 0.8) folded[2 * i] = x80 - (folded[2 * i]! - x80);
    const kept = dropIslands(overStretched(folded, frontal, triangles, null, 20), neighbours, triClass);
    let band = 0, bandKept = 0, otherKept = 0;
    for (let t = 0; t < triangles.length / 3; t++) {
      const us = [0, 1, 2].map((k) => uv[2 * triangles[3 * t + k]!]!);
      if (Math.min(...us) > 0.8) { band++; if (kept[t]) bandKept++; } else if (Math.max(...us) < 0.75 && kept[t]) otherKept++;
    }
    expect(band).toBeGreaterThan(5);
    expect(bandKept).toBe(band);
    expect(otherKept).toBe(0);
  });

  it('stretches an island inside the face rather than leave it to the target, but not a sliver at the outline', () => {
    // A frontal source on a turned target: a nose wing is stretched past the limit, as is the cheek
    // by the ear. Left to the target, the wing showed as a hard-edged spot of the old skin.
    const { uv, triangles, triClass, neighbours } = topology();
    const near = (t: number, p: number, r: number) => [0, 1, 2].every((k) => Math.hypot(uv[2 * triangles[3 * t + k]!]! - uv[2 * p]!, uv[2 * triangles[3 * t + k]! + 1]! - uv[2 * p + 1]!) < r);
    const count = triangles.length / 3;
    const wing = new Uint8Array(count), edge = new Uint8Array(count);
    for (let t = 0; t < count; t++) {
      if (triClass[t] === TRI_OUTER) continue;
      if (near(t, 129, 0.04)) wing[t] = 1; // left nose wing
      if ([0, 1, 2].every((k) => uv[2 * triangles[3 * t + k]!]! < 0.2)) edge[t] = 1; // a cheek's outer band, up to the outline
    }
    const flagged = wing.map((v, t) => v | edge[t]!);
    const sum = (a: Uint8Array) => a.reduce((x, y) => x + y, 0);
    expect(sum(wing)).toBeGreaterThan(3);
    expect(sum(edge)).toBeGreaterThan(10);
    const kept = dropIslands(flagged, neighbours, triClass);
    expect(sum(kept.map((v, t) => v & wing[t]!))).toBe(0);
    expect(sum(kept.map((v, t) => v & edge[t]!))).toBe(sum(edge));
  });
});

describe('raster helpers', () => {
  it('a sparse upsampling into a reused plane equals a fresh one (no span of the last plane left)', () => {
    const into = new Scratch(Float32Array);
    upsampleSparse(new Float32Array(8 * 8).fill(1), 8, 8, 4, 32, 32, into);
    const grid = new Float32Array(6 * 5);
    grid[2 * 6 + 3] = 1;
    const reused = upsampleSparse(grid, 6, 5, 4, 24, 20, into);
    const fresh = upsampleSparse(grid, 6, 5, 4, 24, 20);
    expect(reused.length).toBe(24 * 20);
    expect(Array.from(reused)).toEqual(Array.from(fresh));
    expect(fresh[0]).toBe(0);
  });

  it('blur keeps the mean of a plane', () => {
    const w = 50, h = 40;
    const p = new Float32Array(w * h);
    for (let i = 0; i < p.length; i++) p[i] = (i * 37) % 100;
    const mean = p.reduce((a, b) => a + b, 0) / p.length;
    gaussianBlur(p, w, h, 3);
    const after = p.reduce((a, b) => a + b, 0) / p.length;
    expect(Math.abs(after - mean)).toBeLessThan(2);
  });

  it('pyramid blend returns the target where alpha is 0 and the source where it is 1', () => {
    const w = 64, h = 48, n = w * h;
    const a = new Float32Array(3 * n), b = new Float32Array(3 * n), zero = new Float32Array(n), one = new Float32Array(n).fill(1);
    for (let i = 0; i < 3 * n; i++) { a[i] = (i * 31) % 255; b[i] = (i * 17) % 255; }
    const r0 = pyramidBlend(a, b, zero, w, h, 4);
    const r1 = pyramidBlend(a, b, one, w, h, 4);
    for (let i = 0; i < 3 * n; i++) {
      expect(r0[i]).toBeCloseTo(b[i]!, 3);
      expect(r1[i]).toBeCloseTo(a[i]!, 2);
    }
  });
});

describe('flood8', () => {
  it('reaches diagonal neighbours, stops where enter refuses, and enters nothing twice', () => {
    // 5 × 4 grid: 1 is open. A diagonal chain from the corner, and an island it must not reach.
    const open = Uint8Array.from([
      1, 0, 0, 0, 1,
      0, 1, 0, 0, 0,
      0, 0, 1, 0, 0,
      0, 0, 0, 0, 1,
    ]);
    const seen = new Uint8Array(open.length);
    let entered = 0;
    seen[0] = 1;
    flood8([0], 5, 4, (j) => {
      if (seen[j] || !open[j]) return false;
      seen[j] = 1; entered++;
      return true;
    });
    expect(Array.from(seen)).toEqual([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(entered).toBe(2);
  });
});
