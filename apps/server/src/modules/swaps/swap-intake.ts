// Creating swaps from an upload: the photos cleaned and stored, the allowance reserved and the rows
// inserted in one transaction, then one job per swap enqueued (SwapsService.create/createBatch).
import { randomUUID } from 'node:crypto';
import type { SwapErrorCode, UploadResponse } from '@visage/contracts';
import type { FacePair, TargetAnalysis } from '@visage/engine';
import { measure } from '../../http/server-timing.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { FaceMap } from './face-map.ts';
import type { MediaStore, UsageQuota } from './ports.ts';
import type { NewSwap, SwapRow, SwapsRepository } from './repository.ts';

/**
 * An upload (cleaned and stored under uploads/, deleted with the swap), an upload the caller
 * already cleaned by the ImageIntake (stored as it is), or an already stored, shared key.
 */
export type SwapImage = Buffer | { cleaned: Buffer } | { key: string };
export interface SwapInput {
  source: SwapImage;
  target: SwapImage;
  /** The saved face the swap is made with (bulk with a saved face), kept as a tag. */
  faceId?: string | null;
  /** The faces the person chose (the face picker); without it, `source` goes onto the largest face. */
  faces?: SwapFaces;
  /** The target's faces as detected before the upload, handed to the engine instead of detecting again. */
  targetAnalysis?: TargetAnalysis | null;
}

/** Chosen faces: every source as its photos, source 0 first (its first photo is the input's `source`). */
export interface SwapFaces {
  sources: SwapImage[][];
  pairs?: FacePair[];
  sourceFaces?: Array<number | null>;
}

/** What creating swaps needs of the swaps service: its stores, and its enqueue, fail and changed moves. */
export interface SwapIntakeDeps {
  repo: SwapsRepository;
  storage: MediaStore;
  quota: UsageQuota;
  intake: ImageIntake;
  now: () => number;
  enqueue(swapId: string, jobId: string): Promise<string>;
  fail(swapId: string, code: SwapErrorCode): Promise<boolean>;
  changed(uid: string): void;
}

/**
 * Creates N swaps all or nothing: images are cleaned and stored first, then one transaction
 * reserves N of the allowance and inserts the N rows (refused: 402, and what was stored is
 * deleted); then one job per swap is enqueued. A job that cannot be enqueued fails its swap
 * (allowance given back); a crash before enqueueing is caught by reconcile() at start.
 */
export async function createSwaps(d: SwapIntakeDeps, uid: string, mode: SwapRow['mode'], items: readonly SwapInput[]): Promise<UploadResponse[]> {
  if (items.length === 0) return [];
  await d.quota.assertCanSwap(uid, items.length);
  const stored: string[] = [];
  const rows: NewSwap[] = [];
  try {
    for (const item of items) {
      const id = randomUUID();
      const [sourceKey, targetKey] = await settledAll([
        store(d, item.source, `uploads/${uid}/${id}-source.jpg`, stored, uid),
        store(d, item.target, `uploads/${uid}/${id}-target.jpg`, stored, uid),
      ]);
      const row = { id, uid, mode, job_id: `swap-${id}`, source_key: sourceKey!, target_key: targetKey!, created_at: d.now(), quota_period: null };
      const faceMap = item.faces ? JSON.stringify(await storeFaces(d, item.faces, sourceKey!, `uploads/${uid}/${id}`, stored, uid)) : null;
      rows.push({ ...row, face_id: item.faceId ?? null, face_map: faceMap, target_analysis: item.targetAnalysis ? JSON.stringify(item.targetAnalysis) : null });
    }
    await measure('reserve', () => d.repo.transaction(async (tx, db) => {
      const period = await d.quota.reserveSwaps(db, uid, rows.length, new Date(d.now()));
      await tx.insertMany(rows.map((r) => ({ ...r, quota_period: period })));
    }));
  } catch (err) {
    await Promise.allSettled(stored.map((k) => d.storage.delete(k)));
    throw err;
  }
  d.changed(uid);
  for (const [i, r] of rows.entries()) {
    try {
      await measure('enqueue', () => d.enqueue(r.id, r.job_id));
    } catch (err) {
      for (const rest of rows.slice(i)) await d.fail(rest.id, 'engine_failed');
      throw err;
    }
  }
  return rows.map((r) => ({ id: r.id, jobId: r.job_id, status: 'queued' as const }));
}

/** Stores every source photo but the first (stored as source_key) under `prefix`; the map the row keeps. */
async function storeFaces(d: SwapIntakeDeps, faces: SwapFaces, sourceKey: string, prefix: string, stored: string[], owner: string): Promise<FaceMap> {
  const sources = await settledAll(faces.sources.map((photos, j) => settledAll(photos.map((image, p) =>
    j === 0 && p === 0 ? Promise.resolve(sourceKey) : store(d, image, `${prefix}-source-${j}-${p}.jpg`, stored, owner)))));
  return { sources, ...(faces.pairs ? { pairs: faces.pairs } : {}), ...(faces.sourceFaces ? { sourceFaces: faces.sourceFaces } : {}) };
}

async function store(d: SwapIntakeDeps, image: SwapImage, key: string, stored: string[], owner: string): Promise<string> {
  if ('key' in image) return image.key;
  const body = Buffer.isBuffer(image) ? (await d.intake.clean(image, { owner })).body : image.cleaned;
  stored.push(key);
  await measure('store', () => d.storage.put(key, body, 'image/jpeg'));
  return key;
}

/** Like Promise.all, but waits for every promise, so nothing is still writing when we clean up. */
async function settledAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
