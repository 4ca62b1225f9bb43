// The engine's public operations: detectFaces and swapFaces. Options are validated up front, then
// one execute step runs the pipeline (decode → detect → choose → per face: warp, mask, relight,
// blend → encode → identity), timing every stage.
import { createHash } from 'node:crypto';
import { DEFAULT_MAX_PIXELS, decodeImage, type RgbImage } from './decode.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage, type Face } from './detect.ts';
import { chooseSource, chooseTargets, type TargetSelection } from './choose.ts';
import { EngineError } from './errors.ts';
import { encodeJpeg, encodeThumbnail } from './encode.ts';
import { cosine, faceDescriptor } from './identity.ts';
import { loadModels, type Models } from './models.ts';
import { swapOneFace } from './pipeline/swap-face.ts';
import type { Roi } from './raster/warp.ts';

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

export type FaceSummary = Omit<Face, 'landmarks'>;

export interface SwapOptions {
  source: Buffer;
  target: Buffer;
  targetFaces?: TargetSelection;
  sourceFace?: number;
  jpegQuality?: number;
  maxPixels?: number;
  minFaceSize?: number;
  /** Compute the identity score (two or three faceres passes). Default true. */
  identity?: boolean;
  /** Outline reshaping toward the source's jaw and cheeks, 0..1 (0 keeps the target's contour). Default 0 (see DEFAULT_RESHAPE). */
  reshape?: number;
  /** Also return the unencoded pixels and each face's change mask (tests and the benchmark). */
  keepRaw?: boolean;
  onProgress?: (stage: string, fraction: number) => void;
}

export interface SwapResult {
  image: Buffer;
  thumbnail: Buffer;
  thumbnailType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  faces: { source: FaceSummary; targets: FaceSummary[]; detectedInTarget: number };
  timings: Record<string, number>;
  /** faceres cosine of the (first) swapped face to the source face and to the original target face; NaN when disabled. */
  identity: { toSource: number; toTarget: number };
  /** Present with keepRaw: the result before encoding and, per swapped face, the pixels allowed to change. */
  raw?: { image: RgbImage; masks: Array<{ roi: Roi; support: Uint8Array }> };
}

export const DEFAULT_JPEG_QUALITY = 90;
export const DEFAULT_REFERENCE_THRESHOLD = 0.6;
/**
 * Outline reshaping is opt-in: measured on frontal pairs it raises cos(result, source) but moves the
 * re-detected head pose (median pose error 2.4° without, 4.9° at 0.5), because pose estimation reads
 * the face outline.
 */
export const DEFAULT_RESHAPE = 0;

export async function detectFaces(image: Buffer, opts: DetectOptions = {}): Promise<DetectResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const img = await decodeImage(image, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  timings.decode = ms(t);
  t = performance.now();
  const models = await loadModels();
  timings.models = ms(t);
  t = performance.now();
  const faces = await detectOnImage(models, img, opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE);
  timings.detect = ms(t);
  return { width: img.width, height: img.height, faces, timings };
}

function validate(opts: SwapOptions): void {
  if (!opts || !Buffer.isBuffer(opts.source) || !Buffer.isBuffer(opts.target)) {
    throw new EngineError('invalid_options', 'Both source and target must be image buffers.');
  }
  if (opts.jpegQuality !== undefined && !(Number.isInteger(opts.jpegQuality) && opts.jpegQuality >= 1 && opts.jpegQuality <= 100)) {
    throw new EngineError('invalid_options', 'jpegQuality must be an integer from 1 to 100.');
  }
  if (opts.reshape !== undefined && !(opts.reshape >= 0 && opts.reshape <= 1)) throw new EngineError('invalid_options', 'reshape must be between 0 and 1.');
  if (opts.maxPixels !== undefined && !(opts.maxPixels > 0)) throw new EngineError('invalid_options', 'maxPixels must be positive.');
  if (opts.sourceFace !== undefined && !(Number.isInteger(opts.sourceFace) && opts.sourceFace >= 0)) {
    throw new EngineError('invalid_options', 'sourceFace must be a face index (0 or more).');
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

// Bulk jobs reuse one source face for many targets: keep its decoded pixels, faces and descriptor.
interface SourceEntry { img: RgbImage; faces: Face[]; descriptors: Map<number, Float32Array> }
const sourceCache = new Map<string, SourceEntry>();
const SOURCE_CACHE_BYTES = 96 * 1024 * 1024;

/** Forgets cached source faces (the benchmark uses it to time swaps with a never-seen source). */
export function clearSourceCache(): void {
  sourceCache.clear();
}

function cacheKey(buf: Buffer, maxPixels: number, minFaceSize: number): string {
  return createHash('sha1').update(buf).digest('hex') + `:${maxPixels}:${minFaceSize}`;
}

function remember(key: string, entry: SourceEntry): void {
  sourceCache.delete(key);
  sourceCache.set(key, entry);
  let bytes = 0;
  for (const e of sourceCache.values()) bytes += e.img.data.length;
  for (const [k, e] of sourceCache) {
    if (bytes <= SOURCE_CACHE_BYTES || sourceCache.size <= 1) break;
    bytes -= e.img.data.length;
    sourceCache.delete(k);
  }
}

async function descriptorOf(models: Models, entry: SourceEntry, face: Face): Promise<Float32Array> {
  let d = entry.descriptors.get(face.index);
  if (!d) {
    d = await faceDescriptor(models, entry.img, face);
    entry.descriptors.set(face.index, d);
  }
  return d;
}

export async function swapFaces(opts: SwapOptions): Promise<SwapResult> {
  validate(opts);
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const add = (stage: string, v: number) => { timings[stage] = Math.round(((timings[stage] ?? 0) + v) * 10) / 10; };
  const progress = (stage: string, f: number) => { try { opts.onProgress?.(stage, f); } catch { /* a progress listener must not break a swap */ } };
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const minFaceSize = opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE;
  const wantIdentity = opts.identity !== false;

  progress('decode', 0);
  let t = performance.now();
  const key = cacheKey(opts.source, maxPixels, minFaceSize);
  const cached = sourceCache.get(key);
  const [srcImg, dstImg] = await Promise.all([
    cached ? Promise.resolve(cached.img) : decodeImage(opts.source, maxPixels),
    decodeImage(opts.target, maxPixels),
  ]);
  add('decode', performance.now() - t);

  t = performance.now();
  const models = await loadModels();
  add('models', performance.now() - t);

  progress('detect', 0.1);
  t = performance.now();
  const source: SourceEntry = cached ?? { img: srcImg, faces: await detectOnImage(models, srcImg, minFaceSize), descriptors: new Map() };
  remember(key, source);
  const srcFace = chooseSource(source.faces, opts.sourceFace);
  const dstFaces = await detectOnImage(models, dstImg, minFaceSize);
  add('detect', performance.now() - t);

  t = performance.now();
  const sel = opts.targetFaces ?? 'largest';
  let targets: Face[];
  const targetDescriptors = new Map<Face, Float32Array>();
  if (typeof sel === 'object' && !Array.isArray(sel)) {
    targets = await chooseByReference(models, sel, dstImg, dstFaces, targetDescriptors, maxPixels, minFaceSize);
  } else {
    targets = chooseTargets(dstFaces, sel);
  }
  add('choose', performance.now() - t);

  // Identity needs the original target face, so describe it before it is overwritten.
  let srcDesc: Float32Array | null = null;
  let tgtDesc: Float32Array | null = null;
  const first = targets[0]!;
  if (wantIdentity) {
    progress('identity', 0.2);
    t = performance.now();
    srcDesc = await descriptorOf(models, source, srcFace);
    tgtDesc = targetDescriptors.get(first) ?? await faceDescriptor(models, dstImg, first);
    add('identity', performance.now() - t);
  }

  const out: RgbImage = { data: dstImg.data, width: dstImg.width, height: dstImg.height };
  const masks: Array<{ roi: Roi; support: Uint8Array }> = [];
  targets.forEach((face, k) => {
    progress('swap', 0.3 + (0.5 * k) / targets.length);
    const st = swapOneFace(source.img, srcFace, out, face, add, 0x5eed + face.index, { reshape: opts.reshape ?? DEFAULT_RESHAPE });
    if (opts.keepRaw) masks.push({ roi: st.roi, support: st.support });
  });

  progress('encode', 0.8);
  t = performance.now();
  const [image, thumb] = await Promise.all([encodeJpeg(out, opts.jpegQuality ?? DEFAULT_JPEG_QUALITY), encodeThumbnail(out)]);
  add('encode', performance.now() - t);

  let identity = { toSource: Number.NaN, toTarget: Number.NaN };
  if (wantIdentity && srcDesc && tgtDesc) {
    progress('identity', 0.9);
    t = performance.now();
    const resDesc = await faceDescriptor(models, out, first);
    identity = { toSource: round3(cosine(resDesc, srcDesc)), toTarget: round3(cosine(resDesc, tgtDesc)) };
    add('identity', performance.now() - t);
  }
  timings.total = ms(t0);
  progress('done', 1);
  return {
    image,
    thumbnail: thumb.data,
    thumbnailType: thumb.type,
    width: out.width,
    height: out.height,
    faces: { source: summary(srcFace), targets: targets.map(summary), detectedInTarget: dstFaces.length },
    timings,
    identity,
    ...(opts.keepRaw ? { raw: { image: out, masks } } : {}),
  };
}

async function chooseByReference(
  models: Models, sel: { reference: Buffer; threshold?: number }, dstImg: RgbImage, dstFaces: Face[],
  descs: Map<Face, Float32Array>, maxPixels: number, minFaceSize: number,
): Promise<Face[]> {
  if (dstFaces.length === 0) throw new EngineError('no_face_target');
  const refImg = await decodeImage(sel.reference, maxPixels);
  const refFaces = await detectOnImage(models, refImg, minFaceSize);
  if (refFaces.length === 0) throw new EngineError('no_face_target', 'No face was found in the reference image.');
  const refDesc = await faceDescriptor(models, refImg, refFaces[0]!);
  const threshold = sel.threshold ?? DEFAULT_REFERENCE_THRESHOLD;
  const scored: Array<{ face: Face; sim: number }> = [];
  for (const face of dstFaces) {
    if (face.tooSmall) continue;
    const d = await faceDescriptor(models, dstImg, face);
    descs.set(face, d);
    scored.push({ face, sim: cosine(d, refDesc) });
  }
  const chosen = scored.filter((s) => s.sim >= threshold).sort((a, b) => b.sim - a.sim).map((s) => s.face);
  if (chosen.length === 0) throw new EngineError('no_face_target', 'No face in the target image matches the reference face.');
  return chosen;
}

function summary(f: Face): FaceSummary {
  const { landmarks: _landmarks, ...rest } = f;
  return rest;
}

function ms(t: number): number {
  return Math.round((performance.now() - t) * 10) / 10;
}
function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
