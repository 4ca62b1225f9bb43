// Swap rules: intake of the two photos, one job per swap, gallery listing, and the job's
// work itself (run the engine, store the labelled result exactly once).
import { randomUUID } from 'node:crypto';
import { swapWarning, type SwapErrorCode, type SwapItem, type SwapList, type SwapWarning, type UploadResponse } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { cleanImage } from './image-intake.ts';
import { manipulationXmp, withXmp } from './labelling.ts';
import { isCodedEngineError, type MediaStore, type SwapEngine, type UsageQuota } from './ports.ts';
import type { SwapRow, SwapsRepository } from './repository.ts';
import { SwapListCache, type CachedList } from './list-cache.ts';

export const SWAP_JOB = 'swap.run';
export const SWAP_MAX_ATTEMPTS = 3;

export type SwapMode = SwapRow['mode'];

export interface SwapJobQueue {
  enqueue(name: typeof SWAP_JOB, payload: { swapId: string }, opts: { jobId: string; maxAttempts: number }): Promise<string>;
}

export interface SwapProgress {
  stage: string;
  progress: number;
}

const MESSAGES: Record<SwapErrorCode, string> = {
  no_face_source: 'No face was found in the face photo.',
  no_face_target: 'No face was found in the target photo.',
  face_too_small: 'The face is too small to swap. Try a closer photo.',
  unsupported_format: 'Please select a valid image file (jpeg, png, or jpg).',
  corrupt_image: 'This image file is damaged and cannot be read.',
  image_too_large: 'This image is too large.',
  engine_failed: 'The swap could not be completed. Please try again.',
};

export function mediaUrls(id: string): { image_url: string; thumb_url: string } {
  return { image_url: `/app/api/media/swaps/${id}/result`, thumb_url: `/app/api/media/swaps/${id}/thumb` };
}

export function toSwapItem(row: SwapRow): SwapItem {
  const item: SwapItem = { id: row.id, ...mediaUrls(row.id), createdAt: row.created_at, status: row.status };
  if (row.status === 'failed' && row.error_code) {
    item.error = { code: row.error_code as SwapErrorCode, message: row.error_message ?? MESSAGES.engine_failed };
  }
  const warnings = row.status === 'done' ? storedWarnings(row.metrics) : [];
  if (warnings.length > 0) item.warnings = warnings;
  if (row.status === 'done' && row.uploads_deleted_at === null) item.original_url = `/app/api/media/swaps/${row.id}/original`;
  return item;
}

/** The engine's warnings kept with a done swap's metrics; any the contract does not know are dropped. */
function storedWarnings(metrics: string | null): SwapWarning[] {
  if (!metrics) return [];
  try {
    const { warnings } = JSON.parse(metrics) as { warnings?: unknown };
    return Array.isArray(warnings) ? warnings.filter((w): w is SwapWarning => swapWarning.safeParse(w).success) : [];
  } catch {
    return [];
  }
}

export class SwapsService {
  private readonly lists = new SwapListCache();

  constructor(
    private readonly repo: SwapsRepository,
    private readonly storage: MediaStore,
    private readonly queue: SwapJobQueue,
    private readonly quota: UsageQuota,
    private readonly maxPixels: number,
    private readonly now: () => number = Date.now,
  ) {}

  async create(input: { uid: string; mode: SwapMode; source: Buffer; target: Buffer }): Promise<UploadResponse> {
    await this.quota.assertCanSwap(input.uid, await this.repo.countPending(input.uid));
    const [source, target] = await Promise.all([cleanImage(input.source, this.maxPixels), cleanImage(input.target, this.maxPixels)]);
    const id = randomUUID();
    const jobId = `swap-${id}`;
    const sourceKey = `uploads/${input.uid}/${id}-source.jpg`;
    const targetKey = `uploads/${input.uid}/${id}-target.jpg`;
    await Promise.all([
      this.storage.put(sourceKey, source.body, 'image/jpeg'),
      this.storage.put(targetKey, target.body, 'image/jpeg'),
    ]);
    await this.repo.insert({ id, uid: input.uid, mode: input.mode, job_id: jobId, source_key: sourceKey, target_key: targetKey, created_at: this.now() });
    this.changed(input.uid);
    await this.enqueue(id, jobId);
    return { id, jobId, status: 'queued' };
  }

  /** Idempotent: the job id is derived from the swap, so re-enqueueing never makes a second job. */
  enqueue(swapId: string, jobId: string): Promise<string> {
    return this.queue.enqueue(SWAP_JOB, { swapId }, { jobId, maxAttempts: SWAP_MAX_ATTEMPTS });
  }

  /**
   * Enqueues again every swap still waiting. A crash between storing a swap and enqueueing its
   * job would otherwise leave it waiting forever; enqueue is idempotent, so this adds nothing twice.
   */
  async requeueWaiting(batch = 500): Promise<number> {
    const rows = await this.repo.listQueued(batch);
    for (const r of rows) await this.enqueue(r.id, r.job_id);
    return rows.length;
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
  async run(swapId: string, attempt: number, report: (p: SwapProgress) => void, engine: SwapEngine): Promise<{ swapId: string; status: string }> {
    const row = await this.repo.findById(swapId);
    if (!row) return { swapId, status: 'missing' };
    if (row.status === 'done') return { swapId, status: 'done' };
    await this.repo.markRunning(swapId);
    this.changed(row.uid);
    report({ stage: 'load', progress: 0.02 });
    const [source, target] = await Promise.all([this.storage.get(row.source_key), this.storage.get(row.target_key)]);
    if (!source || !target) {
      await this.repo.markFailed(swapId, 'engine_failed', MESSAGES.engine_failed, this.now());
      this.changed(row.uid);
      return { swapId, status: 'failed' };
    }
    try {
      const result = await engine.swap({
        source: source.body,
        target: target.body,
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
      const first = await this.repo.markDone(swapId, keys, { timings: result.timings, warnings: result.warnings ?? [] }, this.now());
      if (first) await this.quota.recordSwap(row.uid);
      this.changed(row.uid);
      report({ stage: 'done', progress: 1 });
      return { swapId, status: 'done' };
    } catch (err) {
      if (isCodedEngineError(err)) {
        await this.repo.markFailed(swapId, err.code, MESSAGES[err.code], this.now());
        this.changed(row.uid);
        return { swapId, status: 'failed' };
      }
      // Anything else (a worker crash, storage down) is retried by the queue; the last try records it.
      if (attempt >= SWAP_MAX_ATTEMPTS) {
        await this.repo.markFailed(swapId, 'engine_failed', MESSAGES.engine_failed, this.now());
        this.changed(row.uid);
      }
      throw err;
    }
  }
}
