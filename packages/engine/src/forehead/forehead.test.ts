// The forehead gate: swapped from the brows up only where both faces show bare skin.
import { describe, expect, it } from 'vitest';
import { FOREHEAD_ZONE_LOOP, loopUv, TRI_FOREHEAD, TRI_SKIN_UPPER, topology } from '../mesh/topology.ts';
import { warpTriangles } from '../raster/warp.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { applyGate, bareSkin, gateForehead, type View } from './forehead.ts';
import { buildMasks } from '../stages/mask/mask.ts';
import { canonicalFace } from '../../test/mesh.ts';

const W = 320, H = 320, SIZE = 200;
const pts = canonicalFace(SIZE, 60, 60);
const roi = { x: 0, y: 0, w: W, h: H };
const SKIN = [200, 150, 120] as const;

/** Deterministic pixel noise, so the "skin" has a little texture like a photo. */
const noise = (i: number) => (((i * 2654435761) >>> 24) % 9) - 4;

function scene(paint: (x: number, y: number) => readonly number[] | null) {
  const { triangles, triClass } = topology();
  const n = W * H;
  const target = new Uint8Array(3 * n);
  const warped = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) { target[3 * i + c] = SKIN[c]! + noise(i + c); warped[c * n + i] = SKIN[c]! + noise(7 * i + c); }
  const src = { data: new Uint8Array(target), width: W, height: H };
  const cover = warpTriangles({ src, srcPts: pts, dstPts: pts, triangles, triClass, roi }).cover;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const rgb = paint(x, y);
    if (rgb) for (let c = 0; c < 3; c++) warped[c * n + y * W + x] = rgb[c]! + noise(y * W + x + c);
  }
  const zone = new Uint8Array(n);
  fillPolygon(zone, W, H, 0, 0, loopUv(pts, FOREHEAD_ZONE_LOOP));
  for (let i = 0; i < n; i++) if (cover[i] === TRI_FOREHEAD) zone[i] = 1; else if (cover[i] !== TRI_SKIN_UPPER) zone[i] = 0;
  return { target, warped, cover, zone };
}

const top = pts[2 * 10 + 1]!, brows = pts[2 * 105 + 1]!;

describe('forehead gate', () => {
  it('swaps a bare forehead up to the top of the mesh', () => {
    const s = scene(() => null);
    const zoneCount = s.zone.reduce((a, v) => a + v, 0);
    const kept = gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]).swapped;
    expect(kept / zoneCount).toBeGreaterThan(0.9);
    for (let i = 0; i < W * H; i++) expect(s.cover[i]).not.toBe(TRI_FOREHEAD);
  });

  it('leaves a fringe in the source, and everything above it, to the target', () => {
    // A blonde fringe over the top 60% of the forehead: as bright as skin, but yellower and streaked.
    const edge = top + 0.6 * (brows - top);
    const s = scene((x, y) => (y < edge ? [190 + (x % 4 < 2 ? 20 : -20), 165 + (x % 4 < 2 ? 18 : -18), 110] : null));
    gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]);
    let fringeSwapped = 0, fringe = 0, skinSwapped = 0, skin = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!s.zone[i]) continue;
      if (y < edge - 4) { fringe++; if (s.cover[i] === TRI_SKIN_UPPER) fringeSwapped++; }
      if (y > edge + 8) { skin++; if (s.cover[i] === TRI_SKIN_UPPER) skinSwapped++; }
    }
    expect(fringeSwapped).toBe(0);
    expect(skinSwapped / skin).toBeGreaterThan(0.8);
    expect(fringe).toBeGreaterThan(1000);
  });

  it('leaves a gap in a fringe narrower than three cells to the target, and swaps a wide one', () => {
    // Bare skin shows through the fringe in two vertical gaps: one of 2 cells (8 px; a cell is a 48th
    // of the face), one of 40 px. Pasted, the narrow one was a block of the other skin among the hair.
    const edge = top + 0.8 * (brows - top);
    const cx = pts[2 * 10]!;
    const narrow = (x: number) => x >= cx - 24 && x < cx - 16;
    const wide = (x: number) => x >= cx + 8 && x < cx + 48;
    const s = scene((x, y) => (y < edge && !narrow(x) && !wide(x) ? [190 + (x % 4 < 2 ? 20 : -20), 165 + (x % 4 < 2 ? 18 : -18), 110] : null));
    gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]);
    let narrowSwapped = 0, narrowCount = 0, wideSwapped = 0, wideCount = 0;
    for (let y = Math.ceil(top + 2); y < edge - 4; y++) for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!s.zone[i]) continue;
      if (narrow(x)) { narrowCount++; if (s.cover[i] === TRI_SKIN_UPPER) narrowSwapped++; }
      if (wide(x) && x >= cx + 12 && x < cx + 44) { wideCount++; if (s.cover[i] === TRI_SKIN_UPPER) wideSwapped++; }
    }
    expect(narrowCount).toBeGreaterThan(60);
    expect(narrowSwapped).toBe(0);
    expect(wideSwapped / wideCount).toBeGreaterThan(0.8);
  });

  it('leaves a fringe that reaches down to the brows to the target, but for a band just above the brows', () => {
    // The band is swapped whatever it holds: left to the target, it showed the target's own brows
    // above the source's wherever they sat higher.
    const s = scene((x, y) => (y < brows + 6 ? [190 + (x % 4 < 2 ? 20 : -20), 165 + (x % 4 < 2 ? 18 : -18), 110] : null));
    const zoneCount = s.zone.reduce((a, v) => a + v, 0);
    gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]);
    let swapped = 0, high = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!s.zone[i] || s.cover[i] !== TRI_SKIN_UPPER) continue;
      swapped++;
      if (y < brows - 0.06 * SIZE) high++;
    }
    expect(swapped / zoneCount).toBeLessThan(0.35);
    expect(high).toBe(0);
  });

  it('keeps the target\'s own hairline and a dark fringe', () => {
    const edge = top + 0.35 * (brows - top);
    const s = scene(() => null);
    for (let y = 0; y < edge; y++) for (let x = 0; x < W; x++) { const p = 3 * (y * W + x); s.target[p] = 60; s.target[p + 1] = 45; s.target[p + 2] = 35; }
    const hair = gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]).targetHair ?? new Uint8Array(W * H);
    for (let y = 0; y < edge - 4; y++) for (let x = 0; x < W; x++) if (s.zone[y * W + x]) expect(s.cover[y * W + x]).toBe(TRI_FOREHEAD);
    // What the target's hair keeps is marked as such (the mask draws its edge narrow), and only that.
    let marked = 0, left = 0;
    for (let i = 0; i < W * H; i++) { if (s.zone[i] && s.cover[i] === TRI_FOREHEAD) left++; if (hair[i]) { marked++; expect(s.cover[i]).toBe(TRI_FOREHEAD); } }
    expect(marked / left).toBeGreaterThan(0.9);
  });

  it('marks no target hair where only the source shows a fringe', () => {
    const edge = top + 0.6 * (brows - top);
    const s = scene((x, y) => (y < edge ? [190 + (x % 4 < 2 ? 20 : -20), 165 + (x % 4 < 2 ? 18 : -18), 110] : null));
    const hair = gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [0, -1]).targetHair ?? new Uint8Array(W * H);
    expect(hair.reduce((a, v) => a + v, 0)).toBe(0);
  });

  it('follows the face\'s own up direction on a tilted head', () => {
    // The same fringe, the whole scene seen with a head tilted: judged along the head's axis, a
    // column through the bare skin below the fringe still reaches the brows.
    const edge = top + 0.6 * (brows - top);
    const s = scene((x, y) => (y < edge ? [190 + (x % 4 < 2 ? 20 : -20), 165 + (x % 4 < 2 ? 18 : -18), 110] : null));
    const a = 0.15;
    gateForehead(s.target, W, roi, s.warped, s.cover, SIZE, pts, [Math.sin(a), -Math.cos(a)]);
    let fringeSwapped = 0;
    for (let y = 0; y < edge - 4; y++) for (let x = 0; x < W; x++) if (s.zone[y * W + x] && s.cover[y * W + x] === TRI_SKIN_UPPER) fringeSwapped++;
    expect(fringeSwapped).toBe(0);
  });
});

describe('forehead gate, one column', () => {
  // A column of 013's forehead about as the gate reads it (cells from the brows up: mean colour, texture),
  // against its cheeks (brightness 111, chromaticity 0.411, 0.325; texture bound 17.5): a brow
  // reaching a cell past the brow band, then a broad highlight across the forehead.
  const BROW = [93, 80, 71], SKIN_013 = [[162, 134, 115], [188, 160, 142], [206, 181, 167], [215, 192, 182], [215, 192, 181], [210, 183, 166], [193, 162, 138], [183, 148, 122], [173, 137, 110], [168, 132, 105]];
  const column = (rgbs: number[][], maxStep = 1.2, maxRise = 1.5): View => {
    const n = rgbs.length;
    const zone = { lum: new Float32Array(n), r: new Float32Array(n), g: new Float32Array(n), tex: new Float32Array(n).fill(3) };
    rgbs.forEach(([r, g, b], i) => { const s = r! + g! + b! + 1; zone.lum[i] = 0.299 * r! + 0.587 * g! + 0.114 * b!; zone.r[i] = r! / s; zone.g[i] = g! / s; });
    zone.tex[0] = 17.2;
    // Chromaticity spread of about 0.02 either way.
    return { zone, m: { mr: 0.411, mg: 0.325, i00: 2500, i01: 0, i11: 2500, my: 111 }, maxTex: 17.5, maxStep, maxRise };
  };
  const all = (v: View) => [...v.zone.lum.keys()];

  it('takes a brow reaching past the brow band for brow and a highlight for skin', () => {
    expect(bareSkin(column([BROW, ...SKIN_013]), all(column([BROW, ...SKIN_013])))).toBe(true);
    // Judged from the skin up, the same column passes too; without the brow, the highlight alone.
    expect(bareSkin(column(SKIN_013), all(column(SKIN_013)))).toBe(true);
  });

  it('ends the forehead at a band that is brighter but yellower (blonde) or has lost its tint (white hair)', () => {
    for (const band of [[215, 200, 150], [210, 205, 200]]) {
      const rgbs = SKIN_013.map((c, i) => (i >= 3 && i <= 5 ? band : c));
      expect(bareSkin(column(rgbs), all(column(rgbs))), String(band)).toBe(false);
    }
  });

  it('takes a shaded band and the light above it for the target\'s skin, not for the source\'s', () => {
    // 013's forehead higher up: a shade, then light a step of 1.4 brighter (within 1.5 of the skin at the brows).
    const rgbs = [[170, 140, 120], [150, 122, 103], [150, 122, 103], [205, 170, 145], [205, 170, 145]];
    expect(bareSkin(column(rgbs, 1.5), all(column(rgbs)))).toBe(true);
    expect(bareSkin(column(rgbs, 1.2), all(column(rgbs)))).toBe(false);
  });

  it('takes light 1.7 times as bright as the skin at the brows for the target\'s skin, not for the source\'s', () => {
    // 013's forehead: shaded above the brows, then lit in steps of 1.3 to 1.7 times that shade (up to 1.97 in 013).
    const rgbs = [[150, 122, 103], [150, 122, 103], [195, 160, 135], [245, 205, 180], [245, 205, 180]];
    expect(bareSkin(column(rgbs, 1.5, 2), all(column(rgbs)))).toBe(true);
    expect(bareSkin(column(rgbs, 1.5, 1.5), all(column(rgbs)))).toBe(false);
    // Darker is held to 1.5 for both: a fringe's shade.
    const dark = [[170, 140, 120], [150, 122, 103], [125, 100, 85], [105, 85, 72]];
    expect(bareSkin(column(dark, 1.5, 2), all(column(dark)))).toBe(false);
  });

  it('skips no cell as brow that is not darker than the cheeks', () => {
    // Skin just above the brows, then a cell a step brighter and yellower: a blonde fringe, not the
    // skin above a brow.
    const rgbs = [[150, 118, 98], [215, 195, 140], [215, 195, 140], [215, 195, 140]];
    expect(bareSkin(column(rgbs), all(column(rgbs)))).toBe(false);
  });
});

describe('forehead gate edge', () => {
  // A rectangular zone of 8 × 8 cells of 10 px; the brows lie below it. Columns 0-3 are kept up to
  // row 3 from the top, columns 4-7 only up to row 5: a fringe a cell and a half lower on the right.
  const k = 10, gw = 8, gh = 8, w = gw * k, h = gh * k;
  const zone = new Uint8Array(w * h).fill(1);
  const zoneCells = new Uint8Array(gw * gh).fill(1);
  const keep = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) for (let gx = 0; gx < gw; gx++) keep[gy * gw + gx] = gy >= (gx < 4 ? 3 : 5) ? 1 : 0;
  /** Per pixel column, the topmost swapped row. */
  const tops = (cover: Uint8Array) => Array.from({ length: w }, (_, x) => { for (let y = 0; y < h; y++) if (cover[y * w + x] === TRI_SKIN_UPPER) return y; return h; });

  it('draws the edge between two fringe heights as a slope, not a cell-high step', () => {
    const cover = new Uint8Array(w * h);
    applyGate(cover, zone, keep, zoneCells, w, h, k);
    const t = tops(cover);
    let jump = 0;
    for (let x = 1; x < w; x++) jump = Math.max(jump, Math.abs(t[x]! - t[x - 1]!));
    // Cell by cell the edge jumped 20 px between columns 39 and 40.
    expect(jump).toBeLessThanOrEqual(3);
    // Away from the step the edge lies where the cells say, within half a cell.
    expect(Math.abs(t[5]! - 30)).toBeLessThanOrEqual(5);
    expect(Math.abs(t[75]! - 50)).toBeLessThanOrEqual(5);
  });

  it('neither eats into a kept zone\'s sides and bottom nor grows a rejected top', () => {
    const all = new Uint8Array(gw * gh).fill(1);
    const cover = new Uint8Array(w * h);
    expect(applyGate(cover, zone, all, zoneCells, w, h, k)).toBe(w * h);
    // Only the top row rejected: everything below its centre line is swapped, nothing above.
    const topOff = Uint8Array.from(all, (_, c) => (c < gw ? 0 : 1));
    applyGate(cover, zone, topOff, zoneCells, w, h, k);
    for (const x of [0, 40, w - 1]) { expect(cover[2 * w + x]).toBe(TRI_FOREHEAD); expect(cover[16 * w + x]).toBe(TRI_SKIN_UPPER); }
  });
});

describe('mask edge toward the target\'s hair', () => {
  // A 200 px face: swapped skin below row 100, forehead left to the target above it (rows 40-99),
  // nothing beyond. The mask's wide feather (0.03 of the face) ramps over about 12 px.
  const w = 200, h = 200, size = 200;
  const cover = new Uint8Array(w * h);
  for (let y = 40; y < 190; y++) for (let x = 10; x < 190; x++) cover[y * w + x] = y < 100 ? TRI_FOREHEAD : TRI_SKIN_UPPER;
  const roi = { x: 0, y: 0, w, h };
  const at = (alpha: Float32Array, y: number) => alpha[y * w + 100]!;

  it('is narrow where the target keeps its own hair and wide where only the source had hair', () => {
    const hair = Uint8Array.from(cover, (c) => (c === TRI_FOREHEAD ? 1 : 0));
    const sharp = buildMasks(cover, roi, size, false, hair).alpha;
    const soft = buildMasks(cover, roi, size, false).alpha;
    // 4 px below the edge the new skin is almost fully there against the hair (0.89), still half
    // faded against skin (0.49); both reach 1 within 15 px.
    expect(at(sharp, 104)).toBeGreaterThan(0.85);
    expect(at(soft, 104)).toBeLessThan(0.55);
    expect(at(sharp, 115)).toBeGreaterThan(0.99);
    expect(at(soft, 115)).toBeGreaterThan(0.99);
    // Both start from nothing at the edge, and nothing outside the swapped skin changes either way.
    expect(at(sharp, 100)).toBeLessThan(0.1);
    for (let y = 0; y < 100; y++) { expect(at(sharp, y)).toBe(0); expect(at(soft, y)).toBe(0); }
    // Along the face's outline (the sides) the feather stays the wide one.
    for (const x of [12, 16]) expect(sharp[150 * w + x]).toBeCloseTo(soft[150 * w + x]!, 5);
  });

  it('is the wide feather everywhere without target hair', () => {
    const none = buildMasks(cover, roi, size, false, new Uint8Array(w * h)).alpha;
    expect(none).toEqual(buildMasks(cover, roi, size, false).alpha);
  });
});
