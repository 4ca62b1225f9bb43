// The faces a person chose: POST /faces/detect lists a photo's faces (kept a short while, see
// face-analyses.ts), and an upload's `source` parts, `faces` and `sourceFaces` fields become the
// swap's sources and (target face, source) pairs, every index checked against the faces found.
import { MAX_SWAP_SOURCES, faceMapping, sourceFaces as sourceFacesField, type DetectFacesResponse } from '@visage/contracts';
import type { FoundFaces, TargetAnalysis } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { measure } from '../../http/server-timing.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { FaceDetector } from './engine.ts';
import { FaceAnalyses, type PhotoFaces } from './face-analyses.ts';
import type { SavedFaceSources } from './ports.ts';
import type { SwapFaces, SwapImage, SwapInput } from './service.ts';

/** One `source` part: a face photo sent as a file, or a text part naming a saved face. */
export type SourceEntry = { kind: 'file'; bytes: Buffer } | { kind: 'saved'; id: string };

/** What an upload form says about faces, as sent. */
export interface FaceChoice {
  sources: SourceEntry[];
  /** The `faces` field (JSON), if sent. */
  faces?: string;
  /** The `sourceFaces` field (JSON), if sent. */
  sourceFaces?: string;
}

const badIndex = (message: string, details: Record<string, unknown>) => new AppError(400, 'invalid_face_index', message, details);

export class FacePicker {
  constructor(
    private readonly detector: FaceDetector,
    private readonly intake: ImageIntake,
    private readonly saved: SavedFaceSources,
    /** A saved face as the only source: the swap keeps its stored key and reads every photo at run time. */
    private readonly savedSource: (uid: string, id: string) => Promise<SwapImage>,
    readonly analyses = new FaceAnalyses(),
  ) {}

  /**
   * `POST /faces/detect`: the upload's faces, upright as the swap sees them, largest first. Answered
   * as soon as the engine has found them: it reads their eyes afterwards, into the kept analysis.
   */
  async detect(uid: string, bytes: Buffer): Promise<DetectFacesResponse> {
    const { width, height, faces } = await this.found(uid, bytes);
    return {
      width,
      height,
      faces: faces.map((f) => ({
        box: [round(f.box.x), round(f.box.y), round(f.box.width), round(f.box.height)],
        score: Math.round(f.score * 1000) / 1000,
        usable: !f.tooSmall,
      })),
    };
  }

  /**
   * The swap's input from the form: one face photo and no choice is today's swap (its target's
   * faces still taken from detect's answer when the same bytes were shown). 400 naming the
   * index or field for anything that does not match the faces found.
   */
  async input(uid: string, choice: FaceChoice, target: Buffer | { key: string }): Promise<SwapInput> {
    const { sources } = choice;
    if (sources.length === 0) throw new AppError(400, 'images_missing', 'Please select both target and source images.', { field: 'source' });
    if (sources.length > MAX_SWAP_SOURCES) throw tooManySources();
    const known = Buffer.isBuffer(target) ? ((await this.kept(uid, target))?.analysis ?? null) : null;
    const pairs = choice.faces === undefined ? undefined : parseField(faceMapping, choice.faces, 'faces');
    const picked = choice.sourceFaces === undefined ? undefined : parseField(sourceFacesField, choice.sourceFaces, 'sourceFaces');
    const first = sources[0]!;
    if (!pairs && !picked && sources.length === 1) {
      return { source: first.kind === 'file' ? first.bytes : await this.savedSource(uid, first.id), target, targetAnalysis: known };
    }
    if (pairs && !Buffer.isBuffer(target)) throw new AppError(400, 'invalid_faces', 'Faces can be chosen on a photo of your own only.', { field: 'faces' });
    if (picked && picked.length > sources.length) throw badIndex('sourceFaces names a source that was not sent.', { field: 'sourceFaces' });
    let analysis = known;
    if (pairs) {
      analysis ??= (await this.analyse(uid, target as Buffer)).analysis;
      checkPairs(pairs, analysis, sources.length);
    }
    const photos: SwapImage[][] = [];
    for (const [j, entry] of sources.entries()) {
      const face = picked?.[j] ?? null;
      if (entry.kind === 'saved') {
        if (face !== null) throw badIndex('A saved face has one face per photo: leave its sourceFaces entry null.', { field: 'sourceFaces', source: j });
        photos.push((await this.saved.photos(uid, entry.id)).map((cleaned) => ({ cleaned })));
        continue;
      }
      if (face !== null) checkFace((await this.analyse(uid, entry.bytes)).analysis.faces, face, { field: 'sourceFaces', source: j });
      photos.push([entry.bytes]);
    }
    const faces: SwapFaces = { sources: photos, ...(pairs ? { pairs } : {}), ...(picked ? { sourceFaces: picked } : {}) };
    return { source: photos[0]![0]!, target, faces, targetAnalysis: analysis };
  }

  /** The photo's faces: from detect's answer kept for these bytes, else cleaned and detected now (and kept). */
  private async analyse(uid: string, bytes: Buffer): Promise<PhotoFaces> {
    return (await this.kept(uid, bytes)) ?? measure('detect', () => this.start(uid, bytes).analysis);
  }

  /** The photo's faces without their landmarks, as soon as they are known. */
  private async found(uid: string, bytes: Buffer): Promise<FoundFaces> {
    const kept = await this.kept(uid, bytes);
    if (kept) return { width: kept.width, height: kept.height, faces: kept.analysis.faces };
    return measure('detect', () => this.start(uid, bytes).found);
  }

  /** The analysis kept for these bytes, once its detection has ended; null if none (or it failed). */
  private async kept(uid: string, bytes: Buffer): Promise<PhotoFaces | null> {
    return (await this.analyses.get(uid, bytes)?.catch(() => null)) ?? null;
  }

  /**
   * Cleans and detects the photo, keeping the analysis while it runs (so an upload that follows
   * waits for it rather than detecting again). `found`: the faces, told before their eyes are read.
   */
  private start(uid: string, bytes: Buffer): { found: Promise<FoundFaces>; analysis: Promise<PhotoFaces> } {
    let told: ((found: FoundFaces) => void) | undefined;
    const early = new Promise<FoundFaces>((resolve) => { told = resolve; });
    const analysis = (async () => {
      // Detected on the cleaned photo, upright: the very pixels the swap will read.
      const clean = await this.intake.clean(bytes);
      const found = await this.detector.detect(clean.body, { onFaces: (f) => told?.(f) });
      return { width: found.width, height: found.height, analysis: { faces: found.faces.map(({ hands: _hands, ...f }) => f) } };
    })();
    this.analyses.put(uid, bytes, analysis);
    const whole = analysis.then(({ width, height, analysis: a }) => ({ width, height, faces: a.faces }));
    return { found: Promise.race([early, whole]), analysis };
  }
}

export const tooManySources = () => new AppError(400, 'too_many_sources', `A swap takes at most ${MAX_SWAP_SOURCES} face photos.`, { field: 'source', max: MAX_SWAP_SOURCES });

function checkPairs(pairs: Array<{ target: number; source: number }>, analysis: TargetAnalysis, sources: number): void {
  const seen = new Set<number>();
  for (const p of pairs) {
    if (seen.has(p.target)) throw new AppError(400, 'duplicate_face', `Face ${p.target} is chosen twice.`, { field: 'faces', target: p.target });
    seen.add(p.target);
    checkFace(analysis.faces, p.target, { field: 'faces', target: p.target });
    if (p.source >= sources) throw badIndex(`Source ${p.source} was not sent: ${sources} face photo(s) came with the swap.`, { field: 'faces', source: p.source });
  }
}

function checkFace(faces: TargetAnalysis['faces'], index: number, details: Record<string, unknown>): void {
  const face = faces[index];
  if (!face) throw badIndex(`Face ${index} does not exist: the photo shows ${faces.length} face(s).`, details);
  if (face.tooSmall) throw new AppError(400, 'face_not_usable', `Face ${index} is too small to swap.`, details);
}

function parseField<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, text: string, field: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(400, 'invalid_faces', `${field} must be JSON as the API documents it.`, { field });
  return parsed.data;
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
