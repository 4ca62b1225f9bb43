// The engine's public options and results, their defaults, and the check of a caller's options.
import type { SwapWarning } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import { EngineError } from '../core/errors.ts';
import type { Face } from '../face/face.ts';
import type { Roi } from '../raster/warp.ts';
import type { FaceVerdict, VerdictCause } from '../verdict/verdict.ts';
import type { TargetSelection } from './choose.ts';

export type { SwapWarning } from '@visage/contracts/warnings';

export interface DetectOptions {
  maxPixels?: number;
  /** Faces smaller than this many pixels are flagged tooSmall. */
  minFaceSize?: number;
  /**
   * Told the faces once their boxes and flags are known, before the eyes are read (about a sixth of
   * the detection): the result's faces follow in the same order with the same boxes, scores and flags.
   */
  onFaces?: (found: FoundFaces) => void;
}

/** A photo's faces as onFaces tells them: every field of the result's but the landmarks. */
export interface FoundFaces {
  width: number;
  height: number;
  faces: FaceSummary[];
}

export interface DetectResult {
  width: number;
  height: number;
  faces: Face[];
  timings: Record<string, number>;
}

export type FaceSummary = Omit<Face, 'landmarks' | 'hands'>;

/** One person's face: a photo, or several photos of them (each target face gets the closest: closest-photo.ts). */
export type SourcePhotos = Buffer | Buffer[];

/** Which source face goes onto which target face: indices from detectFaces and into the sources. */
export interface FacePair { target: number; source: number }

export interface SwapOptions {
  /** Source 0. */
  source: SourcePhotos;
  target: Buffer;
  targetFaces?: TargetSelection;
  sourceFace?: number;
  /** Sources 1, 2, … for `pairs`. */
  moreSources?: SourcePhotos[];
  /** Each chosen target face with its own source; replaces targetFaces (all onto source 0). */
  pairs?: FacePair[];
  /** The face to take in each single-photo source, by source index (source 0 falls back to sourceFace). */
  sourceFaces?: Array<number | null>;
  /**
   * Per photo of source 0 (same order), its face and light as profilePhoto read them (a saved face's
   * photos), so they are not read again; null where unknown.
   */
  sourceAnalyses?: Array<SourcePhotoAnalysis | null>;
  jpegQuality?: number;
  maxPixels?: number;
  minFaceSize?: number;
  /** Compute the identity score (two or three faceres passes). Default true. */
  identity?: boolean;
  /** Outline reshaping toward the source's jaw and cheeks, 0..1 (0 keeps the target's contour). Default 0.5 (see DEFAULT_RESHAPE). */
  reshape?: number;
  /** How far the inner face (eyes, brows, nose, mouth) takes the source's own proportions rather than the target's, 0..1. Default DEFAULT_SOURCE_SHAPE. */
  sourceShape?: number;
  /**
   * The target's faces as detectFaces found them earlier on these same bytes (a catalogue photo,
   * analysed once at upload): the swap uses them instead of detecting again. Plain data, so a
   * caller can keep it in a database and hand it back.
   */
  targetAnalysis?: TargetAnalysis;
  /** Also return the unencoded pixels and each face's change mask (tests and the benchmark). */
  keepRaw?: boolean;
  onProgress?: (stage: string, fraction: number) => void;
}

/** One photo of a saved face as read once when it was saved: its face and its light (closest-photo.ts). */
export interface SourcePhotoAnalysis {
  face: Omit<Face, 'hands'>;
  light: { left: number; right: number; mean: number };
}

/**
 * A photo's faces as analysed once and kept by the caller (describeImage's `analysis`): the faces,
 * and for the one that gets swapped the hands found against it, as plain numbers (JSON-safe).
 */
export interface TargetAnalysis {
  faces: Array<Omit<Face, 'hands'> & { hands?: number[][] }>;
}

export interface SwapResult {
  image: Buffer;
  thumbnail: Buffer;
  thumbnailType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  faces: { source: FaceSummary; targets: FaceSummary[]; detectedInTarget: number; sourcePhotos?: number[] };
  timings: Record<string, number>;
  /** faceres cosine of the (first) swapped face to the source face and to the original target face; NaN when disabled. */
  identity: { toSource: number; toTarget: number };
  /**
   * Whether a viewer would likely see the swap (verdict/verdict.ts): per swapped face its figures
   * and, when unconvincing, the main cause; the result's cause is also among the warnings.
   */
  verdict: { convincing: boolean; cause?: VerdictCause; faces: FaceVerdict[] };
  /** What the caller may want to tell the user about its face photo and its result (the list: @visage/contracts/warnings). */
  warnings: SwapWarning[];
  /** Present with keepRaw: the result before encoding and, per swapped face, the pixels allowed to change. */
  raw?: { image: RgbImage; masks: Array<{ roi: Roi; support: Uint8Array }> };
}

/** Every warning, in the order a result lists them. */

export const DEFAULT_JPEG_QUALITY = 90;
export const DEFAULT_REFERENCE_THRESHOLD = 0.6;
/** The jaw moves halfway toward the source's: its outline carries identity, and the head's pose reads as before (see contour.ts). */
export const DEFAULT_RESHAPE = 0.5;
/** The features keep the source's proportions: that is most of who someone is. */
export const DEFAULT_SOURCE_SHAPE = 1;

/** A swap's sources as lists of photos, source 0 first. */
export function sourceList(opts: SwapOptions): Buffer[][] {
  return [opts.source, ...(opts.moreSources ?? [])].map((s) => (Buffer.isBuffer(s) ? [s] : s));
}

const isPhotos = (s: unknown) => Buffer.isBuffer(s) || (Array.isArray(s) && s.length > 0 && s.every((b) => Buffer.isBuffer(b)));
const isIndex = (i: unknown) => Number.isInteger(i) && (i as number) >= 0;

export function validate(opts: SwapOptions): void {
  if (!opts || !isPhotos(opts.source) || !Buffer.isBuffer(opts.target) || !(opts.moreSources === undefined || (Array.isArray(opts.moreSources) && opts.moreSources.every(isPhotos)))) {
    throw new EngineError('invalid_options', 'Both source and target must be image buffers.');
  }
  validatePairs(opts);
  const sa = opts.sourceAnalyses;
  const first = Buffer.isBuffer(opts.source) ? 1 : opts.source.length;
  if (sa !== undefined && !(Array.isArray(sa) && sa.length === first && sa.every((a) => a === null || (Array.isArray(a?.face?.landmarks) && a.face.landmarks.length >= 468 && typeof a.light?.mean === 'number')))) {
    throw new EngineError('invalid_options', 'sourceAnalyses must hold one profile (or null) per photo of source 0.');
  }
  if (opts.jpegQuality !== undefined && !(Number.isInteger(opts.jpegQuality) && opts.jpegQuality >= 1 && opts.jpegQuality <= 100)) {
    throw new EngineError('invalid_options', 'jpegQuality must be an integer from 1 to 100.');
  }
  if (opts.reshape !== undefined && !(opts.reshape >= 0 && opts.reshape <= 1)) throw new EngineError('invalid_options', 'reshape must be between 0 and 1.');
  if (opts.sourceShape !== undefined && !(opts.sourceShape >= 0 && opts.sourceShape <= 1)) throw new EngineError('invalid_options', 'sourceShape must be between 0 and 1.');
  if (opts.maxPixels !== undefined && !(opts.maxPixels > 0)) throw new EngineError('invalid_options', 'maxPixels must be positive.');
  if (opts.sourceFace !== undefined && !(Number.isInteger(opts.sourceFace) && opts.sourceFace >= 0)) {
    throw new EngineError('invalid_options', 'sourceFace must be a face index (0 or more).');
  }
  const known = opts.targetAnalysis;
  if (known !== undefined && !(Array.isArray(known?.faces) && known.faces.every((f) => Array.isArray(f?.landmarks) && f.landmarks.length >= 468 && typeof f.index === 'number'))) {
    throw new EngineError('invalid_options', 'targetAnalysis must hold the faces detectFaces returned.');
  }
  const tf = opts.targetFaces;
  if (tf === undefined || tf === 'largest' || tf === 'all') return;
  if (Array.isArray(tf)) {
    if (tf.length === 0 || !tf.every((i) => Number.isInteger(i) && i >= 0)) throw new EngineError('invalid_options', 'targetFaces must list face indices (0 or more).');
    return;
  }
  if (typeof tf === 'object' && Buffer.isBuffer(tf.reference)) {
    if (tf.threshold !== undefined && !(tf.threshold >= -1 && tf.threshold <= 1)) throw new EngineError('invalid_options', 'The reference threshold must be between -1 and 1.');
    return;
  }
  throw new EngineError('invalid_options', "targetFaces must be 'largest', 'all', a list of indices or { reference }.");
}

function validatePairs(opts: SwapOptions): void {
  const sources = 1 + (opts.moreSources?.length ?? 0);
  if (opts.sourceFaces !== undefined && !(Array.isArray(opts.sourceFaces) && opts.sourceFaces.length <= sources && opts.sourceFaces.every((i) => i === null || isIndex(i)))) {
    throw new EngineError('invalid_options', 'sourceFaces must list a face index (or null) per source.');
  }
  const pairs = opts.pairs;
  if (pairs === undefined) return;
  if (opts.targetFaces !== undefined) throw new EngineError('invalid_options', 'Give pairs or targetFaces, not both.');
  if (!Array.isArray(pairs) || pairs.length === 0 || !pairs.every((p) => isIndex(p?.target) && isIndex(p?.source) && p.source < sources)) {
    throw new EngineError('invalid_options', `pairs must list { target, source } face indices, sources below ${sources}.`);
  }
  if (new Set(pairs.map((p) => p.target)).size !== pairs.length) throw new EngineError('invalid_options', 'A target face may be listed once only.');
}

// 64 MB of pixels keeps a worker under 500 MB RSS with the identity model loaded (471 MB measured at 96 MB).
