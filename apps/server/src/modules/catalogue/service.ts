// Catalogue rules: operator uploads (one usable face per photo, analysed once and kept), the
// lists every signed-in user reads (serialized once, cached), edits, removals, and the lookup
// of a swap's target among OUR entries — a URL a client sends is never fetched.
import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import {
  catalogueImagePath, SOCCER_PLAYERS, type AttributeSuggestion, type CatalogueEntry, type CatalogueKind, type CatalogueRejection, type CatalogueUploadResult,
} from '@visage/contracts';
import type { EngineCalls, Face, TargetAnalysis } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { MediaStore } from '../swaps/ports.ts';
import { parseEdit, parseUploadMetadata, type StoredAttributes } from './metadata.ts';
import type { CatalogueListRow, CatalogueRepository, CatalogueRow } from './repository.ts';
import { emptyColumnsFilled, emptySuggestedKeys, suggestionOf } from './suggestions.ts';

export type FaceReader = Pick<EngineCalls, 'describe'>;

export interface CatalogueStore extends MediaStore {
  delete(key: string): Promise<void>;
}

export interface UploadedPhoto {
  name: string;
  body: Buffer | null;
  /** Set when the file was cut off at the size limit. */
  tooLarge?: boolean;
}

const REJECTIONS: Record<CatalogueRejection, string> = {
  no_face: 'No face was found in this photo.',
  several_faces: 'This photo shows several faces; a catalogue photo must show one.',
  face_too_small: 'The face in this photo is too small. Use a closer photo.',
  invalid_image_type: 'Please select a valid image file (jpeg, png, or jpg).',
  corrupt_image: 'This image file is damaged and cannot be read.',
  image_too_large: 'This image is too large.',
  file_too_large: 'The file size should be less than 10 MB.',
  explicit_content: 'This photo looks like explicit content, which is refused.',
};

/** Refusals of the intake that are about one photo: reported for it, and the others go on. */
const PHOTO_REFUSALS = new Set<string>(['invalid_image_type', 'corrupt_image', 'image_too_large', 'explicit_content']);

/** Longest side of a catalogue thumbnail: the modal shows ~160 px tiles, twice that for dense screens. */
const THUMB_SIDE = 320;
/** Lists are shared by every user: served from memory, re-read at most this often (other processes' changes). */
const LIST_TTL_MS = 2000;

interface CachedCatalogue {
  at: number;
  entries: CatalogueEntry[];
  body: string;
  etag: string;
  gzip: Buffer;
}

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function toEntry(row: CatalogueListRow): CatalogueEntry {
  const entry: CatalogueEntry = {
    id: row.id,
    url: catalogueImagePath(row.id),
    thumbUrl: `/app/api/media/catalogue/${row.id}/thumb`,
    createdAt: row.created_at,
    gender: row.gender, ethnicity: row.ethnicity, ageRange: row.age_range, faceShape: row.face_shape, hairType: row.hair_type, hairLength: row.hair_length,
    hairColor: row.hair_color, eyesShape: row.eyes_shape, noseShape: row.nose_shape, lipsShape: row.lips_shape, cheeksShape: row.cheeks_shape,
  };
  if (row.kind === 'prosoccer') {
    const player = SOCCER_PLAYERS.find((p) => p.id === row.player_id);
    Object.assign(entry, { playerName: player?.name ?? '', playerId: row.player_id ?? '', country: row.country ?? '', club: row.club ?? '' });
  }
  return entry;
}

/** Why a photo's faces do not make a catalogue photo, or null when exactly one usable face shows. */
export function faceProblem(faces: Pick<Face, 'tooSmall'>[]): CatalogueRejection | null {
  if (faces.length === 0) return 'no_face';
  const usable = faces.filter((f) => !f.tooSmall).length;
  if (usable === 0) return 'face_too_small';
  return usable > 1 ? 'several_faces' : null;
}

export class CatalogueService {
  private readonly lists = new Map<CatalogueKind, CachedCatalogue>();
  /** Runs before a removed entry's photo is deleted: swaps made from it keep their own copy. */
  private keepForSwaps: (imageKey: string) => Promise<void> = async () => {};

  constructor(
    private readonly repo: CatalogueRepository,
    private readonly storage: CatalogueStore,
    private readonly faces: FaceReader,
    private readonly intake: ImageIntake,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list, newest first, serialized once and shared; `filters` (attribute → value) combine with AND. */
  async listJson(kind: CatalogueKind, filters: Record<string, string> = {}): Promise<{ body: string; etag: string; gzip?: Buffer }> {
    let cached = this.lists.get(kind);
    if (!cached || this.now() - cached.at >= LIST_TTL_MS) {
      const entries = (await this.repo.list(kind)).map(toEntry);
      const body = JSON.stringify(entries);
      // Compressed once for every reader: 1,000 entries are ~340 KB of JSON, ~10 times less gzipped.
      cached = { at: this.now(), entries, body, etag: etagOf(body), gzip: gzipSync(body, { level: 6 }) };
      this.lists.set(kind, cached);
    }
    const wanted = Object.entries(filters);
    if (wanted.length === 0) return cached;
    const body = JSON.stringify(cached.entries.filter((e) => wanted.every(([k, v]) => (e as Record<string, unknown>)[k] === v)));
    return { body, etag: etagOf(body) };
  }

  /** Each photo is checked and stored on its own: a refused photo does not stop the others. */
  async upload(kind: CatalogueKind, uid: string, photos: UploadedPhoto[], metadata: string | undefined): Promise<CatalogueUploadResult> {
    const attrs = parseUploadMetadata(kind, metadata);
    if (photos.length === 0) throw new AppError(400, 'missing_field', 'Please select at least one image.', { field: 'images' });
    const results: CatalogueUploadResult['results'] = [];
    for (const [index, photo] of photos.entries()) {
      const outcome = await this.addOne(kind, uid, photo, attrs);
      results.push(typeof outcome === 'string'
        ? { index, name: photo.name, status: 'rejected', code: outcome, message: REJECTIONS[outcome] }
        : { index, name: photo.name, status: 'added', entry: toEntry(outcome) });
    }
    this.lists.delete(kind);
    return { results };
  }

  /** `fillEmpty`: attributes left empty take the photo's suggestions (demo seeding; an operator's upload keeps what was sent). */
  private async addOne(kind: CatalogueKind, uid: string, photo: UploadedPhoto, attrs: StoredAttributes, fixedId?: string, fillEmpty = false): Promise<CatalogueRow | CatalogueRejection> {
    if (photo.tooLarge || !photo.body) return 'file_too_large';
    let clean;
    try {
      clean = await this.intake.clean(photo.body);
    } catch (err) {
      if (err instanceof AppError && PHOTO_REFUSALS.has(err.code)) return err.code as CatalogueRejection;
      throw err;
    }
    // Analysed on the stored bytes: the swap reads exactly these, so the faces fit them.
    const analysis = await this.faces.describe(clean.body);
    const problem = faceProblem(analysis.faces);
    if (problem) return problem;
    const id = fixedId ?? randomUUID();
    const imageKey = `catalogue/${kind}/${id}.jpg`;
    const thumbKey = `catalogue/${kind}/${id}-thumb.webp`;
    const thumb = await sharp(clean.body).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside' }).webp({ quality: 72 }).toBuffer();
    await Promise.all([this.storage.put(imageKey, clean.body, 'image/jpeg'), this.storage.put(thumbKey, thumb, 'image/webp')]);
    const filled = fillEmpty && analysis.description ? emptyColumnsFilled(attrs, analysis.description) : {};
    const row: CatalogueRow = {
      id, kind, image_key: imageKey, thumb_key: thumbKey, width: clean.width, height: clean.height, ...attrs, ...filled,
      analysis: JSON.stringify(analysis.analysis), created_by: uid, created_at: this.now(),
    };
    await this.repo.insert(row);
    return row;
  }

  /** What the operator form can pre-fill for a photo: every attribute but ethnicity. */
  async suggest(body: Buffer): Promise<AttributeSuggestion> {
    const clean = await this.intake.clean(body);
    const analysis = await this.faces.describe(clean.body);
    const problem = faceProblem(analysis.faces);
    const d = analysis.description;
    if (problem || !d) return { problem: problem ?? 'no_face' };
    return suggestionOf(d);
  }

  async find(kind: CatalogueKind, id: string): Promise<CatalogueListRow> {
    const row = /^[0-9a-z-]{1,64}$/.test(id) ? await this.repo.find(id) : undefined;
    if (!row || row.kind !== kind) throw new AppError(404, 'not_found', 'Not found.');
    return row;
  }

  async media(id: string, variant: 'image' | 'thumb'): Promise<{ body: Buffer; contentType: string }> {
    const row = /^[0-9a-z-]{1,64}$/.test(id) ? await this.repo.find(id) : undefined;
    const file = row ? await this.storage.get(variant === 'image' ? row.image_key : row.thumb_key) : null;
    if (!file) throw new AppError(404, 'not_found', 'Not found.');
    return file;
  }

  async edit(kind: CatalogueKind, id: string, body: unknown): Promise<CatalogueEntry> {
    await this.find(kind, id);
    const values = parseEdit(kind, body);
    if (Object.keys(values).length > 0) await this.repo.update(id, values);
    this.lists.delete(kind);
    return toEntry(await this.find(kind, id));
  }

  onRemoval(keep: (imageKey: string) => Promise<void>): void {
    this.keepForSwaps = keep;
  }

  /**
   * Removes the entry and its files. Swaps made from it keep their results, and those still
   * showing it as their "before" get their own copy first (the row goes first, so no new swap
   * can pick it meanwhile).
   */
  async remove(kind: CatalogueKind, id: string): Promise<void> {
    const row = await this.find(kind, id);
    await this.repo.delete(id);
    this.lists.delete(kind);
    await this.keepForSwaps(row.image_key);
    await Promise.all([this.storage.delete(row.image_key), this.storage.delete(row.thumb_key)]);
  }

  /**
   * The storage key of the catalogue entry a `targetImageUrl` names (its `url`, relative or on any
   * origin). Anything else is refused with 400: the server never fetches a URL it is given.
   */
  async resolveTarget(kind: CatalogueKind, url: string): Promise<string> {
    let path = url;
    try {
      path = new URL(url, 'http://catalogue.invalid').pathname;
    } catch {
      /* refused below */
    }
    const id = /^\/app\/api\/media\/catalogue\/([0-9a-z-]{1,64})\/image$/.exec(path)?.[1];
    const row = id ? await this.repo.find(id) : undefined;
    if (!row || row.kind !== kind) throw new AppError(400, 'unknown_target', 'targetImageUrl must be the url of one of our catalogue photos.', { field: 'targetImageUrl' });
    return row.image_key;
  }

  /** The face analysis kept for a catalogue image, for the swap job. */
  async analysisForKey(key: string): Promise<TargetAnalysis | null> {
    const raw = key.startsWith('catalogue/') ? await this.repo.analysisByImageKey(key) : null;
    return raw ? (JSON.parse(raw) as TargetAnalysis) : null;
  }

  /**
   * Demo seeding: one photo with its attributes, the empty ones filled from the photo's suggestions;
   * deterministic id and image key, so it is added at most once.
   */
  async seedOne(kind: CatalogueKind, id: string, name: string, body: Buffer, attrs: StoredAttributes): Promise<CatalogueRejection | null> {
    const outcome = await this.addOne(kind, 'demo', { name, body }, attrs, id, true);
    this.lists.delete(kind);
    return typeof outcome === 'string' ? outcome : null;
  }

  /**
   * Fills an existing entry's empty attributes from its photo's suggestions (demo entries seeded
   * before suggestions covered them); returns how many were filled. A value set meanwhile stays.
   */
  async fillEmptyAttributes(id: string): Promise<number> {
    const row = await this.repo.find(id);
    if (!row) return 0;
    if (emptySuggestedKeys(row).length === 0) return 0;
    const file = await this.storage.get(row.image_key);
    const d = file ? (await this.faces.describe(file.body)).description : null;
    if (!d) return 0;
    const filled = await this.repo.fillEmpty(id, emptyColumnsFilled(row, d));
    this.lists.delete(row.kind);
    return filled;
  }

  isSeeded(name: string): Promise<boolean> {
    return this.repo.isSeeded(name);
  }

  markSeeded(name: string): Promise<void> {
    return this.repo.markSeeded(name, this.now());
  }

  /** Whether an entry exists (seeding skips photos a stopped start already added). */
  async has(id: string): Promise<boolean> {
    return !!(await this.repo.find(id));
  }
}
