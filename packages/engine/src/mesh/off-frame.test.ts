import { describe, expect, it } from 'vitest';
import { MIN_CUT_TRIANGLES, offFrame } from './off-frame.ts';
import { TRI_MOUTH, TRI_OUTER, topology } from './topology.ts';
import { canonicalFace } from '../../test/mesh.ts';

// A 200 px frontal face (the canonical mesh) at (20, 20) in a 240 × 240 photo: u and v run 20..220.
const topo = topology();
const { triangles, uv, triClass } = topo;
const pts = canonicalFace(200, 20, 20);
const count = triangles.length / 3;
const centreU = (t: number) => (uv[2 * triangles[3 * t]!]! + uv[2 * triangles[3 * t + 1]!]! + uv[2 * triangles[3 * t + 2]!]!) / 3;
/** Whether triangle t reaches past a w × h photo's right or bottom edge (by more than the pixel bilinear sampling reads). */
const anyOff = (t: number, w: number, h: number) => [0, 1, 2].some((v) => {
  const p = triangles[3 * t + v]!;
  return pts[2 * p]! > w || pts[2 * p + 1]! > h;
});
const sum = (a: Uint8Array) => a.reduce((s, v) => s + v, 0);

describe('offFrame', () => {
  it('changes nothing for a face wholly in its photo', () => {
    const r = offFrame(pts, topo, 240, 240, null);
    expect(r.override).toBeNull();
    expect(sum(r.unseen) + sum(r.twinned)).toBe(0);
  });

  it('takes the whole half an edge cuts into from the other half, mirrored', () => {
    // The photo ends at u = 0.8: the face's left half (u > 0.5) is cut.
    const w = 20 + 0.8 * 200;
    const r = offFrame(pts, topo, w, 240, null);
    let left = 0, leftTwinned = 0;
    for (let t = 0; t < count; t++) {
      const u = centreU(t);
      if (u < 0.495) expect(r.twinned[t], `right half ${t}`).toBe(0);
      if (u > 0.505) { left++; if (r.twinned[t]) leftTwinned++; }
      // What is off the photo is either mirrored or left to the target, never sampled there.
      if (anyOff(t, w, 240)) expect(r.twinned[t]! + r.unseen[t]!, `off ${t}`).toBe(1);
      if (r.twinned[t]) {
        // The twin's points, from the half the photo shows.
        const twin = [0, 1, 2].map((v) => topo.mirror[triangles[3 * t + v]!]!);
        twin.forEach((p, v) => expect(r.override![6 * t + 2 * v]).toBe(pts[2 * p]));
      }
    }
    // The whole half, not only what is off: the own and the mirrored skin would meet in a patchwork.
    expect(leftTwinned).toBe(left);
    expect(sum(r.unseen)).toBe(0);
  });

  it('leaves what neither half shows to the target, and mirrors nothing when the edge cuts both halves alike', () => {
    // The photo ends at v = 0.62, between the nose (0.55) and the mouth (0.69): the mouth and chin are off it.
    const h = 20 + 0.62 * 200;
    const r = offFrame(pts, topo, 240, h, null);
    expect(sum(r.twinned)).toBe(0);
    let mouth = 0;
    for (let t = 0; t < count; t++) {
      expect(r.unseen[t], String(t)).toBe(anyOff(t, 240, h) ? 1 : 0);
      if (r.unseen[t] && triClass[t] === TRI_MOUTH) mouth++;
    }
    expect(mouth).toBeGreaterThan(0);
  });

  it('does not mirror a half for a sliver of its outline at the edge', () => {
    // The narrowest photo that cuts the left cheek's outline but fewer than MIN_CUT_TRIANGLES of its inner face.
    const cutBy = (w: number) => {
      let inner = 0, all = 0;
      for (let t = 0; t < count; t++) if (anyOff(t, w, 240)) { all++; if (triClass[t] !== TRI_OUTER) inner++; }
      return { inner, all };
    };
    let w = 240;
    while (cutBy(w - 1).inner < MIN_CUT_TRIANGLES) w--;
    expect(cutBy(w).all).toBeGreaterThan(0);
    const r = offFrame(pts, topo, w, 240, null);
    expect(sum(r.twinned)).toBe(0);
    expect(sum(r.unseen)).toBe(cutBy(w).all);
  });

  it('keeps the mirror fill already chosen and does not change it in place', () => {
    const override = new Float32Array(6 * count).fill(Number.NaN);
    // A triangle of the right half already sampled from its twin on the left, which the edge cuts.
    const t = [...Array(count).keys()].find((k) => centreU(k) < 0.3 && triClass[k] !== TRI_OUTER)!;
    const twin = [0, 1, 2].map((v) => topo.mirror[triangles[3 * t + v]!]!);
    twin.forEach((p, v) => { override[6 * t + 2 * v] = pts[2 * p]!; override[6 * t + 2 * v + 1] = pts[2 * p + 1]!; });
    const before = Float32Array.from(override);
    const r = offFrame(pts, topo, 20 + 0.5 * 200, 240, override);
    expect(override).toEqual(before);
    // Its twin is off the photo and it was mirrored before: it is left to the target.
    expect(r.unseen[t]).toBe(1);
    expect(r.twinned[t]).toBe(0);
  });
});
