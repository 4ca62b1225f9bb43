// The pupils as a photo's black reference. A face photo seen through haze (a window, a faded
// print, a photo of a screen) has its blacks lifted: relit by ratios, which keep a veil as it is,
// the new face came out washed out on a crisp photo, grey pupils and brows; and a crisp face on a
// hazy photo stood out from it. A pupil is black in any photo, so what the two photos' pupils
// differ by, beyond what pupils differ by anyway, is a veil, taken off (or laid over) the warped
// source before it is relit.
import type { RgbImage } from '../../core/image.ts';
import { irises, type Face } from '../../face/face.ts';
import { luma } from '../../face/skin-model.ts';

/** The pupil is read within this share of the iris's radius of its centre. */
const PUPIL_SHARE = 0.4;
/** Fewest pupil pixels to judge by: a pupil a few pixels across is blurred into its iris (a group photo's small faces: 50). */
const MIN_PIXELS = 20;
/**
 * How much lighter or darker (luma) a source's pupils may be than the target's without counting as
 * a veil. Over the fixtures whose pupils span 20 pixels or more, 5 to 25; a portrait behind a veil (0.5 of
 * its range, lifted 100) 112.
 */
const BLACK_SLACK = 30;

/** The mean luma of the darker quarter of both pupils of `face`; null when too few pixels show. */
export function pupilBlack(img: RgbImage, face: Face): number | null {
  const values: number[] = [];
  for (const { x: cx, y: cy, r } of irises(face)) {
    const rr = PUPIL_SHARE * r;
    for (let y = Math.max(0, Math.round(cy - rr)); y <= Math.min(img.height - 1, cy + rr); y++) {
      for (let x = Math.max(0, Math.round(cx - rr)); x <= Math.min(img.width - 1, cx + rr); x++) {
        if (Math.hypot(x - cx, y - cy) > rr) continue;
        const p = 3 * (y * img.width + x);
        values.push(luma(img.data.subarray(p, p + 3)));
      }
    }
  }
  if (values.length < MIN_PIXELS) return null;
  values.sort((a, b) => a - b);
  const dark = values.slice(0, values.length >> 2);
  return dark.reduce((s, v) => s + v, 0) / dark.length;
}

/**
 * How far the source's black lies above the target's beyond BLACK_SLACK, or below it (negative:
 * the target is the hazy one, and the new face takes its veil); 0 when within it, or when either
 * photo's pupils are too small to tell.
 */
export function veilOver(source: number | null, target: number | null): number {
  if (source === null || target === null) return 0;
  const d = source - target;
  return d > BLACK_SLACK ? d - BLACK_SLACK : d < -BLACK_SLACK ? d + BLACK_SLACK : 0;
}

/**
 * Takes a veil off planar RGB `planes` in place: the level `black` comes down by `veil` (up, for
 * a negative one) and white stays, linearly in between (to no less than 0). Pixels the warp did not
 * draw (0) come up too under a negative veil: nothing reads them (their blend weight is 0).
 */
export function liftVeil(planes: Float32Array, black: number, veil: number): void {
  if (veil === 0 || black >= 255) return;
  const k = veil / (255 - black);
  for (let i = 0; i < planes.length; i++) {
    const v = planes[i]! - k * (255 - planes[i]!);
    planes[i] = v > 0 ? v : 0;
  }
}
