// The engine's public operations: detectFaces and swapFaces. Options are validated up front, then
// one execute step runs the pipeline (decode → detect → choose → per face: warp, mask, relight,
// blend → encode → identity), timing every stage.
import { DEFAULT_MAX_PIXELS, decodeImage } from '../io/decode.ts';
import type { RgbImage } from '../core/image.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage } from '../detect/detect.ts';
import type { Face } from '../face/face.ts';
import { chooseSource, chooseTargets, type TargetSelection } from './choose.ts';
import { EngineError } from '../core/errors.ts';
import { encodeJpeg, encodeThumbnail } from '../io/encode.ts';
import { cosine, faceDescriptor } from '../detect/identity.ts';
import { handsOnFace } from '../hands/find.ts';
import { loadModels, type Models } from '../models/models.ts';
import { swapFace } from '../swap/reduced-copy.ts';
import { faceLight } from '../stages/light/source-light.ts';
import type { FaceLight } from '../stages/context.ts';
import { SHARPEN_FULL_SOURCE } from '../stages/texture/sharpen.ts';
import { sourceSideLit } from '../side-lit/side-lit.ts';
import { faceBlur } from '../focus/face-blur.ts';
import { blurShare } from '../focus/focus.ts';
import { turnedPastGlasses, withoutGlasses } from '../glasses/off.ts';
import { reduceFace, sourceFactor } from '../swap/reduce-face.ts';
import type { Roi } from '../raster/warp.ts';
import { cacheKey, ImageCache, type ImageEntry } from './image-cache.ts';

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
export interface TargetAnalysis {
  faces: Array<Omit<Face, 'hands'> & { hands?: number[][] }>;
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
  /**
   * What the caller may want to tell the user about this result. `source_side_on`: the source head is
   * seen side-on, so its eyes, nose and chin line came from the target (a photo facing the camera
   * swaps far better). `source_covered`: the source's mouth is covered (a scarf, a mask), so its
   * lower face came from the target (a photo with the face uncovered swaps far better).
   * `source_hand`: a hand rests against the source face, so the part it covers came from the target.
   * `source_partial`: part of the source face lies beyond its photo's edge, so that part came from
   * its mirror side or, where that is not shown either, from the target (a photo with the whole
   * face in it swaps far better).
   * `source_side_lit`: the source face is lit from one side, one half far darker than the other,
   * more than relighting evens out, so one half of the new face may look darker (a photo in even
   * light swaps far better).
   * `source_blurry`: the source photo is blurred (out of focus, shaken, or a small picture enlarged)
   * so far that its face holds the detail of one half the target face's size or less: the new face
   * is softer than the photo around it (a sharp photo of the face swaps sharper).
   * `source_small`: the source face is small (under 96 px) and the target's at least 3 times larger,
   * so the new face is softer than the photo around it (a larger photo of the face swaps sharper).
   * `source_glasses_off`: the source face wears glasses and the target face, which wears none, is
   * turned 25° or more from it: a frame warped onto a turned head spreads across the temple, so the
   * glasses were left off.
   */
  warnings: SwapWarning[];
  /** Present with keepRaw: the result before encoding and, per swapped face, the pixels allowed to change. */
  raw?: { image: RgbImage; masks: Array<{ roi: Roi; support: Uint8Array }> };
}

/** Every warning, in the order a result lists them. */
export const SWAP_WARNINGS = ['source_side_on', 'source_covered', 'source_hand', 'source_partial', 'source_side_lit', 'source_blurry', 'source_small', 'source_glasses_off'] as const;
export type SwapWarning = (typeof SWAP_WARNINGS)[number];

/**
 * A source face too small to be fully sharpened (under SHARPEN_FULL_SOURCE, see sharpen.ts) swapped
 * onto one at least SMALL_SOURCE_SCALE times larger is upsampled so far that the new face is
 * visibly softer than the photo around it: the user is told so.
 */
export const SMALL_SOURCE_SCALE = 3;
/**
 * A face photo blurred so far that its detail is worth a face BLURRED times its size or less (see
 * face-blur.ts) swapped onto a face BLURRY_SOURCE_SCALE times that: the user is told it is
 * blurred. 012 under a blur of sigma 2 (its detail worth 125 px) onto the 305-px 008 is plainly
 * softer than the dreadlocks around it; 008 likewise (153 px) onto the 252-px 012, whose own face
 * is soft-focused, is not.
 */
export const BLURRED = 0.75, BLURRY_SOURCE_SCALE = 2;

export const DEFAULT_JPEG_QUALITY = 90;
export const DEFAULT_REFERENCE_THRESHOLD = 0.6;
/**
 * The jaw moves halfway toward the source's. Reshaping was opt-in while it pinned the chin and
 * ear-level points outright: that moved the re-detected head pose (median 2.9° against 2.6° without;
 * 4.9° in an earlier version) and bent the jaw into a corner beside the chin. With the weight leaving
 * them smoothly and only the offset both sides agree on (see contour.ts), the median is 2.6° either
 * way, and retrieval 151 → 152/178.
 */
export const DEFAULT_RESHAPE = 0.5;
/** The features keep the source's proportions: that is most of who someone is. */
export const DEFAULT_SOURCE_SHAPE = 1;

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
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
const imageCache = new ImageCache(IMAGE_CACHE_BYTES);

/** Forgets cached images (the benchmark uses it to time swaps of never-seen photos). */
export function clearImageCache(): void {
  imageCache.clear();
}

type Timer = (stage: string, ms: number) => void;

interface Decoded { key: string; entry?: ImageEntry; img: RgbImage }

/** Decoded pixels of an image (cached or new): bad files fail here, before any model runs. */
async function decodeCached(buf: Buffer, maxPixels: number, minFaceSize: number): Promise<Decoded> {
  const key = cacheKey(buf, maxPixels, minFaceSize);
  const entry = imageCache.get(key);
  return entry ? { key, entry, img: entry.img } : { key, img: await decodeImage(buf, maxPixels) };
}

/** The image's faces, detected once per image. */
async function withFaces(models: Models, d: Decoded, minFaceSize: number, add: Timer, known?: TargetAnalysis['faces']): Promise<ImageEntry> {
  let entry = d.entry;
  if (entry) add('detect', 0);
  else {
    const t = performance.now();
    const faces = known ? known.map(({ hands: _hands, ...f }) => f) : await detectOnImage(models, d.img, minFaceSize);
    // Hands kept with the analysis are not looked for again (the hand model is a large part of a swap).
    const hands = new Map((known ?? []).flatMap((f) => (f.hands ? [[f.index, f.hands.map((h) => Float32Array.from(h))] as const] : [])));
    entry = { img: d.img, faces, descriptors: new Map(), hands, sideLit: new Map(), blur: new Map(), light: new Map(), reduced: new Map(), bare: new Map() };
    add('detect', performance.now() - t);
  }
  imageCache.remember(d.key, entry);
  return entry;
}

async function descriptorOf(models: Models, entry: ImageEntry, face: Face): Promise<Float32Array> {
  let d = entry.descriptors.get(face.index);
  if (!d) {
    d = await faceDescriptor(models, entry.img, face);
    entry.descriptors.set(face.index, d);
  }
  return d;
}

/** A fact of one face of an image (keyed by face index, or index and factor), judged once: a bulk job's face photo is judged once. */
function once<K, T>(judged: Map<K, T>, key: K, judge: () => T): T {
  let v = judged.get(key);
  if (v === undefined) {
    v = judge();
    judged.set(key, v);
  }
  return v;
}

/** The face with the hands against it (see hands/find.ts). */
function withHands(models: Models, entry: ImageEntry, face: Face): Face {
  return { ...face, hands: once(entry.hands, face.index, () => handsOnFace(models, entry.img, face)) };
}

/**
 * The source face as the warp should read it for the target face `target` (see sourceFactor),
 * and its light as read there (see faceLight), once per face and factor: a bulk job's face photo is
 * not read again for every target.
 */
async function sourceAt(entry: ImageEntry, face: Face, target: Face): Promise<{ img: RgbImage; face: Face; light: FaceLight; bare: () => RgbImage | null }> {
  const f = sourceFactor(face.size, target.size);
  const key = `${face.index}:${f}`;
  let r = f === 1 ? { img: entry.img, face } : entry.reduced.get(key);
  if (!r) {
    r = await reduceFace(entry.img, face, f);
    entry.reduced.set(key, r);
    imageCache.trim();
  }
  const seen = r;
  // A face reduced for a smaller target turned far from it has its glasses taken off at full size and
  // then reduced (see glasses/off.ts): on the reduced copy (84–101 px for 003, 008 and 013 onto the
  // 68-px 002) the frame was not found, stayed, and spread over the turned head. Kept under a key of
  // its own: the copy read on the reduced face (for a target's own glasses) may be null already.
  const turned = f > 1 && turnedPastGlasses(face, target);
  const bareKey = turned ? `${key}:full` : key;
  if (turned && !entry.bare.has(bareKey)) {
    const full = once(entry.bare, `${face.index}:1`, () => withoutGlasses(entry.img, face));
    entry.bare.set(bareKey, full ? (await reduceFace(full, face, f)).img : null);
    imageCache.trim();
  }
  const bare = () => {
    const b = once(entry.bare, bareKey, () => withoutGlasses(seen.img, seen.face));
    imageCache.trim();
    return b;
  };
  return { ...seen, light: once(entry.light, key, () => faceLight(seen.img, seen.face)), bare };
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
  // Both on libvips' threads at once (a cached image costs only its hash).
  const [srcIn, dstIn] = await Promise.all([decodeCached(opts.source, maxPixels, minFaceSize), decodeCached(opts.target, maxPixels, minFaceSize)]);
  add('decode', srcIn.entry && dstIn.entry ? 0 : performance.now() - t);
  t = performance.now();
  const models = await loadModels();
  add('models', performance.now() - t);
  progress('detect', 0.1);
  const source = await withFaces(models, srcIn, minFaceSize, add);
  const srcFace = chooseSource(source.faces, opts.sourceFace);
  const target = await withFaces(models, dstIn, minFaceSize, add, opts.targetAnalysis?.faces);
  const dstImg = target.img, dstFaces = target.faces;

  t = performance.now();
  const sel = opts.targetFaces ?? 'largest';
  const targets = typeof sel === 'object' && !Array.isArray(sel)
    ? await chooseByReference(models, sel, target, maxPixels, minFaceSize, add)
    : chooseTargets(dstFaces, sel);
  add('choose', performance.now() - t);

  // Identity needs the original target face, so describe it before it is overwritten.
  let srcDesc: Float32Array | null = null;
  let tgtDesc: Float32Array | null = null;
  const first = targets[0]!;
  if (wantIdentity) {
    progress('identity', 0.2);
    t = performance.now();
    srcDesc = await descriptorOf(models, source, srcFace);
    tgtDesc = await descriptorOf(models, target, first);
    add('identity', performance.now() - t);
  }

  const out: RgbImage = { data: Uint8Array.from(dstImg.data), width: dstImg.width, height: dstImg.height };
  const masks: Array<{ roi: Roi; support: Uint8Array }> = [];
  const warnings = new Set<SwapWarning>();
  t = performance.now();
  const handed = withHands(models, source, srcFace);
  const onto: Face[] = [];
  for (const face of targets) onto.push(withHands(models, target, face));
  add('hands', performance.now() - t);
  t = performance.now();
  if (once(source.sideLit, srcFace.index, () => sourceSideLit(source.img, srcFace))) warnings.add('source_side_lit');
  add('side-light', performance.now() - t);
  t = performance.now();
  const srcBlur = once(source.blur, srcFace.index, () => faceBlur(source.img, srcFace));
  const sharpSize = srcBlur.sharpSize;
  const dstBlurs = targets.map((face) => once(target.blur, face.index, () => faceBlur(target.img, face)));
  add('blur', performance.now() - t);
  t = performance.now();
  const from: Array<{ img: RgbImage; face: Face; light: FaceLight; bare: () => RgbImage | null }> = [];
  for (const face of targets) from.push(await sourceAt(source, handed, face));
  add('reduce', performance.now() - t);
  onto.forEach((face, k) => {
    progress('swap', 0.3 + (0.5 * k) / targets.length);
    const st = swapFace(from[k]!.img, from[k]!.face, out, face, add, 0x5eed + face.index, { reshape: opts.reshape ?? DEFAULT_RESHAPE, sourceShape: opts.sourceShape ?? DEFAULT_SOURCE_SHAPE, sourceSharpSize: sharpSize, sourceLight: from[k]!.light, sourceWithoutGlasses: from[k]!.bare, focus: { source: blurShare(srcBlur, srcFace.size), target: blurShare(dstBlurs[k]!, face.size) } });
    if (st.sideOn) warnings.add('source_side_on');
    if (st.sourceCovered) warnings.add('source_covered');
    if (st.sourceHand) warnings.add('source_hand');
    if (st.sourcePartial) warnings.add('source_partial');
    if (st.glassesLeftOff) warnings.add('source_glasses_off');
    if (srcFace.size < SHARPEN_FULL_SOURCE && face.size >= SMALL_SOURCE_SCALE * srcFace.size) warnings.add('source_small');
    else if (sharpSize <= BLURRED * srcFace.size && face.size >= BLURRY_SOURCE_SCALE * sharpSize) warnings.add('source_blurry');
    if (opts.keepRaw) masks.push({ roi: st.roi, support: st.support });
  });

  progress('encode', 0.8);
  // Encoding runs on libvips' own thread: the identity model runs meanwhile on this one.
  const tEnc = performance.now();
  const encoding = Promise.all([encodeJpeg(out, opts.jpegQuality ?? DEFAULT_JPEG_QUALITY), encodeThumbnail(out)]).then((r) => { add('encode', performance.now() - tEnc); return r; });
  encoding.catch(() => { /* awaited below */ });

  let identity = { toSource: Number.NaN, toTarget: Number.NaN };
  if (wantIdentity && srcDesc && tgtDesc) {
    progress('identity', 0.9);
    t = performance.now();
    const resDesc = await faceDescriptor(models, out, first);
    identity = { toSource: round3(cosine(resDesc, srcDesc)), toTarget: round3(cosine(resDesc, tgtDesc)) };
    add('identity', performance.now() - t);
  }
  const [image, thumb] = await encoding;
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
    warnings: SWAP_WARNINGS.filter((w) => warnings.has(w)),
    ...(opts.keepRaw ? { raw: { image: out, masks } } : {}),
  };
}

async function chooseByReference(
  models: Models, sel: { reference: Buffer; threshold?: number }, target: ImageEntry, maxPixels: number, minFaceSize: number, add: Timer,
): Promise<Face[]> {
  if (target.faces.length === 0) throw new EngineError('no_face_target');
  const ref = await withFaces(models, await decodeCached(sel.reference, maxPixels, minFaceSize), minFaceSize, add);
  if (ref.faces.length === 0) throw new EngineError('no_face_target', 'No face was found in the reference image.');
  const refDesc = await descriptorOf(models, ref, ref.faces[0]!);
  const threshold = sel.threshold ?? DEFAULT_REFERENCE_THRESHOLD;
  const scored: Array<{ face: Face; sim: number }> = [];
  for (const face of target.faces) {
    if (face.tooSmall) continue;
    scored.push({ face, sim: cosine(await descriptorOf(models, target, face), refDesc) });
  }
  const chosen = scored.filter((s) => s.sim >= threshold).sort((a, b) => b.sim - a.sim).map((s) => s.face);
  if (chosen.length === 0) throw new EngineError('no_face_target', 'No face in the target image matches the reference face.');
  return chosen;
}

function summary(f: Face): FaceSummary {
  const { landmarks: _landmarks, hands: _hands, ...rest } = f;
  return rest;
}

function ms(t: number): number {
  return Math.round((performance.now() - t) * 10) / 10;
}
function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
