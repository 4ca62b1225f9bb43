// The forehead, from the brows up to the mesh's top edge, carries much of a face's look, but the
// hairline and any fringe lie in it. It is swapped only where both the target and the warped source
// show bare skin: walking up from the brows, the skin just above them must look like the face's
// cheeks and nose, and each cell above like the one below it (a hairline is an edge; skin shading
// is gradual), about as bright as the skin at the brows, no less red (hair of every colour is less
// red than skin: that is mostly what tells a blonde fringe from a forehead, unless it keeps the skin's
// hue, as a highlight does) and about as smooth.
// The first cell that fails, in either image, ends the forehead in that column, so a fringe or a
// hairline and everything above it stay the target's and the source's hair is never taken.
import { FOREHEAD_ZONE_LOOP, loopUv, TRI_FOREHEAD, TRI_SKIN_UPPER } from '../mesh/topology.ts';
import { fillPolygon } from '../raster/polygon.ts';
import { smooth121 } from '../raster/blur.ts';
import { lookup } from '../raster/resample.ts';
import type { Roi } from '../raster/warp.ts';
import { imagePx, planarPx } from '../face/skin-model.ts';
import { BROW_CELLS, CELLS_PER_FACE, SOURCE_BARS, TARGET_BARS, bareSkin, view } from './bare-skin.ts';

export { bareSkin, type View } from './bare-skin.ts';

/**
 * Removes kept runs narrower than three cells across the face (perpendicular to `up`): a column that
 * reaches higher than both its neighbours is skin between two strands of a fringe, or a strand the
 * walk missed, and pasted there it shows as a block of the other skin among the hair. Neighbours
 * outside the zone count as kept, so the zone's own sides are not eaten.
 */
function openAcross(keep: Uint8Array, inZone: Uint8Array, gw: number, gh: number, up: readonly [number, number]): void {
  const dx = Math.round(-up[1]), dy = Math.round(up[0]);
  // A neighbour's value, or `outside` when it lies off the grid or outside the zone.
  const at = (src: Uint8Array, x: number, y: number, outside: number) => (x < 0 || y < 0 || x >= gw || y >= gh || !inZone[y * gw + x] ? outside : src[y * gw + x]!);
  const eroded = new Uint8Array(keep.length);
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) {
    const c = y * gw + x;
    eroded[c] = keep[c] && at(keep, x - dx, y - dy, 1) && at(keep, x + dx, y + dy, 1) ? 1 : 0;
  }
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) {
    const c = y * gw + x;
    if (keep[c] && !eroded[c] && !at(eroded, x - dx, y - dy, 0) && !at(eroded, x + dx, y + dy, 0)) keep[c] = 0;
  }
}

export interface ForeheadGate {
  /** Forehead pixels swapped. */
  swapped: number;
  /**
   * 1 for the forehead pixels (one per ROI pixel) left to the target because the target shows hair
   * there (its fringe or hairline), not only the source: the mask draws that edge narrow (see
   * buildMasks). Null when there are none.
   */
  targetHair: Uint8Array | null;
}

/**
 * Decides the forehead in place. `pts` are the mesh points the source was warped to (flat x,y);
 * `up` is the face's upward direction in the image, normalised. Forehead pixels in `cover` become
 * TRI_SKIN_UPPER (swapped) where both faces show bare skin from the brows up and stay TRI_FOREHEAD
 * (left to the target, which takes only the blend's coarse bands there: see buildMasks) elsewhere.
 */
export function gateForehead(image: Uint8Array, imageWidth: number, roi: Roi, warped: Float32Array, cover: Uint8Array, faceSize: number, pts: Float32Array, up: readonly [number, number]): ForeheadGate {
  const { w, h } = roi;
  const n = w * h;
  const zone = new Uint8Array(n);
  fillPolygon(zone, w, h, roi.x, roi.y, loopUv(pts, FOREHEAD_ZONE_LOOP));
  for (let i = 0; i < n; i++) if (cover[i] === TRI_FOREHEAD) zone[i] = 1; else if (cover[i] !== TRI_SKIN_UPPER) zone[i] = 0;
  const k = Math.max(1, Math.round(faceSize / CELLS_PER_FACE));
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k);
  const keep = new Uint8Array(gw * gh), hairT = new Uint8Array(gw * gh);
  let anyHair = false;
  const vt = view(imagePx(image, imageWidth, roi), cover, zone, w, h, k, gw, gh, TARGET_BARS);
  const vs = view(planarPx(warped, n), cover, zone, w, h, k, gw, gh, SOURCE_BARS);
  const zoneCells = inZone(zone, w, h, k, gw, gh);
  if (vt && vs) {
    // Walk down from each cell to the brows, then judge the column from the bottom up.
    const path: number[] = [];
    for (let gy = 0; gy < gh; gy++) {
      for (let gx = 0; gx < gw; gx++) {
        const c0 = gy * gw + gx;
        if (!zoneCells[c0]) continue;
        path.length = 0;
        for (let s = 0; s < gw + gh; s++) {
          const cx = Math.round(gx - s * up[0]), cy = Math.round(gy - s * up[1]);
          if (cx < 0 || cy < 0 || cx >= gw || cy >= gh) break;
          const c = cy * gw + cx;
          if (!zoneCells[c]) break;
          if (path[0] !== c) path.unshift(c);
        }
        // Cells along the zone's edge, with too few of its pixels to judge, follow their column; a
        // column with none to judge is a sliver above the brows, which is skin.
        const judged = path.filter((c) => !Number.isNaN(vt.zone.lum[c]!)).slice(BROW_CELLS);
        const targetBare = judged.length === 0 || bareSkin(vt, judged);
        keep[c0] = targetBare && (judged.length === 0 || bareSkin(vs, judged)) ? 1 : 0;
        if (!targetBare) { hairT[c0] = 1; anyHair = true; }
      }
    }
    openAcross(keep, zoneCells, gw, gh, up);
  }
  const swapped = applyGate(cover, zone, keep, zoneCells, w, h, k);
  if (!anyHair) return { swapped, targetHair: null };
  const targetHair = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const row = ((y / k) | 0) * gw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (zone[i] && cover[i] === TRI_FOREHEAD && hairT[row + ((x / k) | 0)]) targetHair[i] = 1;
    }
  }
  return { swapped, targetHair };
}

/**
 * Marks the zone's pixels in `cover` swapped (TRI_SKIN_UPPER) or left to the target (TRI_FOREHEAD)
 * from the per-cell decisions `keep` (cells of k pixels); returns how many were swapped. The edge
 * between the two is drawn where the decisions, smoothed by a [1 2 1] kernel each way and read
 * bilinearly, cross one half: cell by cell it showed as a staircase of hard-edged notches along the
 * fringe, a cell high each, on targets over ~500 px (without the smoothing, a step of two cells
 * still jumped half its height at once).
 */
export function applyGate(cover: Uint8Array, zone: Uint8Array, keep: Uint8Array, zoneCells: Uint8Array, w: number, h: number, k: number): number {
  const gw = Math.ceil(w / k), gh = Math.ceil(h / k);
  const field = smooth121(edgeField(keep, zoneCells, gw, gh), gw, gh);
  const lx = lookup(w, gw, k), ly = lookup(h, gh, k);
  let kept = 0;
  for (let y = 0; y < h; y++) {
    const r0 = ly.i0[y]! * gw, r1 = ly.i1[y]! * gw, ty = ly.t[y]!, uy = 1 - ty;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!zone[i]) continue;
      const a = lx.i0[x]!, b = lx.i1[x]!, tx = lx.t[x]!, ux = 1 - tx;
      const v = (field[r0 + a]! * ux + field[r0 + b]! * tx) * uy + (field[r1 + a]! * ux + field[r1 + b]! * tx) * ty;
      if (v >= 0.5) { cover[i] = TRI_SKIN_UPPER; kept++; } else cover[i] = TRI_FOREHEAD;
    }
  }
  return kept;
}

/** 1 for the grid cells holding any pixel of the zone. */
function inZone(zone: Uint8Array, w: number, h: number, k: number, gw: number, gh: number): Uint8Array {
  const out = new Uint8Array(gw * gh);
  for (let i = 0; i < w * h; i++) if (zone[i]) out[((((i / w) | 0) / k) | 0) * gw + (((i % w) / k) | 0)] = 1;
  return out;
}

/**
 * The keep decisions as a field to interpolate: a cell outside the zone takes the mean of its
 * neighbours inside it, so the brows below (always kept) and the rejected top of a fringe column
 * carry on past the zone's edge instead of pulling the edge cells toward 0.
 */
function edgeField(keep: Uint8Array, zoneCells: Uint8Array, gw: number, gh: number): Float32Array {
  const field = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const c = y * gw + x;
      if (zoneCells[c]) { field[c] = keep[c]!; continue; }
      let s = 0, m = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= gw || yy >= gh || !zoneCells[yy * gw + xx]) continue;
        s += keep[yy * gw + xx]!; m++;
      }
      field[c] = m > 0 ? s / m : 0;
    }
  }
  return field;
}
