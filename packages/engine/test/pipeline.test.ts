import { describe, expect, it } from 'vitest';
import { INNER_LIP_LOWER, MESH_POINTS, TRI_SKIN, TRI_SKIN_UPPER, topology } from '../src/mesh/topology.ts';
import { mirrorFarHalf } from '../src/mesh/mirror.ts';
import { fitSimilarity, JAW, MAX_ASYMMETRY, reshapeContour, symmetricOffsets } from '../src/stages/geometry/contour.ts';
import { occlusionMask } from '../src/stages/mask/occlusion.ts';
import { featureWeight, lipWeight } from '../src/stages/mask/mask.ts';
import { estimateGains, FOREHEAD_SIGMA, FOREHEAD_TOLERANCE, liftForehead, lumaGains, splitSkin, TONE_LOCAL_RANGE, TONE_SIGMA, toneField } from '../src/stages/light/relight.ts';
import { canonicalFace } from './mesh.ts';

const canonicalPoints = (scale = 200, ox = 60, oy = 60) => canonicalFace(scale, ox, oy);

describe('outline reshaping (step 7)', () => {
  it('fits the similarity between two point sets', () => {
    const a = canonicalPoints();
    const b = new Float32Array(a.length);
    const ang = 0.2, s = 1.3;
    for (let i = 0; i < MESH_POINTS; i++) {
      const x = a[2 * i]!, y = a[2 * i + 1]!;
      b[2 * i] = s * (Math.cos(ang) * x - Math.sin(ang) * y) + 12;
      b[2 * i + 1] = s * (Math.sin(ang) * x + Math.cos(ang) * y) - 7;
    }
    const sim = fitSimilarity(a, b, [33, 263, 1, 61, 291]);
    expect(sim.a).toBeCloseTo(s * Math.cos(ang), 5);
    expect(sim.b).toBeCloseTo(s * Math.sin(ang), 5);
    expect(sim.tx).toBeCloseTo(12, 3);
    expect(sim.ty).toBeCloseTo(-7, 3);
  });

  it('moves the jaw toward a wider source face, only inside the region of interest', () => {
    const w = 320, h = 320;
    const data = new Uint8Array(w * h * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 256;
    const before = Uint8Array.from(data);
    const dst = canonicalPoints();
    const src = canonicalPoints();
    const cx = 60 + 100;
    for (const j of JAW) src[2 * j] = cx + (src[2 * j]! - cx) * 1.12; // a wider jaw
    const roi = { x: 40, y: 40, w: 240, h: 240 };
    const origDst = Float32Array.from(dst);
    const moved = reshapeContour({ data, width: w, height: h }, roi, dst, src, 200, { strength: 0.5 });
    expect(moved).toBeGreaterThan(1);
    expect(moved).toBeLessThanOrEqual(0.06 * 200 + 1e-6);
    // Jaw points moved outward, away from the face's vertical axis.
    let outward = 0;
    for (const j of JAW) if (Math.abs(dst[2 * j]! - cx) > Math.abs(origDst[2 * j]! - cx) + 0.2) outward++;
    expect(outward).toBeGreaterThan(JAW.length * 0.6);
    // Nothing outside the ROI changed; something inside did.
    let outside = 0, inside = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 3;
      const changed = data[p] !== before[p] || data[p + 1] !== before[p + 1] || data[p + 2] !== before[p + 2];
      const inRoi = x >= roi.x && x < roi.x + roi.w && y >= roi.y && y < roi.y + roi.h;
      if (changed && !inRoi) outside++;
      if (changed && inRoi) inside++;
    }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(100);
    // A source with the same shape leaves the image alone.
    const same = canonicalPoints();
    expect(reshapeContour({ data, width: w, height: h }, roi, canonicalPoints(), same, 200, { strength: 0.5 })).toBe(0);
  });
});

describe('outline reshaping: what it leaves alone', () => {
  const wider = (k: number) => {
    const src = canonicalPoints(), cx = 60 + 100;
    for (const j of JAW) src[2 * j] = cx + (src[2 * j]! - cx) * k;
    return src;
  };
  const image = () => { const data = new Uint8Array(320 * 320 * 3); for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 256; return { data, width: 320, height: 320 }; };
  const roi = { x: 40, y: 40, w: 240, h: 240 };

  it('moves the chin and the ear-level sides hardly at all, and their neighbours little', () => {
    const dst = canonicalPoints(), orig = Float32Array.from(dst);
    reshapeContour(image(), roi, dst, wider(1.12), 200, { strength: 0.5 });
    const moved = (i: number) => Math.hypot(dst[2 * i]! - orig[2 * i]!, dst[2 * i + 1]! - orig[2 * i + 1]!);
    const most = Math.max(...JAW.map(moved));
    // Their own offsets are 0; the smooth field around the moving points carries them a little.
    for (const i of [152, 234, 454]) expect(moved(i)).toBeLessThan(0.1 * most);
    // Next to the chin, a point follows a fraction of the jaw angle's move (pinned outright, it
    // stood still beside a point moving fully: a corner).
    for (const i of [148, 377]) expect(moved(i)).toBeLessThan(0.35 * most);
    // The jaw angle moves most: the weight peaks there.
    expect(moved(136)).toBeGreaterThan(0.8 * most);
  });

  it('takes only the offset both sides agree on, and none when one side alone is pushed out', () => {
    // One side of the jaw 6% of the face further out (a hand on the cheek): the sides disagree.
    const src = canonicalPoints(), cx = 60 + 100;
    for (const j of JAW) if (src[2 * j]! < cx) src[2 * j] = src[2 * j]! - 0.12 * 200 * (1 - Math.abs(JAW.indexOf(j) - 5) / 10);
    expect(symmetricOffsets(canonicalPoints(), src, 200)).toBeNull();
    const dst = canonicalPoints();
    expect(reshapeContour(image(), roi, dst, src, 200, { strength: 0.5 })).toBe(0);
    // A symmetric widening: mirrored offsets, and within the bar.
    const off = symmetricOffsets(canonicalPoints(), wider(1.1), 200)!;
    const m = JAW.length;
    for (let j = 0; j < m; j++) {
      expect(off[2 * j]!).toBeCloseTo(-off[2 * (m - 1 - j)]!, 2);
      expect(off[2 * j + 1]!).toBeCloseTo(off[2 * (m - 1 - j) + 1]!, 2);
    }
    expect(MAX_ASYMMETRY).toBeLessThan(0.055);
  });
});

describe('mirror fill of a strongly turned source', () => {
  it('takes the whole far half from the near half', () => {
    const { uv, mirror, triangles } = topology();
    const src = canonicalPoints();
    for (let i = 0; i < MESH_POINTS; i++) if (uv[2 * i]! > 0.5) src[2 * i] = 60 + 100 + (uv[2 * i]! - 0.5) * 200 * 0.3;
    const res = mirrorFarHalf(src, uv, mirror, triangles)!;
    let far = 0, farMirrored = 0, nearMirrored = 0;
    for (let t = 0; t < triangles.length / 3; t++) {
      const u = (uv[2 * triangles[3 * t]!]! + uv[2 * triangles[3 * t + 1]!]! + uv[2 * triangles[3 * t + 2]!]!) / 3;
      const m = !Number.isNaN(res.override[6 * t]!);
      if (u > 0.53) { far++; if (m) farMirrored++; }
      if (u < 0.47 && m) nearMirrored++;
    }
    expect(farMirrored / far).toBeGreaterThan(0.95);
    expect(nearMirrored).toBe(0);
  });
});

describe('occlusion', () => {
  it('flags a non-skin object over the lower face, not a spot wholly inside it, and nothing on clean skin', () => {
    const w = 200, h = 200, n = w * h;
    const img = new Uint8Array(n * 3);
    const warped = new Float32Array(n * 3);
    const cover = new Uint8Array(n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // The face, with the image beyond its outline on three sides.
      const inFace = x >= 10 && x < 190 && y < 195;
      cover[i] = !inFace ? 0 : y < 100 ? TRI_SKIN_UPPER : TRI_SKIN;
      // Skin with a little texture.
      const v = ((x * 13 + y * 7) % 9) - 4;
      let r = 200 + v, g = 150 + v, b = 120 + v;
      if (y > 130 && y < 190 && x > 0 && x < 170) { r = 60; g = 90; b = 200; } // a blue scarf, from beyond the outline
      if (y > 100 && y < 116 && x > 90 && x < 110) { r = 30; g = 22; b = 18; } // a dark spot wholly inside the face
      img[3 * i] = r; img[3 * i + 1] = g; img[3 * i + 2] = b;
      warped[i] = 190 + v; warped[n + i] = 140 + v; warped[2 * n + i] = 110 + v;
    }
    const { weight: occ, sourceCovered } = occlusionMask(img, w, { x: 0, y: 0, w, h }, warped, cover, 180);
    expect(occ).not.toBeNull();
    if (!occ) return;
    // No lips given: no mouth is judged covered.
    expect(sourceCovered).toBe(false);
    expect(occ[160 * w + 100]).toBeGreaterThan(0.9);
    expect(occ[50 * w + 100]).toBe(0);
    expect(occ[115 * w + 180]).toBeLessThan(0.05);
    // What lies wholly inside the face is part of it (the dark core of a moustache), not a cover.
    expect(occ[108 * w + 100]).toBe(0);
    // Without any occluder there is nothing to keep.
    const clean = Uint8Array.from(img);
    for (let i = 0; i < n; i++) { clean[3 * i] = 200; clean[3 * i + 1] = 150; clean[3 * i + 2] = 120; }
    expect(occlusionMask(clean, w, { x: 0, y: 0, w, h }, warped, cover, 180).weight).toBeNull();
  });
});

describe('feature weight (eyes and lips relit apart from the skin)', () => {
  it('is 1 inside the eye openings and the lips, 0 on cheeks and brows, with a feathered edge', () => {
    const pts = canonicalPoints(200, 60, 60);
    const roi = { x: 40, y: 40, w: 240, h: 240 };
    const fw = featureWeight(pts, roi, 200);
    const at = (i: number) => fw[(Math.round(pts[2 * i + 1]!) - roi.y) * roi.w + Math.round(pts[2 * i]!) - roi.x]!;
    // Pupils (iris centres are not in the 468 mesh: the midpoint of the lids), lip centres.
    const mid = (a: number, b: number) => fw[(Math.round((pts[2 * a + 1]! + pts[2 * b + 1]!) / 2) - roi.y) * roi.w + Math.round((pts[2 * a]! + pts[2 * b]!) / 2) - roi.x]!;
    expect(mid(159, 145)).toBeGreaterThan(0.9);
    expect(mid(386, 374)).toBeGreaterThan(0.9);
    expect(mid(0, 17)).toBeGreaterThan(0.9);
    for (const skin of [105, 334, 50, 280, 4]) expect(at(skin)).toBeLessThan(0.05); // brows, cheeks, nose tip
    // No hard edge: neighbouring pixels never differ by more than a feathered ramp allows.
    let step = 0;
    for (let y = 0; y < roi.h; y++) for (let x = 1; x < roi.w; x++) step = Math.max(step, Math.abs(fw[y * roi.w + x]! - fw[y * roi.w + x - 1]!));
    expect(step).toBeLessThan(0.35);
  });
});

describe('lip weight (lips take the skin\'s tone, the teeth between them do not)', () => {
  it('is 1 on both lips, 0 in an open mouth\'s opening and on the cheeks, and never more than the feature weight', () => {
    const pts = canonicalPoints(200, 60, 60);
    // Open the mouth: the lower lip, inner and outer edges, 16 px down.
    const lower = new Set<number>([...INNER_LIP_LOWER.slice(1, -1), 146, 91, 181, 84, 17, 314, 405, 321, 375]);
    for (const i of lower) pts[2 * i + 1]! += 16;
    const roi = { x: 40, y: 40, w: 240, h: 240 };
    const lw = lipWeight(pts, roi, 200), fw = featureWeight(pts, roi, 200);
    const mid = (a: number, b: number) => lw[(Math.round((pts[2 * a + 1]! + pts[2 * b + 1]!) / 2) - roi.y) * roi.w + Math.round((pts[2 * a]! + pts[2 * b]!) / 2) - roi.x]!;
    expect(mid(0, 13)).toBeGreaterThan(0.8); // upper lip
    expect(mid(14, 17)).toBeGreaterThan(0.8); // lower lip
    expect(mid(13, 14)).toBeLessThan(0.1); // the opening
    expect(mid(159, 145)).toBe(0); // an eye
    expect(mid(50, 50)).toBe(0); // a cheek
    for (let i = 0; i < lw.length; i++) expect(lw[i]!).toBeLessThanOrEqual(fw[i]! + 1e-6);
  });
});

describe('relighting mirrored triangles apart', () => {
  it('brings a mirrored cheek lit otherwise to the target light, with no step where it meets the own side', () => {
    // The right half was sampled from the mirror twins: the lit cheek (160) beside the shaded one (80),
    // on a target evenly lit at 120.
    const w = 120, h = 120, n = w * h, face = 100;
    const warped = new Float32Array(3 * n), target = new Uint8Array(3 * n).fill(120);
    const skin = new Uint8Array(n).fill(1), fromTwin = new Uint8Array(n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = y * w + x, lit = x >= w / 2;
      if (lit) fromTwin[i] = 1;
      for (let c = 0; c < 3; c++) warped[c * n + i] = lit ? 160 : 80;
    }
    const roi = { x: 0, y: 0, w, h };
    const relit = (gains: Float32Array, field: { w: number; k: number }, x: number) => {
      const cell = ((h / 2 / field.k) | 0) * field.w + ((x / field.k) | 0);
      return (warped[(h / 2) * w + x]! + 1) * gains[cell]! - 1;
    };
    const one = estimateGains(warped, target, w, roi, skin, face);
    const oneGain = lumaGains(one);
    const stepOne = relit(oneGain, one, w / 2 + 2) - relit(oneGain, one, w / 2 - 3);
    expect(stepOne).toBeGreaterThan(40);
    const split = splitSkin(skin, fromTwin)!;
    const own = estimateGains(warped, target, w, roi, split.own, face), twin = estimateGains(warped, target, w, roi, split.twin, face);
    const left = relit(lumaGains(own), own, w / 2 - 3), right = relit(lumaGains(twin), twin, w / 2 + 2);
    expect(Math.abs(left - 120)).toBeLessThan(6);
    expect(Math.abs(right - 120)).toBeLessThan(6);
    // Hardly anything mirrored: one field.
    expect(splitSkin(skin, new Uint8Array(n))).toBeNull();
    expect(splitSkin(skin, null)).toBeNull();
  });
});

describe('the forehead\'s own light field', () => {
  // A source forehead far brighter than its cheeks (a highlight) on a target whose forehead is a
  // little darker than its cheeks: the top rows (a strip under a fringe) are the forehead.
  const w = 120, h = 120, n = w * h, face = 100, roi = { x: 0, y: 0, w, h }, strip = 24;
  const top = (y: number) => y < strip;
  const relitForehead = (sourceForehead: number) => {
    const warped = new Float32Array(3 * n), target = new Uint8Array(3 * n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = y * w + x;
      for (let c = 0; c < 3; c++) { warped[c * n + i] = top(y) ? sourceForehead : 100; target[3 * i + c] = top(y) ? 130 : 110; }
    }
    const skin = new Uint8Array(n).fill(1);
    const wide = estimateGains(warped, target, w, roi, skin, face);
    const gain = lumaGains(wide), before = Float32Array.from(gain);
    liftForehead(gain, lumaGains(estimateGains(warped, target, w, roi, skin, face, FOREHEAD_SIGMA)), wide, (_x, y) => (top(y) ? 1 : 0));
    const cell = ((strip / 2 / wide.k) | 0) * wide.w + ((w / 2 / wide.k) | 0);
    return { wide: (sourceForehead + 1) * before[cell]! - 1, lifted: (sourceForehead + 1) * gain[cell]! - 1, before, gain, k: wide.k, gw: wide.w };
  };

  it('brings a forehead lit unlike the cheeks to within the tolerance of the target\'s', () => {
    const r = relitForehead(220);
    // The wide field alone leaves a light band (over 1.2x the target's 130).
    expect(r.wide).toBeGreaterThan(1.2 * 130);
    expect(r.lifted).toBeLessThan(130 * FOREHEAD_TOLERANCE * 1.03);
    expect(r.lifted).toBeGreaterThan(130 / FOREHEAD_TOLERANCE);
    // Below the forehead nothing changes.
    for (let cy = 0; cy < r.gain.length / r.gw; cy++) if ((cy + 0.5) * r.k >= strip) for (let cx = 0; cx < r.gw; cx++) expect(r.gain[cy * r.gw + cx]).toBe(r.before[cy * r.gw + cx]);
  });

  it('leaves a forehead within the tolerance to the wide field', () => {
    const r = relitForehead(118);
    expect(Array.from(r.gain)).toEqual(Array.from(r.before));
  });
});

describe('the skin-tone field', () => {
  // A grey source on a target whose left half is warm (a lit cheek) and right half is neutral.
  const w = 120, h = 120, n = w * h, face = 100, roi = { x: 0, y: 0, w, h };
  const tones = (warmR: number, warmB: number) => {
    const warped = new Float32Array(3 * n).fill(120), target = new Uint8Array(3 * n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) target.set(x < w / 2 ? [warmR, 120, warmB] : [120, 120, 120], 3 * (y * w + x));
    const skin = new Uint8Array(n).fill(1);
    const field = estimateGains(warped, target, w, roi, skin, face);
    const fgn = field.w * field.h;
    const global = field.global.map((v) => v / (0.299 * field.global[0] + 0.587 * field.global[1] + 0.114 * field.global[2]));
    const fine = estimateGains(warped, target, w, roi, skin, face, TONE_SIGMA);
    const cell = (x: number) => ((h / 2 / field.k) | 0) * field.w + ((x / field.k) | 0);
    return { tone: toneField(fine, global, 0.6, 1.6, false), fgn, cell, global };
  };

  it('gives each side the target\'s own colour there, not the face\'s mean', () => {
    const { tone, fgn, cell, global } = tones(160, 90);
    const left = cell(10), right = cell(w - 10);
    // Red over blue: the whole face's shift sits between the two halves'.
    const rb = (k: number) => tone[k]! / tone[2 * fgn + k]!;
    expect(rb(left)).toBeGreaterThan(1.25 * (global[0]! / global[2]!));
    expect(rb(right)).toBeLessThan(global[0]! / global[2]!);
    expect(Math.abs(rb(right) - 1)).toBeLessThan(0.15);
  });

  it('keeps each cell within its range of the whole face\'s shift, and a black-and-white target neutral', () => {
    const { tone, fgn, global } = tones(250, 20);
    for (let c = 0; c < 3; c++) for (let k = 0; k < fgn; k++) {
      expect(tone[c * fgn + k]!).toBeLessThanOrEqual(Math.min(1.6, global[c]! * TONE_LOCAL_RANGE) + 1e-6);
      expect(tone[c * fgn + k]!).toBeGreaterThanOrEqual(Math.max(0.6, global[c]! / TONE_LOCAL_RANGE) - 1e-6);
    }
    const fine = estimateGains(new Float32Array(3 * n).fill(120), new Uint8Array(3 * n).fill(90), w, roi, new Uint8Array(n).fill(1), face, TONE_SIGMA);
    expect(Array.from(toneField(fine, [1.2, 1, 0.8], 0.6, 1.6, true)).every((v) => v === 1)).toBe(true);
  });
});
