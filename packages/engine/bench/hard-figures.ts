// What the hard pairs measure beyond the skin figures: whether a covering of the source was
// carried onto the result's face, whether a covering of the target stayed in front, and the
// per-group summary lines (medians, p90, max, pass counts).
import type { RgbImage } from '../src/core/image.ts';
import type { Face } from '../src/face/face.ts';
import { FACE_OVAL_LOOP } from '../src/mesh/topology.ts';
import { fillPolygon } from '../src/raster/polygon.ts';
import { toLab, type Lab } from '../src/verdict/skin-figures.ts';
import { percentile } from './metrics.ts';

/** CIE76 distance under which a pixel reads as the covering's colour: a covering's own shades lie within it, skin a few tones off does not. */
export const COVERING_CLOSE = 10;
/** CIE76 distance under which a covering pixel of the target counts as left as it was. */
export const KEPT_CLOSE = 6;
/** The limits a result is judged on: tone shift (ΔE) and blotchiness ratio. */
export const TONE_LIMIT = 10, BLOTCH_LIMIT = 1.5;

/** 1 inside the face oval of `face` (its mesh outline), image size. */
export function ovalMask(width: number, height: number, face: Face): Uint8Array {
  const pts = FACE_OVAL_LOOP.flatMap((v) => [face.landmarks[v]![0], face.landmarks[v]![1]]);
  const out = new Uint8Array(width * height);
  fillPolygon(out, width, height, 0, 0, pts);
  return out;
}

const labAt = (img: RgbImage, i: number): Lab => toLab(img.data[3 * i]!, img.data[3 * i + 1]!, img.data[3 * i + 2]!);
const near = (c: Lab, palette: Lab[], d: number) => palette.some((p) => Math.hypot(c[0] - p[0], c[1] - p[1], c[2] - p[2]) < d);

/**
 * Covering carried: among the result's face pixels (inside the target's face oval, outside any
 * covering of the target), the share whose colour is close to one of the covering's colours and
 * was not in the target — the patch of hat, hood, hand or microphone the result took from its source.
 */
export function coveringCarried(result: RgbImage, target: RgbImage, oval: Uint8Array, palette: Lab[], targetCover?: Uint8Array): number {
  let n = 0, carried = 0;
  for (let i = 0; i < oval.length; i++) {
    if (!oval[i] || targetCover?.[i]) continue;
    n++;
    if (near(labAt(result, i), palette, COVERING_CLOSE) && !near(labAt(target, i), palette, COVERING_CLOSE)) carried++;
  }
  return n ? carried / n : 0;
}

/** CIE76 change from the bare source's result from which a pixel counts as changed by the covering: above JPEG noise and small landmark shifts. */
export const PATCH_CHANGE = 15;
const paletteGap = (c: Lab, palette: Lab[]) => Math.min(...palette.map((p) => Math.hypot(c[0] - p[0], c[1] - p[1], c[2] - p[2])));

/**
 * Covering patch: among the same face pixels, the share where the result of the covered source
 * differs from the bare source's result by PATCH_CHANGE or more and lies nearer the covering's
 * colours. The engine relights what it carries to the target's skin, so a carried dark hood can
 * end far from its own colour; against the bare swap, relit alike, the patch still shows.
 */
export function coveringPatch(result: RgbImage, bare: RgbImage, oval: Uint8Array, palette: Lab[]): number {
  let n = 0, patch = 0;
  for (let i = 0; i < oval.length; i++) {
    if (!oval[i]) continue;
    n++;
    const a = labAt(result, i), b = labAt(bare, i);
    if (Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) >= PATCH_CHANGE && paletteGap(a, palette) < paletteGap(b, palette)) patch++;
  }
  return n ? patch / n : 0;
}

/** Covering kept: the share of the target's covering pixels inside its face oval that the result left as they were. */
export function coveringKept(result: RgbImage, target: RgbImage, oval: Uint8Array, targetCover: Uint8Array): number {
  let n = 0, kept = 0;
  for (let i = 0; i < oval.length; i++) {
    if (!oval[i] || !targetCover[i]) continue;
    n++;
    const a = labAt(result, i), b = labAt(target, i);
    if (Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < KEPT_CLOSE) kept++;
  }
  return n ? kept / n : 1;
}

/** The figures of one hard pair that a summary reads (absent where the pair failed or its result's face was not found). */
export interface HardFigures {
  ok: boolean;
  toneShift?: number; blotchiness?: number; poseError?: number;
  toSource?: number; toTarget?: number;
  carried?: number; carriedBare?: number; patch?: number; kept?: number;
}

const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const spread = (v: number[], d = 1, unit = '') => `median ${fmt(percentile(v, 50), d)}${unit} p90 ${fmt(percentile(v, 90), d)}${unit} max ${v.length ? fmt(Math.max(...v), d) : 'n/a'}${unit}`;
const defined = (v: Array<number | undefined>) => v.filter((x): x is number => x !== undefined && Number.isFinite(x));

/** One summary line for a group of pairs. */
export function summaryLine(label: string, pairs: HardFigures[]): string {
  const ok = pairs.filter((p) => p.ok);
  const tone = defined(ok.map((p) => p.toneShift)), blotch = defined(ok.map((p) => p.blotchiness)), pose = defined(ok.map((p) => p.poseError));
  const scored = ok.filter((p) => p.toSource !== undefined);
  const parts = [
    `${label} (${ok.length}/${pairs.length} swapped)`,
    `ΔE ${spread(tone)}, ${tone.filter((v) => v <= TONE_LIMIT).length}/${tone.length} ≤ ${TONE_LIMIT}`,
    `blotch ${spread(blotch, 2)}, ${blotch.filter((v) => v <= BLOTCH_LIMIT).length}/${blotch.length} ≤ ${BLOTCH_LIMIT}`,
    `pose ${spread(pose, 1, '°')} (${pose.length} re-detected)`,
    `identity ${scored.filter((p) => p.toSource! > p.toTarget!).length}/${scored.length} nearer the source (toSource median ${fmt(percentile(defined(scored.map((p) => p.toSource)), 50), 2)}, toTarget ${fmt(percentile(defined(scored.map((p) => p.toTarget)), 50), 2)})`,
  ];
  const carried = defined(ok.map((p) => p.carried)).map((v) => 100 * v);
  if (carried.length) parts.push(`covering carried ${spread(carried, 1, '%')} (bare source ${fmt(percentile(defined(ok.map((p) => p.carriedBare)).map((v) => 100 * v), 50))}% median), patch ${spread(defined(ok.map((p) => p.patch)).map((v) => 100 * v), 1, '%')}`);
  const kept = defined(ok.map((p) => p.kept)).map((v) => 100 * v);
  if (kept.length) parts.push(`target covering kept median ${fmt(percentile(kept, 50), 0)}% min ${fmt(Math.min(...kept), 0)}% (${kept.length} pairs)`);
  return parts.join('; ');
}
