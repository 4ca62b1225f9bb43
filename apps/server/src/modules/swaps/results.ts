// What a person does with a finished swap (delete it, compare it with the photo it came from)
// and upload retention: the uploaded photos under uploads/ go UPLOAD_RETENTION_HOURS after
// their swap ends. Keys under catalogue/ or faces/ are shared and never deleted here.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { OpenStored } from '../../http/send-range.ts';
import type { SwapDataRepository } from './data-repository.ts';
import type { SwapRow } from './repository.ts';
import type { SwapsService } from './service.ts';
import { faceMapKeys } from './face-map.ts';

const UPLOADS = 'uploads/';
const notFound = () => new AppError(404, 'not_found', 'Not found.');

/** The keys of a swap's own uploaded photos (never a shared catalogue or saved-face key). */
export function uploadKeys(row: Pick<SwapRow, 'source_key' | 'target_key' | 'face_map'>): string[] {
  return [...new Set([row.source_key, row.target_key, ...faceMapKeys(row.face_map)])].filter((k) => k.startsWith(UPLOADS));
}

export class SwapResultsService {
  constructor(
    private readonly repo: SwapDataRepository,
    private readonly storage: Storage,
    private readonly swaps: SwapsService,
    private readonly retentionMs: number,
    /** A shared key (a saved face's photo) a deleted swap read: its owner module drops it if nothing else holds it. */
    private readonly releaseShared: (uid: string, key: string) => Promise<void> = async () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** Deletes the caller's swap: result, thumbnail, its own uploads and the row. 404 for anyone else's. */
  async deleteOwned(id: string, uid: string): Promise<void> {
    const row = await this.swaps.get(id);
    if (!row || row.uid !== uid) throw notFound();
    if (row.status === 'queued' || row.status === 'running') throw new AppError(409, 'swap_in_progress', 'This swap is still running.');
    // Its own files first: should a delete fail, the row stays and the swap can be deleted again.
    // Uploads a bulk sibling may share are counted once the row is gone (two deletes at once both see it).
    await this.deleteKeys([row.result_key, row.thumb_key]);
    await this.repo.deleteById(id);
    this.swaps.changed(uid);
    await this.deleteKeys(await this.unreferencedUploads(row));
    if (row.source_key.startsWith('faces/')) await this.releaseShared(uid, row.source_key);
  }

  /** The target photo of the caller's done swap, while retention keeps it. */
  async original(row: SwapRow): Promise<{ body: Buffer; contentType: string }> {
    this.assertOriginalKept(row);
    const file = await this.storage.get(row.target_key);
    if (!file) throw notFound();
    return file;
  }

  /** A done video swap's clip as uploaded, streamed by ranges (too large to hold), while retention keeps it. */
  originalStream(row: SwapRow): OpenStored {
    this.assertOriginalKept(row);
    return (range) => this.storage.getStream(row.target_key, range);
  }

  /** A done video swap's MP4, streamed by ranges. */
  videoStream(row: SwapRow): OpenStored {
    if (row.status !== 'done' || row.kind !== 'video' || !row.result_key) throw notFound();
    const key = row.result_key;
    return (range) => this.storage.getStream(key, range);
  }

  private assertOriginalKept(row: SwapRow): void {
    if (row.status !== 'done' || (row.uploads_deleted_at !== null && row.target_key.startsWith(UPLOADS))) throw notFound();
  }

  /**
   * A shared target photo (a catalogue entry being removed) is about to go: each person whose
   * swaps still show it as their "before" gets a copy under their own uploads/, so retention,
   * deletion, export and erasure treat it as a photo they uploaded. Call before deleting `key`.
   */
  async keepSharedTarget(key: string): Promise<void> {
    const uids = [...new Set((await this.repo.keptWithTarget(key)).map((r) => r.uid))];
    if (uids.length === 0) return;
    const file = await this.storage.get(key);
    if (!file) return;
    for (const uid of uids) {
      const copy = `${UPLOADS}${uid}/${randomUUID()}-target.jpg`;
      await this.storage.put(copy, file.body, file.contentType);
      // Swept meanwhile: nothing shows the copy, so it goes at once.
      if ((await this.repo.repointTarget(uid, key, copy)) === 0) await this.storage.delete(copy);
      else this.swaps.changed(uid);
    }
  }

  /**
   * Deletes the uploads of every swap that ended more than the retention period ago. Idempotent
   * and safe to run in several processes at once (deleting a missing key is no error).
   */
  async sweep(batch = 200): Promise<number> {
    const cutoff = this.now() - this.retentionMs;
    let purged = 0;
    for (;;) {
      const rows = await this.repo.endedWithUploads(cutoff, batch);
      let progressed = 0;
      for (const row of rows) if (await this.purge(row, cutoff)) progressed += 1;
      purged += progressed;
      if (rows.length < batch || progressed === 0) return purged;
    }
  }

  /** With a retention of 0, a swap's uploads go as soon as it ends. */
  async purgeNowIfDue(swapId: string): Promise<void> {
    if (this.retentionMs > 0) return;
    const row = await this.swaps.get(swapId);
    if (row && row.uploads_deleted_at === null && (row.status === 'done' || row.status === 'failed')) await this.purge(row, this.now());
  }

  private async purge(row: SwapRow, cutoff: number): Promise<boolean> {
    const keys = uploadKeys(row);
    for (const key of keys) if ((await this.repo.countUsing(key, cutoff)) > 0) return false;
    await this.deleteKeys(keys);
    await this.repo.markUploadsDeleted(row.id, this.now());
    this.swaps.changed(row.uid);
    return true;
  }

  /** Its uploads that no other swap (a bulk job's sibling) refers to; call once the row is gone. */
  private async unreferencedUploads(row: SwapRow): Promise<string[]> {
    const keys: string[] = [];
    for (const key of uploadKeys(row)) if ((await this.repo.countReferences(key)) === 0) keys.push(key);
    return keys;
  }

  private async deleteKeys(keys: (string | null)[]): Promise<void> {
    for (const key of keys) if (key) await this.storage.delete(key);
  }
}
