// The engine's public options and results, their defaults, and the check of a caller's options.
import type { SwapWarning } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import { EngineError } from '../core/errors.ts';
import type { Face } from '../face/face.ts';
import type { Roi } from '../raster/warp.ts';
import type { TargetSelection } from './choose.ts';

export type { SwapWarning } from '@visage/contracts/warnings';

export interface DetectOptions {
  maxPixels?: number;
  /** Faces smaller than this many pixels are flagged tooSmall. */
  minFaceSize?: number;
}

export interface DetectResult {
  width: number;
  height: number;
  faces: Face[];
  timings: Record<string, number>;
}

export type FaceSummary = Omit<Face, 'landmarks' | 'hands'>;

export interface SwapOptions {
  source: Buffer;
  /**
   * Several photos of the source person, `source` being one of them: each target face is swapped
   * from the photo closest to it in head pose and light (closest-photo.ts). Absent or empty: `source` alone.
   */
  sources?: Buffer[];
  /** Per photo of `sources` (same order), its face and light as profilePhoto read them, so they are not read again; null where unknown. */
  sourceAnalyses?: Array<SourcePhotoAnalysis | null>;
  target: Buffer;
  targetFaces?: TargetSelection;
  sourceFace?: number;
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

/**
 * A photo's faces as analysed once and kept by the caller (describeImage's `analysis`): the faces,
 * and for the one that gets swapped the hands found against it, as plain numbers (JSON-safe).
 */
export interface SourcePhotoAnalysis {
  face: Omit<Face, 'hands'>;
  light: { left: number; right: number; mean: number };
}

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
  /** What the caller may want to tell the user about its face photo (the list: @visage/contracts/warnings). */
  warnings: SwapWarning[];
  /** Present with keepRaw: the result before encoding and, per swapped face, the pixels allowed to change. */
  raw?: { image: RgbImage; masks: Array<{ roi: Roi; support: Uint8Array }> };
}

/** Every warning, in the order a result lists them. */

export const DEFAULT_JPEG_QUALITY = 90;
/** Photos of one person a swap may choose from. */
export const MAX_SOURCES = 16;
export const DEFAULT_REFERENCE_THRESHOLD = 0.6;
/** The jaw moves halfway toward the source's: its outline carries identity, and the head's pose reads as before (see contour.ts). */
export const DEFAULT_RESHAPE = 0.5;
/** The features keep the source's proportions: that is most of who someone is. */
export const DEFAULT_SOURCE_SHAPE = 1;

export function validate(opts: SwapOptions): void {
  if (!opts || !Buffer.isBuffer(opts.source) || !Buffer.isBuffer(opts.target)) {
    throw new EngineError('invalid_options', 'Both source and target must be image buffers.');
  }
  if (opts.sources !== undefined && !(Array.isArray(opts.sources) && opts.sources.length <= MAX_SOURCES && opts.sources.every((b) => Buffer.isBuffer(b)))) {
    throw new EngineError('invalid_options', `sources must be a list of at most ${MAX_SOURCES} image buffers.`);
  }
  const sa = opts.sourceAnalyses;
  if (sa !== undefined && !(Array.isArray(sa) && sa.length === (opts.sources?.length ?? 0) && sa.every((a) => a === null || (Array.isArray(a?.face?.landmarks) && a.face.landmarks.length >= 468 && typeof a.light?.mean === 'number')))) {
    throw new EngineError('invalid_options', 'sourceAnalyses must hold one profile (or null) per photo of sources.');
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

// 64 MB of pixels keeps a worker under 500 MB RSS with the identity model loaded (471 MB measured at 96 MB).
