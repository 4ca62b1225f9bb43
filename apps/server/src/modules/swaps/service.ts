// Swap rules: intake of the two photos, one job per swap, gallery listing, and the job's
// work itself (run the engine, store the labelled result exactly once).
import { randomUUID } from 'node:crypto';
import type { SwapErrorCode, SwapList, UploadResponse } from '@visage/contracts';
import type { TargetAnalysis } from '@visage/engine';
import { AppError } from '../../http/errors.ts';
import { measure } from '../../http/server-timing.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { manipulationXmp, withXmp } from './labelling.ts';
import { isCodedEngineError, type MediaStore, type SwapEngine, type UsageQuota } from './ports.ts';
import type { NewSwap, SwapRow, SwapsRepository } from './repository.ts';
import { SwapListCache, type CachedList } from './list-cache.ts';
import { MESSAGES, toSwapItem } from './swap-item.ts';

export { mediaUrls, toSwapItem } from './swap-item.ts';

export const SWAP_JOB = 'swap.run';
export const SWAP_MAX_ATTEMPTS = 3;

export type SwapMode = SwapRow['mode'];

export interface SwapJobQueue {
  enqueue(name: typeof SWAP_JOB, payload: { swapId: string }, opts: { jobId: string; maxAttempts: number }): Promise<string>;
  get(id: string): Promise<{ status: 'queued' | 'running' | 'done' | 'failed' } | null>;
}

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
}

/** The face analysis kept for a stored target (a catalogue photo), or null. */
export type StoredAnalyses = (targetKey: string) => Promise<TargetAnalysis | null>;

export interface SwapProgress {
  stage: string;
  progress: number;
}

export class SwapsService {
  private readonly lists = new SwapListCache();
  private analyses: StoredAnalyses = async () => null;

  /** Where the job finds a stored target's face analysis, so the engine does not detect it again. */
  useStoredAnalyses(lookup: StoredAnalyses): void {
    this.analyses = lookup;
  }
  private readonly changeListeners = new Set<(uid: string) => void>();

  constructor(
    private readonly repo: SwapsRepository,
    private readonly storage: MediaStore,
    private readonly queue: SwapJobQueue,
    private readonly quota: UsageQuota,
    private readonly intake: ImageIntake,
    private readonly now: () => number = Date.now,
  ) {}

  /** `target` may be the key of a photo we store already (a catalogue photo: shared, never copied). */
  async create(input: { uid: string; mode: SwapMode; source: Buffer; target: SwapImage }): Promise<UploadResponse> {
    const [created] = await this.createBatch(input.uid, input.mode, [{ source: input.source, target: input.target }]);
    return created!;
  }

  /**
   * Creates N swaps all or nothing: images are cleaned and stored first, then one transaction
   * reserves N of the allowance and inserts the N rows (refused: 402, and what was stored is
   * deleted); then one job per swap is enqueued. A job that cannot be enqueued fails its swap
   * (allowance given back); a crash before enqueueing is caught by reconcile() at start.
   */
  async createBatch(uid: string, mode: SwapMode, items: readonly SwapInput[]): Promise<UploadResponse[]> {
    if (items.length === 0) return [];
    await this.quota.assertCanSwap(uid, items.length);
    const stored: string[] = [];
    const rows: NewSwap[] = [];
    try {
      for (const item of items) {
        const id = randomUUID();
        const [sourceKey, targetKey] = await settledAll([
          this.store(item.source, `uploads/${uid}/${id}-source.jpg`, stored, uid),
          this.store(item.target, `uploads/${uid}/${id}-target.jpg`, stored, uid),
        ]);
        const row = { id, uid, mode, job_id: `swap-${id}`, source_key: sourceKey!, target_key: targetKey!, created_at: this.now(), quota_period: null };
        rows.push({ ...row, face_id: item.faceId ?? null });
      }
      await measure('reserve', () => this.repo.transaction(async (tx, db) => {
        const period = await this.quota.reserveSwaps(db, uid, rows.length, new Date(this.now()));
        await tx.insertMany(rows.map((r) => ({ ...r, quota_period: period })));
      }));
    } catch (err) {
      await Promise.allSettled(stored.map((k) => this.storage.delete(k)));
      throw err;
    }
    this.changed(uid);
    for (const [i, r] of rows.entries()) {
      try {
        await measure('enqueue', () => this.enqueue(r.id, r.job_id));
      } catch (err) {
        for (const rest of rows.slice(i)) await this.fail(rest.id, 'engine_failed');
        throw err;
      }
    }
    return rows.map((r) => ({ id: r.id, jobId: r.job_id, status: 'queued' as const }));
  }

  private async store(image: SwapImage, key: string, stored: string[], owner: string): Promise<string> {
    if ('key' in image) return image.key;
    const body = Buffer.isBuffer(image) ? (await this.intake.clean(image, { owner })).body : image.cleaned;
    stored.push(key);
    await measure('store', () => this.storage.put(key, body, 'image/jpeg'));
    return key;
  }

  /**
   * Fails a waiting or running swap with a code and gives its allowance back, once: the row's
   * charge is cleared by the same guarded UPDATE that moves it, in one transaction with the
   * release. False when the swap was already finished (or missing).
   */
  async fail(swapId: string, code: SwapErrorCode, message = MESSAGES[code]): Promise<boolean> {
    const at = this.now();
    const moved = await this.repo.transaction(async (tx, db) => {
      const row = await tx.findById(swapId);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return null;
      if (!(await tx.markFailed(swapId, code, message, at, row.quota_period))) return null;
      if (row.quota_period) await this.quota.releaseSwaps(db, row.uid, 1, row.quota_period, new Date(at));
      return row;
    });
    if (moved) this.changed(moved.uid);
    return moved !== null;
  }

  /** Idempotent: the job id is derived from the swap, so re-enqueueing never makes a second job. */
  enqueue(swapId: string, jobId: string): Promise<string> {
    return this.queue.enqueue(SWAP_JOB, { swapId }, { jobId, maxAttempts: SWAP_MAX_ATTEMPTS });
  }

  /**
   * At start: every swap not finished is checked against its job. Waiting with no job (a crash
   * between storing and enqueueing): enqueued again (idempotent). Job finished or gone while the
   * swap still waits or runs (a crash after the job ended): the swap fails and its allowance
   * is given back.
   */
  async reconcile(batch = 500): Promise<{ requeued: number; failed: number }> {
    const out = { requeued: 0, failed: 0 };
    let after: { created_at: number; id: string } | undefined;
    for (;;) {
      const rows = await this.repo.listUnfinished(batch, after);
      for (const r of rows) {
        const job = await this.queue.get(r.job_id);
        if (!job && r.status === 'queued') {
          await this.enqueue(r.id, r.job_id);
          out.requeued += 1;
        } else if ((!job || job.status === 'done' || job.status === 'failed') && (await this.fail(r.id, 'engine_failed'))) {
          out.failed += 1;
        }
      }
      if (rows.length < batch) return out;
      after = rows.at(-1);
    }
  }

  async list(uid: string, mode: SwapMode, includePending: boolean): Promise<SwapList> {
    const rows = await this.repo.listForUser(uid, mode, includePending ? ['queued', 'running', 'done', 'failed'] : ['done']);
    return Object.fromEntries(rows.map((r) => [r.id, toSwapItem(r)]));
  }

  /** The list serialized, with an ETag, from a short-lived per-user cache. */
  listJson(uid: string, mode: SwapMode, includePending: boolean): Promise<CachedList> {
    return this.lists.get(uid, `${mode}:${includePending}`, () => this.list(uid, mode, includePending));
  }

  /** Drops the user's cached lists; called on every change to one of their swaps. */
  changed(uid: string): void {
    this.lists.invalidate(uid);
    for (const listener of this.changeListeners) listener(uid);
  }

  /** Other lists of swaps (the operators' browser) drop their cached copies on the same changes. */
  onChange(listener: (uid: string) => void): void {
    this.changeListeners.add(listener);
  }

  get(id: string): Promise<SwapRow | undefined> {
    return this.repo.findById(id);
  }

  async findOwned(id: string, uid: string, isOperator: boolean): Promise<SwapRow> {
    const row = await this.repo.findById(id);
    if (!row || (row.uid !== uid && !isOperator)) throw new AppError(404, 'not_found', 'Not found.');
    return row;
  }

  async findByJob(jobId: string, uid: string, isOperator: boolean): Promise<SwapRow> {
    const row = await this.repo.findByJobId(jobId);
    if (!row || (row.uid !== uid && !isOperator)) throw new AppError(404, 'not_found', 'Not found.');
    return row;
  }

  async media(row: SwapRow, variant: 'result' | 'thumb'): Promise<{ body: Buffer; contentType: string }> {
    const key = variant === 'result' ? row.result_key : row.thumb_key;
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw new AppError(404, 'not_found', 'Not found.');
    return file;
  }

  /**
   * The job handler. Safe to run more than once for one swap: a done swap is left alone,
   * results go to keys derived from the swap id (a re-run overwrites, never adds), and the
   * row moves to done only once.
   */
  async run(swapId: string, _attempt: number, report: (p: SwapProgress) => void, engine: SwapEngine): Promise<{ swapId: string; status: string }> {
    const row = await this.repo.findById(swapId);
    if (!row) return { swapId, status: 'missing' };
    // A finished swap is left alone: done counts once, failed has given its allowance back.
    if (row.status === 'done' || row.status === 'failed') return { swapId, status: row.status };
    await this.repo.markRunning(swapId);
    this.changed(row.uid);
    report({ stage: 'load', progress: 0.02 });
    const [source, target] = await Promise.all([this.storage.get(row.source_key), this.storage.get(row.target_key)]);
    if (!source || !target) {
      await this.fail(swapId, 'engine_failed');
      return { swapId, status: 'failed' };
    }
    try {
      const known = row.target_key.startsWith('uploads/') ? null : await this.analyses(row.target_key);
      const result = await engine.swap({
        source: source.body,
        target: target.body,
        ...(known ? { targetAnalysis: known } : {}),
        identity: false,
        onProgress: (stage, fraction) => report({ stage, progress: 0.05 + 0.85 * fraction }),
      });
      report({ stage: 'store', progress: 0.92 });
      const ext = result.thumbnailType === 'image/webp' ? 'webp' : 'jpg';
      const keys = { result_key: `results/${row.uid}/${swapId}.jpg`, thumb_key: `results/${row.uid}/${swapId}-thumb.${ext}` };
      const labelled = withXmp(result.image, manipulationXmp(new Date(this.now())));
      await Promise.all([
        this.storage.put(keys.result_key, labelled, 'image/jpeg'),
        this.storage.put(keys.thumb_key, result.thumbnail, result.thumbnailType),
      ]);
      // usage already counts this swap (reserved at upload): done changes nothing there.
      if (!(await this.repo.markDone(swapId, keys, { timings: result.timings, warnings: result.warnings ?? [] }, this.now()))) {
        // Failed meanwhile (an attempt given up on while this one ran): its files are nobody's.
        // Done by another attempt, the same keys are that attempt's and stay.
        const now = await this.repo.findById(swapId);
        if (now?.status !== 'done') await Promise.allSettled([this.storage.delete(keys.result_key), this.storage.delete(keys.thumb_key)]);
        return { swapId, status: now?.status ?? 'missing' };
      }
      this.changed(row.uid);
      report({ stage: 'done', progress: 1 });
      return { swapId, status: 'done' };
    } catch (err) {
      if (isCodedEngineError(err)) {
        await this.fail(swapId, err.code);
        return { swapId, status: 'failed' };
      }
      // Anything else (a worker crash, storage down) is retried by the queue; once the job has failed
      // for good, its onFailed hook fails the swap (one path for every adapter and every cause).
      throw err;
    }
  }
}

/** Like Promise.all, but waits for every promise, so nothing is still writing when we clean up. */
async function settledAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
