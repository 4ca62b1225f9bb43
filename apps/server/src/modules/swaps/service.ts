// Swap rules: one job per swap, its failure or completion (the allowance given back once), the
// gallery's lists and media. Creating swaps is swap-intake.ts; the job's own work, run-swap.ts.
import type { JobEvent, SwapErrorCode, SwapList, UploadResponse } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { MediaStore, SavedFaceKeys, SwapEngine, UsageQuota } from './ports.ts';
import type { SwapRow, SwapsRepository } from './repository.ts';
import { SwapListCache, type CachedList } from './list-cache.ts';
import { MESSAGES, toSwapItem } from './swap-item.ts';
import { runSwap, type StoredAnalyses, type SwapProgress } from './run-swap.ts';
import { createSwaps, type SwapImage, type SwapInput } from './swap-intake.ts';

export { mediaUrls, toSwapItem } from './swap-item.ts';

export const SWAP_JOB = 'swap.run';
export const SWAP_MAX_ATTEMPTS = 3;

export type SwapMode = SwapRow['mode'];

export interface SwapJobQueue {
  enqueue(name: typeof SWAP_JOB, payload: { swapId: string }, opts: { jobId: string; maxAttempts: number }): Promise<string>;
  get(id: string): Promise<{ status: 'queued' | 'running' | 'done' | 'failed' } | null>;
}

export type { SwapFaces, SwapImage, SwapInput } from './swap-intake.ts';

/** A video swap's progress, read from its segments (any process may be swapping them). */
export type VideoEvents = (row: SwapRow, jobId: string) => Promise<JobEvent>;

export type { StoredAnalyses, SwapProgress } from './run-swap.ts';

export class SwapsService {
  private readonly lists = new SwapListCache();
  private analyses: StoredAnalyses = async () => null;

  /** Where the job finds a stored target's face analysis, so the engine does not detect it again. */
  useStoredAnalyses(lookup: StoredAnalyses): void {
    this.analyses = lookup;
  }
  private readonly changeListeners = new Set<(uid: string) => void>();
  private readonly endListeners = new Set<(row: SwapRow) => Promise<void>>();
  private savedFaces: SavedFaceKeys | null = null;
  private videoEvents: VideoEvents = async (_row, jobId) => ({ type: 'queued', jobId });

  /** Where a saved face named as the source is found (the "My faces" module). */
  useSavedFaces(faces: SavedFaceKeys): void {
    this.savedFaces = faces;
  }

  /** The caller's saved face `id` as a swap's source: the stored key of its photos, never copied. */
  async savedFaceSource(uid: string, id: string): Promise<SwapImage> {
    if (!this.savedFaces || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, 'unknown_face', 'This face is not one of your faces.', { field: 'source' });
    return { key: await this.savedFaces.sourceKey(uid, id) };
  }

  constructor(
    private readonly repo: SwapsRepository,
    private readonly storage: MediaStore,
    private readonly queue: SwapJobQueue,
    private readonly quota: UsageQuota,
    private readonly intake: ImageIntake,
    private readonly now: () => number = Date.now,
  ) {}

  /** `target` may be the key of a photo we store already (a catalogue photo: shared, never copied). */
  async create(input: SwapInput & { uid: string; mode: SwapMode }): Promise<UploadResponse> {
    const { uid, mode, ...item } = input;
    const [created] = await this.createBatch(uid, mode, [item]);
    return created!;
  }

  /** All or nothing (see swap-intake.ts): the N rows and their allowance, then one job each. */
  createBatch(uid: string, mode: SwapMode, items: readonly SwapInput[]): Promise<UploadResponse[]> {
    return createSwaps({
      repo: this.repo,
      storage: this.storage,
      quota: this.quota,
      intake: this.intake,
      now: this.now,
      enqueue: (id, jobId) => this.enqueue(id, jobId),
      fail: (id, code) => this.fail(id, code),
      changed: (uid) => this.changed(uid),
    }, uid, mode, items);
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
      // A video swap was charged to the month's video allowance, an image swap to the image one.
      if (row.quota_period && row.kind === 'video') await this.quota.releaseVideo(db, row.uid, row.quota_period, new Date(at));
      else if (row.quota_period) await this.quota.releaseSwaps(db, row.uid, 1, row.quota_period, new Date(at));
      return row;
    });
    if (moved) {
      this.changed(moved.uid);
      await this.ended(swapId);
    }
    return moved !== null;
  }

  /** Marks a waiting swap running (a video swap's prepare job; image swaps do it in run()). */
  async start(swapId: string): Promise<void> {
    const row = await this.repo.findById(swapId);
    if (row?.status !== 'queued') return;
    await this.repo.markRunning(swapId);
    this.changed(row.uid);
  }

  /**
   * Records a finished swap's stored result (a video's MP4 and poster), moving it to done only
   * from queued or running, as run() does; false when it had ended meanwhile.
   */
  async complete(swapId: string, keys: { result_key: string; thumb_key: string }, metrics: unknown): Promise<boolean> {
    if (!(await this.repo.markDone(swapId, keys, metrics, this.now()))) return false;
    const row = await this.repo.findById(swapId);
    if (row) this.changed(row.uid);
    await this.ended(swapId);
    return true;
  }

  /** Where a video swap's progress comes from (its segments, in the video module). */
  useVideoEvents(source: VideoEvents): void {
    this.videoEvents = source;
  }

  /** The progress event of a video swap that has not ended. */
  videoEvent(row: SwapRow, jobId: string): Promise<JobEvent> {
    return this.videoEvents(row, jobId);
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

  /** One page of the account's swaps (every mode and status), newest first, after `before`. */
  page(uid: string, limit: number, before?: { created_at: number; id: string }): Promise<SwapRow[]> {
    return this.repo.pageForUser(uid, limit, before);
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

  /**
   * Told of each swap that ends (done or failed), and again when a re-run job finds it ended, so
   * a crash right after the end loses nothing: listeners must be idempotent and never throw.
   */
  onEnded(listener: (row: SwapRow) => Promise<void>): void {
    this.endListeners.add(listener);
  }

  private async ended(swap: string | SwapRow): Promise<void> {
    if (this.endListeners.size === 0) return;
    const row = typeof swap === 'string' ? await this.repo.findById(swap) : swap;
    if (row && (row.status === 'done' || row.status === 'failed')) for (const listener of this.endListeners) await listener(row);
  }

  /** Tells the listeners again of a swap that has ended (its job failed for good after it ended). */
  announceEnded(swapId: string): Promise<void> {
    return this.ended(swapId);
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
    // A video's picture is its poster frame (thumb_key); its result_key is the MP4, served by range.
    const key = variant === 'result' && row.kind !== 'video' ? row.result_key : row.thumb_key;
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw new AppError(404, 'not_found', 'Not found.');
    return file;
  }

  /** The job handler (run-swap.ts): safe to run more than once for one swap. */
  run(swapId: string, _attempt: number, report: (p: SwapProgress) => void, engine: SwapEngine): Promise<{ swapId: string; status: string }> {
    return runSwap({
      repo: this.repo,
      storage: this.storage,
      now: this.now,
      savedFaces: () => this.savedFaces,
      analyses: this.analyses,
      fail: (id, code) => this.fail(id, code),
      changed: (uid) => this.changed(uid),
      ended: (swap) => this.ended(swap),
    }, swapId, report, engine);
  }
}
