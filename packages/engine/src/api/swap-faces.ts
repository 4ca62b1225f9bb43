// swapFaces: decode the photos, find and choose the faces, judge once what each image's faces
// need (kept in the image cache), run the stage list on each chosen face, each from its own source
// (swap/stages.ts), all onto one copy of the target, then encode once while the identity score is read.
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
import { CAUSE_WARNING, judgeFace, judgeResult, verdictFigures, type VerdictFigures } from '../verdict/verdict.ts';
import { chooseTargets } from './choose.ts';
import { decodeCached, descriptorOf, withFaces, type ImageEntry, type Timer } from './image-cache.ts';
import { DEFAULT_JPEG_QUALITY, DEFAULT_REFERENCE_THRESHOLD, DEFAULT_RESHAPE, DEFAULT_SOURCE_SHAPE, sourceList, validate, type FaceSummary, type SwapOptions, type SwapResult, type SwapWarning } from './options.ts';
import { sourceAt, type SourceSeen } from './source-at.ts';
import { analyseSources, decodeSources, groupBySource, type SwapGroup } from './source-photos.ts';

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
  // All photos on libvips' threads at once (a cached image costs only its hash).
  const [srcIn, dstIn] = await Promise.all([decodeSources(sourceList(opts), maxPixels, minFaceSize), decodeCached(opts.target, maxPixels, minFaceSize)]);
  add('decode', srcIn.flat().every((d) => d.entry) && dstIn.entry ? 0 : performance.now() - t);
  t = performance.now();
  const models = await loadModels();
  add('models', performance.now() - t);
  progress('detect', 0.1);
  const sources = await analyseSources(models, srcIn, minFaceSize, add, (j) => opts.sourceFaces?.[j] ?? (j === 0 ? opts.sourceFace : undefined), opts.sourceAnalyses);
  const target = await withFaces(models, dstIn, minFaceSize, add, opts.targetAnalysis?.faces);
  const dstImg = target.img, dstFaces = target.faces;

  t = performance.now();
  const sel = opts.targetFaces ?? 'largest';
  const targets = opts.pairs
    ? chooseTargets(dstFaces, opts.pairs.map((p) => p.target))
    : typeof sel === 'object' && !Array.isArray(sel)
      ? await chooseByReference(models, sel, target, maxPixels, minFaceSize, add)
      : chooseTargets(dstFaces, sel);
  const sourceOf = opts.pairs ? opts.pairs.map((p) => p.source) : targets.map(() => 0);
  const groups = groupBySource(target, targets, sourceOf, sources);
  add('choose', performance.now() - t);

  // Identity needs the original target face, so describe it before it is overwritten.
  let srcDesc: Float32Array | null = null;
  let tgtDesc: Float32Array | null = null;
  const first = targets[0]!;
  const firstPhoto = groups.find((g) => g.at.includes(0))!.photo;
  if (wantIdentity) {
    progress('identity', 0.2);
    t = performance.now();
    srcDesc = await descriptorOf(models, firstPhoto.entry, firstPhoto.face);
    tgtDesc = await descriptorOf(models, target, first);
    add('identity', performance.now() - t);
  }

  const out: RgbImage = { data: Uint8Array.from(dstImg.data), width: dstImg.width, height: dstImg.height };
  const masks: Array<{ roi: Roi; support: Uint8Array }> = [];
  const warnings = new Set<SwapWarning>();
  const figures: VerdictFigures[] = [];
  // Each source photo is judged once with the target faces it goes onto; every face is then
  // swapped in the swap's order onto the one copy of the target.
  const plan: Array<{ srcFace: Face; face: Face; from: SourceSeen; inputs: Array<() => FaceSwapInput> }> = [];
  for (const g of groups) {
    // What the special cases judge of the two photos (kept with each image), in their list's order.
    let judgedSrc = g.photo.face;
    let onto: Face[] = g.targets;
    const inputs: Array<(k: number) => FaceSwapInput> = [];
    for (const special of SPECIAL_CASES) {
      if (!special.facts) continue;
      t = performance.now();
      const judged = special.facts.judge({ models, source: g.photo.entry, srcFace: judgedSrc, target, targets: onto });
      judgedSrc = judged.srcFace ?? judgedSrc;
      onto = judged.targets ?? onto;
      for (const w of judged.warnings ?? []) warnings.add(w);
      if (judged.input) inputs.push(judged.input);
      add(special.facts.timing, performance.now() - t);
    }
    t = performance.now();
    for (const [i, face] of onto.entries()) {
      plan[g.at[i]!] = { srcFace: g.photo.face, face, from: await sourceAt(g.photo.entry, judgedSrc, face), inputs: inputs.map((given) => () => given(i)) };
    }
    add('reduce', performance.now() - t);
  }
  plan.forEach(({ srcFace, face, from, inputs }, k) => {
    progress('swap', 0.3 + (0.5 * k) / targets.length);
    const input: FaceSwapInput = { reshape: opts.reshape ?? DEFAULT_RESHAPE, sourceShape: opts.sourceShape ?? DEFAULT_SOURCE_SHAPE, sourceLight: from.light, sourceWithoutGlasses: from.bare };
    for (const given of inputs) Object.assign(input, given());
    const st = swapFace(from.img, from.face, out, face, add, 0x5eed + face.index, input);
    for (const w of FACE_WARNINGS) if (w.raised({ srcFace, dstFace: face, input, stats: st })) warnings.add(w.warning);
    t = performance.now();
    figures.push(verdictFigures(out, dstImg, srcFace, face, st));
    add('verdict', performance.now() - t);
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
  // Likeness is measured on the first face only, as the identity score is.
  if (figures[0] && Number.isFinite(identity.toSource)) figures[0] = { ...figures[0], likeness: round3(identity.toSource - identity.toTarget) };
  const verdict = judgeResult(figures.map((f) => judgeFace(f)));
  if (verdict.cause) warnings.add(CAUSE_WARNING[verdict.cause]);
  const [image, thumb] = await encoding;
  timings.total = ms(t0);
  progress('done', 1);
  return {
    image,
    thumbnail: thumb.data,
    thumbnailType: thumb.type,
    width: out.width,
    height: out.height,
    faces: { source: summary(firstPhoto.face), targets: targets.map(summary), detectedInTarget: dstFaces.length, ...(sources[0]!.length > 1 ? { sourcePhotos: sourcePhotos(groups, targets.length) } : {}) },
    timings,
    identity,
    verdict,
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

/** Which photo of its source each target face was swapped from (in the swap's order). */
function sourcePhotos(groups: SwapGroup[], n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const g of groups) for (const k of g.at) out[k] = g.photo.index;
  return out;
}
