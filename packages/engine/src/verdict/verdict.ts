// Each swapped face judged once it is done: would a viewer see it is pasted on? The figures are
// measured on the result against the target's own face (skin-figures.ts), on what was left to the
// target because something covered the face, on the pose gap between the two faces and, when the
// caller asked for it, on likeness. The verdict names the figure furthest past its limit.
import type { SwapWarning } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { SwapFaceStats } from '../stages/context.ts';
import { CHEEK_LANDMARKS, skinFigures } from './skin-figures.ts';

/** What makes a result likely unconvincing, in the order ties are broken. */
export const VERDICT_CAUSES = ['covered', 'pose', 'tilted', 'tone', 'blotchy', 'unlike'] as const;
export type VerdictCause = (typeof VERDICT_CAUSES)[number];

/** The result-level warning each cause raises (the list is defined once, in contracts). */
export const CAUSE_WARNING: Record<VerdictCause, SwapWarning> = {
  covered: 'result_covered', pose: 'result_pose', tilted: 'result_tilted', tone: 'result_tone', blotchy: 'result_blotchy', unlike: 'result_unlike',
};

export interface VerdictFigures {
  /** CIELAB ΔE of the result's cheeks against the target's own. */
  toneShift: number;
  /** The result's cheek colour spread over the target's. */
  blotchiness: number;
  /** Share (0..1) of the swapped region left to the target because something covers either face. */
  covered: number;
  /** A hand or a covering over the face photo's face made part of it come from the target. */
  sourceCovered: boolean;
  /** Degrees between the two heads' rotations (yaw, pitch, roll together). */
  poseGap: number;
  /** Degrees the face photo's head is turned further from the camera than the target's (yaw; 0 when less). */
  sourceTurn: number;
  /** Degrees the face photo's own head is tilted (pitch and roll together). */
  sourceTilt: number;
  /** Likeness of the result to the face photo minus to the target (faceres cosines); absent when not measured. */
  likeness?: number;
}

export interface FaceVerdict { convincing: boolean; cause?: VerdictCause; figures: VerdictFigures }

/**
 * The limits past which a viewer tends to see the swap, tuned on the benchmark's labelled pairs
 * (bench/labels.tsv, bench/verdict-score.ts). Each figure is scored as its share of its limit.
 */
export const VERDICT_LIMITS = {
  toneShift: 10,
  blotchiness: 1.45,
  /** Most of the face kept from the target reads as a patchwork; a covered face photo's lower face taken whole from the target does not. */
  covered: 0.4,
  coveredSource: 0.65,
  /** Only a gap this wide shows on its own: a turned face photo is caught by sourceTurn below. */
  poseGap: 60,
  /** A face photo turned further than the target face leaves the swap to invent what it does not show. */
  sourceTurn: 35,
  /** A tilted face photo carries its perspective onto a straight head even when the gap is small. */
  sourceTilt: 25,
  /**
   * Far closer to the target than to the face photo: the swap did not take. Likeness did not tell
   * good from bad on the labelled pairs (a covered face photo leaves the target's own lower face,
   * like the target yet convincing), so only an extreme gap counts.
   */
  likeness: -0.5,
};

/**
 * Faces larger than this are judged on a copy of their region reduced by a whole factor: the cheek
 * patches' smoothing grows with the face, so a 2000-px close-up would cost seconds at full size.
 */
export const JUDGED_SIZE = 256;

/** The region of `img` around the cheek patches (and their smoothing), box-averaged by k, with the landmarks moved onto it. */
export function reducedRegion(img: RgbImage, face: Pick<Face, 'landmarks' | 'size'>, k: number): { img: RgbImage; landmarks: number[][] } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const v of CHEEK_LANDMARKS) { const [x, y] = face.landmarks[v]!; x0 = Math.min(x0, x!); y0 = Math.min(y0, y!); x1 = Math.max(x1, x!); y1 = Math.max(y1, y!); }
  const m = 0.1 * face.size;
  const left = Math.max(0, Math.floor(x0 - m)), top = Math.max(0, Math.floor(y0 - m));
  const w = Math.max(1, Math.floor((Math.min(img.width, Math.ceil(x1 + m)) - left) / k)), h = Math.max(1, Math.floor((Math.min(img.height, Math.ceil(y1 + m)) - top) / k));
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) {
    let sum = 0;
    for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) sum += img.data[3 * ((top + y * k + dy) * img.width + left + x * k + dx) + c]!;
    data[3 * (y * w + x) + c] = Math.round(sum / (k * k));
  }
  return { img: { data, width: w, height: h }, landmarks: face.landmarks.map(([x, y]) => [(x! - left) / k, (y! - top) / k]) };
}

/** Cheek tone shift and blotchiness of a face of any size (see JUDGED_SIZE). */
function skinOf(result: RgbImage, target: RgbImage, face: Face): ReturnType<typeof skinFigures> {
  const k = Math.ceil(face.size / JUDGED_SIZE);
  if (k <= 1) return skinFigures(result, target, face.landmarks, face.size);
  const r = reducedRegion(result, face, k), t = reducedRegion(target, face, k);
  return skinFigures(r.img, t.img, r.landmarks, face.size / k);
}

/** The figures of one swapped face: `result` holds it, `target` is the photo before the swap. */
export function verdictFigures(
  result: RgbImage, target: RgbImage, srcFace: Face, dstFace: Face, stats: SwapFaceStats, likeness?: number,
): VerdictFigures {
  const skin = skinOf(result, target, dstFace);
  let support = 0;
  for (let i = 0; i < stats.support.length; i++) support += stats.support[i]!;
  const a = srcFace.rotation, b = dstFace.rotation;
  return {
    toneShift: round(skin.toneShift, 1),
    blotchiness: round(skin.blotchiness, 2),
    covered: round(support > 0 ? stats.occludedPixels / support : 0, 3),
    sourceCovered: stats.sourceCovered || stats.sourceHand,
    poseGap: round(Math.hypot(a.yaw - b.yaw, a.pitch - b.pitch, a.roll - b.roll), 1),
    sourceTurn: round(Math.max(0, Math.abs(a.yaw) - Math.abs(b.yaw)), 1),
    sourceTilt: round(Math.hypot(a.pitch, a.roll), 1),
    ...(likeness === undefined || !Number.isFinite(likeness) ? {} : { likeness: round(likeness, 3) }),
  };
}

/** How far past its limit each cause's figure is (above 1: past it). */
export function causeScores(f: VerdictFigures, limits = VERDICT_LIMITS): Record<VerdictCause, number> {
  return {
    covered: f.covered / (f.sourceCovered ? limits.coveredSource : limits.covered),
    pose: Math.max(f.poseGap / limits.poseGap, f.sourceTurn / limits.sourceTurn),
    tilted: f.sourceTilt / limits.sourceTilt,
    tone: f.toneShift / limits.toneShift,
    blotchy: f.blotchiness / limits.blotchiness,
    // Likeness is a difference of cosines around 0: past the limit scores 1 and more.
    unlike: f.likeness === undefined ? 0 : 1 + (limits.likeness - f.likeness) * 10,
  };
}

export function judgeFace(figures: VerdictFigures, limits = VERDICT_LIMITS): FaceVerdict {
  const scores = causeScores(figures, limits);
  let cause: VerdictCause | undefined;
  for (const c of VERDICT_CAUSES) if (scores[c] > 1 && (cause === undefined || scores[c] > scores[cause])) cause = c;
  return cause ? { convincing: false, cause, figures } : { convincing: true, figures };
}

/** A result is convincing when each of its faces is; its cause is the worst face's. */
export function judgeResult(faces: FaceVerdict[]): { convincing: boolean; cause?: VerdictCause; faces: FaceVerdict[] } {
  const worst = faces.filter((f) => !f.convincing).sort((x, y) => worstScore(y) - worstScore(x))[0];
  return worst ? { convincing: false, cause: worst.cause!, faces } : { convincing: true, faces };
}

function worstScore(f: FaceVerdict): number {
  return causeScores(f.figures)[f.cause!];
}

function round(v: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}
