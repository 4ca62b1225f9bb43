// The target faces the picker showed a person (POST /faces/detect), kept a short while so that
// the upload that follows with the same bytes neither detects them again nor risks numbering
// them differently. An entry is kept while its detection still runs (the picker answers before
// the eyes are read): a reader waits for it, and one that fails is dropped. In memory, not in
// storage: an entry is only worth its short life, a miss costs one detection, and nothing of a
// photo outlives the TTL or a restart.
import { createHash } from 'node:crypto';
import type { TargetAnalysis } from '@visage/engine';

/** Long enough to choose faces and photos for them; short enough that an abandoned photo goes soon. */
export const ANALYSIS_TTL_MS = 15 * 60_000;
/** Entries kept at most (a face's analysis is ~12 KB: a few MB at worst); the oldest go first. */
export const ANALYSIS_MAX_ENTRIES = 500;

/** A photo's faces as detected, and its upright size. */
export interface PhotoFaces { width: number; height: number; analysis: TargetAnalysis }

export class FaceAnalyses {
  private readonly entries = new Map<string, { at: number; photo: Promise<PhotoFaces> }>();

  constructor(
    private readonly ttlMs = ANALYSIS_TTL_MS,
    private readonly maxEntries = ANALYSIS_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keyed by the person too: another account's upload of the same bytes is analysed on its own. */
  static key(uid: string, bytes: Buffer): string {
    return `${uid}:${createHash('sha256').update(bytes).digest('hex')}`;
  }

  /** The photo's analysis, once its detection has ended. */
  get(uid: string, bytes: Buffer): Promise<PhotoFaces> | null {
    const key = FaceAnalyses.key(uid, bytes);
    const e = this.entries.get(key);
    if (!e) return null;
    if (this.now() - e.at > this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return e.photo;
  }

  /** Keeps an analysis, or one still running: if that fails, it is dropped (the next reader detects again). */
  put(uid: string, bytes: Buffer, photo: PhotoFaces | Promise<PhotoFaces>): void {
    const key = FaceAnalyses.key(uid, bytes);
    const entry = { at: this.now(), photo: Promise.resolve(photo) };
    entry.photo.catch(() => { if (this.entries.get(key) === entry) this.entries.delete(key); });
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Map order is insertion order: the first entries are the oldest.
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
