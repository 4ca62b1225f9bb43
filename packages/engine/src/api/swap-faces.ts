// swapFaces: decode both photos, find and choose the faces, judge once what each image's faces
// need (kept in the image cache), run the stage list on each chosen face (swap/stages.ts), then
// encode while the identity score is read.
import { SWAP_WARNINGS } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import { EngineError } from '../core/errors.ts';
import type { Face } from '../face/face.ts';
import { DEFAULT_MAX_PIXELS } from '../io/decode.ts';
import { encodeJpeg, encodeThumbnail } from '../io/encode.ts';
import { DEFAULT_MIN_FACE_SIZE } from '../detect/detect.ts';
import { cosine, faceDescriptor } from '../detect/identity.ts';
import { loadModels, type Models } from '../models/models.ts';
import type { Roi } from '../raster/warp.ts';
import type { FaceSwapInput } from '../stages/context.ts';
import { swapFace } from '../swap/reduced-copy.ts';
import { SPECIAL_CASES } from '../swap/special-cases.ts';
import { FACE_WARNINGS } from '../swap/warnings.ts';
import { chooseSource, chooseTargets } from './choose.ts';
import { decodeCached, descriptorOf, withFaces, type ImageEntry, type Timer } from './image-cache.ts';
import { DEFAULT_JPEG_QUALITY, DEFAULT_REFERENCE_THRESHOLD, DEFAULT_RESHAPE, DEFAULT_SOURCE_SHAPE, validate, type FaceSummary, type SwapOptions, type SwapResult, type SwapWarning } from './options.ts';
import { sourceAt, type SourceSeen } from './source-at.ts';
import { closestPhoto, faceLuminance, PHOTO_LIGHT, type LitFace, type PhotoLight } from './closest-photo.ts';

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
  const photos = opts.sources?.length ? opts.sources : [opts.source];
  // Every photo on libvips' threads at once (a cached image costs only its hash).
  const decoded = await Promise.all([...photos, opts.target].map((b) => decodeCached(b, maxPixels, minFaceSize)));
  const dstIn = decoded.pop()!;
  add('decode', decoded.every((d) => d.entry) && dstIn.entry ? 0 : performance.now() - t);
  t = performance.now();
  const models = await loadModels();
  add('models', performance.now() - t);
  progress('detect', 0.1);
  const sources: SourcePhoto[] = [];
  for (const [i, d] of decoded.entries()) {
    const known = opts.sourceAnalyses?.[i];
    const entry = await withFaces(models, d, minFaceSize, add, known ? [known.face] : undefined);
    const face = chooseSource(entry.faces, photos.length === 1 ? opts.sourceFace : undefined);
    sources.push({ entry, face, light: known?.light });
  }
  const target = await withFaces(models, dstIn, minFaceSize, add, opts.targetAnalysis?.faces);
  const dstImg = target.img, dstFaces = target.faces;

  t = performance.now();
  const sel = opts.targetFaces ?? 'largest';
  const targets = typeof sel === 'object' && !Array.isArray(sel)
    ? await chooseByReference(models, sel, target, maxPixels, minFaceSize, add)
    : chooseTargets(dstFaces, sel);
  // Which photo each target face is swapped from.
  const picked = sources.length === 1 ? targets.map(() => 0) : targets.map((face) => pickPhoto(target, face, sources));
  add('choose', performance.now() - t);

  // Identity needs the original target face, so describe it before it is overwritten.
  let srcDesc: Float32Array | null = null;
  let tgtDesc: Float32Array | null = null;
  const first = targets[0]!;
  const firstSource = sources[picked[0]!]!;
  if (wantIdentity) {
    progress('identity', 0.2);
    t = performance.now();
    srcDesc = await descriptorOf(models, firstSource.entry, firstSource.face);
    tgtDesc = await descriptorOf(models, target, first);
    add('identity', performance.now() - t);
  }

  const out: RgbImage = { data: Uint8Array.from(dstImg.data), width: dstImg.width, height: dstImg.height };
  const masks: Array<{ roi: Roi; support: Uint8Array }> = [];
  const warnings = new Set<SwapWarning>();
  let done = 0;
  // Each photo onto the target faces that take it, as one photo onto its faces.
  for (const [p, photo] of sources.entries()) {
    const group = targets.filter((_, k) => picked[k] === p);
    if (group.length === 0) continue;
    const source = photo.entry, srcFace = photo.face;
    // What the special cases judge of the two photos (kept with each image), in their list's order.
    let judgedSrc = srcFace;
    let onto: Face[] = group;
    const inputs: Array<(k: number) => FaceSwapInput> = [];
    for (const special of SPECIAL_CASES) {
      if (!special.facts) continue;
      t = performance.now();
      const judged = special.facts.judge({ models, source, srcFace: judgedSrc, target, targets: onto });
      judgedSrc = judged.srcFace ?? judgedSrc;
      onto = judged.targets ?? onto;
      for (const w of judged.warnings ?? []) warnings.add(w);
      if (judged.input) inputs.push(judged.input);
      add(special.facts.timing, performance.now() - t);
    }
    t = performance.now();
    const from: SourceSeen[] = [];
    for (const face of onto) from.push(await sourceAt(source, judgedSrc, face));
    add('reduce', performance.now() - t);
    onto.forEach((face, k) => {
      progress('swap', 0.3 + (0.5 * done++) / targets.length);
      const input: FaceSwapInput = { reshape: opts.reshape ?? DEFAULT_RESHAPE, sourceShape: opts.sourceShape ?? DEFAULT_SOURCE_SHAPE, sourceLight: from[k]!.light, sourceWithoutGlasses: from[k]!.bare };
      for (const given of inputs) Object.assign(input, given(k));
      const st = swapFace(from[k]!.img, from[k]!.face, out, face, add, 0x5eed + face.index, input);
      for (const w of FACE_WARNINGS) if (w.raised({ srcFace, dstFace: face, input, stats: st })) warnings.add(w.warning);
      if (opts.keepRaw) masks.push({ roi: st.roi, support: st.support });
    });
  }

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
    faces: { source: summary(firstSource.face), targets: targets.map(summary), detectedInTarget: dstFaces.length, ...(sources.length > 1 ? { sourcePhotos: picked } : {}) },
    timings,
    identity,
    warnings: SWAP_WARNINGS.filter((w) => warnings.has(w)),
    ...(opts.keepRaw ? { raw: { image: out, masks } } : {}),
  };
}

interface SourcePhoto { entry: ImageEntry; face: Face; light: PhotoLight | undefined }

/** The photo whose face is turned and lit most like this target face. */
function pickPhoto(target: ImageEntry, face: Face, sources: SourcePhoto[]): number {
  const lit = (entry: ImageEntry, f: Face, known?: PhotoLight): LitFace => ({ ...f, light: known ?? entry.facts.once(PHOTO_LIGHT, f.index, () => faceLuminance(entry.img, f)) });
  return Math.max(0, closestPhoto(lit(target, face), sources.map((s) => lit(s.entry, s.face, s.light))));
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
