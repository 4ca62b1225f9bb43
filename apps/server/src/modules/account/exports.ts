// "Download my data": a job gathers every module's section (registry.ts) into data.json and
// copies every file still held into one ZIP (export-zip.ts) under exports/<uid>/, downloadable by
// its owner for EXPORT_TTL_HOURS, then removed by the retention sweep. One export at a time,
// EXPORTS_PER_DAY a day; a new one replaces the one before (its ZIP deleted).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DataExport } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { defineJob, type JobQueue, type Json } from '../../infra/queue/index.ts';
import type { Storage, StoredStream } from '../../infra/storage/index.ts';
import { removeStaleTemp, storeZip } from './export-zip.ts';
import type { AccountDataRegistry, Eraser } from './registry.ts';
import type { AccountRepository, ExportRow } from './repository.ts';

export const exportJob = defineJob('account.export', z.object({ exportId: z.string().uuid() }), { maxAttempts: 3, backoffMs: 2000 });
const RUNNING_WAIT_MS = 60_000;
const DAY_MS = 24 * 3600_000;
const notFound = () => new AppError(404, 'not_found', 'Not found.');

export class DataExportService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly registry: AccountDataRegistry,
    private readonly ttlMs: number,
    private readonly perDay: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts an export, or returns the one already being built (one per account: a unique index).
   * Each new one takes one of the day's EXPORTS_PER_DAY (429 past them) and replaces the ones before.
   */
  async create(uid: string): Promise<DataExport> {
    // A request losing the race to insert returns the winner's export (looked for again).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = await this.repo.listExports(uid);
      const pending = before.find((e) => e.status === 'queued' || e.status === 'running');
      if (pending) return this.toApi(pending);
      const now = this.now();
      const id = randomUUID();
      const row: ExportRow = { id, uid, status: 'queued', job_id: `export-${id}`, storage_key: null, size: null, error: null, created_at: now, completed_at: null, expires_at: now + this.ttlMs };
      const started = await this.repo.startExport(row, DAY_MS, this.perDay);
      if (started === 'limit') throw await this.limitReached(uid, now);
      if (started === 'pending') continue;
      await this.queue.enqueue(exportJob, { exportId: id }, { jobId: row.job_id });
      for (const old of before) await this.removeExport(old);
      return this.toApi(row);
    }
    throw new AppError(409, 'export_busy', 'Your data export is being prepared. Please try again in a moment.');
  }

  private async limitReached(uid: string, now: number): Promise<AppError> {
    const start = (await this.repo.exportWindowStart(uid)) ?? now;
    const retryS = Math.max(1, Math.ceil((start + DAY_MS - now) / 1000));
    const message = `You have reached the limit of ${this.perDay} data exports a day. Please try again later.`;
    return new AppError(429, 'export_limit', message, { perDay: this.perDay }, { 'Retry-After': String(retryS) });
  }

  /** An ended export's job, ZIP and row; false while its job still runs. */
  private async removeExport(row: ExportRow): Promise<boolean> {
    if (!(await this.queue.remove(row.job_id))) return false;
    if (row.storage_key) await this.storage.delete(row.storage_key);
    await this.repo.deleteExport(row.id);
    return true;
  }

  async list(uid: string): Promise<DataExport[]> {
    const now = this.now();
    const rows = (await this.repo.listExports(uid)).filter((r) => r.expires_at > now);
    return Promise.all(rows.map((r) => this.toApi(r)));
  }

  /** The caller's finished, unexpired ZIP; 404 for anyone else's. */
  async download(id: string, uid: string): Promise<{ file: StoredStream; row: ExportRow }> {
    const row = await this.repo.findExport(id);
    if (!row || row.uid !== uid || row.status !== 'done' || !row.storage_key || row.expires_at <= this.now()) throw notFound();
    const file = await this.storage.getStream(row.storage_key);
    if (!file) throw notFound();
    return { file, row };
  }

  /** The job handler; a re-run rebuilds the same key, so it never leaves two ZIPs. */
  async run(exportId: string, report: (progress: number) => Promise<void>): Promise<Json> {
    const row = await this.repo.findExport(exportId);
    if (!row || row.status === 'done') return { exportId, status: row ? 'done' : 'missing' };
    await this.repo.updateExport(exportId, { status: 'running' });
    const data: Record<string, Json> = { exportedAt: new Date(this.now()).toISOString(), format: 'visage-export-1' };
    const keys = new Set<string>();
    const sections = this.registry.sections;
    for (const [i, section] of sections.entries()) {
      const part = await section.collect(row.uid);
      data[section.name] = part.data;
      for (const k of part.keys) keys.add(k);
      await report(0.05 + (0.25 * (i + 1)) / sections.length);
    }
    const key = `exports/${row.uid}/${exportId}.zip`;
    const contents = { data: Buffer.from(JSON.stringify(data, null, 2)), keys: [...keys] };
    const size = await storeZip(this.storage, key, contents, async (done) => {
      if (done % 5 === 0 || done === keys.size) await report(0.3 + (0.6 * done) / keys.size);
    });
    const at = this.now();
    await this.repo.updateExport(exportId, { status: 'done', storage_key: key, size, completed_at: at, expires_at: at + this.ttlMs });
    await report(1);
    return { exportId, status: 'done', size };
  }

  /** The job's onFailed hook: an export still queued or running fails (a finished one is left). */
  async markFailed(exportId: string, message: string): Promise<void> {
    await this.repo.failExport(exportId, message.slice(0, 500), this.now());
  }

  /**
   * At start: an export queued or running whose job has ended or vanished (a worker lost on its
   * last attempt, a crash between the row and the job) is failed, so its owner can start another.
   */
  async reconcile(batch = 200): Promise<number> {
    let failed = 0;
    let after: ExportRow | undefined;
    for (;;) {
      const rows = await this.repo.pendingExports(batch, after);
      for (const row of rows) {
        const job = await this.queue.get(row.job_id);
        if ((!job || job.status === 'done' || job.status === 'failed') && (await this.repo.failExport(row.id, 'The export was interrupted.', this.now()))) failed += 1;
      }
      if (rows.length < batch) return failed;
      after = rows.at(-1);
    }
  }

  /** Removes exports past their time: file, row and job. Idempotent; one still running is left for a later sweep. */
  async sweepExpired(batch = 100): Promise<number> {
    await removeStaleTemp(this.now());
    let removed = 0;
    let after: ExportRow | undefined;
    for (;;) {
      const rows = await this.repo.expiredExports(this.now(), batch, after);
      for (const row of rows) {
        if (row.status === 'running' || !(await this.removeExport(row))) continue;
        removed += 1;
      }
      if (rows.length < batch) return removed;
      after = rows.at(-1);
    }
  }

  /** Erasure: every export's job (a running one is waited for), then its files. */
  eraser(): Eraser {
    return {
      name: 'exports',
      erase: async (uid) => {
        const until = this.now() + RUNNING_WAIT_MS;
        for (const row of await this.repo.listExports(uid)) {
          while (!(await this.queue.remove(row.job_id))) {
            if (this.now() > until) throw new AppError(409, 'erasure_busy', 'Your data export is still being built. Please try again in a minute.');
            await new Promise((r) => setTimeout(r, 250));
          }
          if (row.storage_key) await this.storage.delete(row.storage_key);
          await this.repo.deleteExport(row.id);
        }
      },
    };
  }

  private async toApi(row: ExportRow): Promise<DataExport> {
    let progress = row.status === 'done' ? 1 : 0;
    if (row.status === 'running') {
      const job = await this.queue.get(row.job_id);
      const p = job?.progress;
      if (typeof p === 'number') progress = Math.max(0, Math.min(1, p));
    }
    const item: DataExport = { id: row.id, status: row.status, progress, createdAt: row.created_at, expiresAt: row.expires_at, size: row.size };
    if (row.status === 'done') item.downloadUrl = `/app/api/account/exports/${row.id}/download`;
    return item;
  }
}
