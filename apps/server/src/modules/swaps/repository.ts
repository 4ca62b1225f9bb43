// The only code that queries the swaps table.
import type { Db } from '../../infra/db/database.ts';
import type { SwapsTable } from '../../infra/db/schema.ts';

export type SwapRow = SwapsTable;
// What a gallery item reads of a row (toSwapItem): a list leaves the keys, face map and analysis behind.
const LIST_COLUMNS = ['id', 'status', 'created_at', 'error_code', 'error_message', 'metrics', 'uploads_deleted_at', 'kind', 'video'] as const;
export type SwapListRow = Pick<SwapRow, (typeof LIST_COLUMNS)[number]>;
export type NewSwap = Pick<SwapRow, 'id' | 'uid' | 'mode' | 'job_id' | 'source_key' | 'target_key' | 'created_at' | 'quota_period'> & Partial<Pick<SwapRow, 'face_id' | 'face_map' | 'target_analysis' | 'kind' | 'video'>>;

export class SwapsRepository {
  constructor(private readonly db: Db) {}

  /** Runs fn in one database transaction; `db` is the transaction, for other modules' repositories. */
  transaction<T>(fn: (repo: SwapsRepository, db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SwapsRepository(trx), trx));
  }

  async insertMany(swaps: NewSwap[]): Promise<void> {
    if (swaps.length === 0) return;
    await this.db
      .insertInto('swaps')
      .values(swaps.map((s) => ({ face_id: null, face_map: null, target_analysis: null, kind: 'image' as const, video: null, ...s, status: 'queued' as const, result_key: null, thumb_key: null, error_code: null, error_message: null, metrics: null, completed_at: null, uploads_deleted_at: null })))
      .execute();
  }

  async findById(id: string): Promise<SwapRow | undefined> {
    return this.db.selectFrom('swaps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByJobId(jobId: string): Promise<SwapRow | undefined> {
    return this.db.selectFrom('swaps').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  }

  /** Newest first. `statuses` narrows to gallery entries (done) or includes pending and failed ones. */
  async listForUser(uid: string, mode: SwapRow['mode'], statuses: SwapRow['status'][]): Promise<SwapListRow[]> {
    return this.db
      .selectFrom('swaps')
      .select(LIST_COLUMNS)
      .where('uid', '=', uid)
      .where('mode', '=', mode)
      .where('status', 'in', statuses)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Every swap of the account, any mode and status, newest first, after `before` in (created_at, id) order. */
  async pageForUser(uid: string, limit: number, before?: { created_at: number; id: string }): Promise<SwapRow[]> {
    let q = this.db.selectFrom('swaps').selectAll().where('uid', '=', uid);
    if (before) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.created_at, before.id)));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /**
   * Image swaps not finished, oldest first, after `afterId` in (created_at, id) order: for the
   * start-up reconcile. Video swaps have several jobs each; the video module reconciles them.
   */
  async listUnfinished(limit: number, after?: { created_at: number; id: string }): Promise<Pick<SwapRow, 'id' | 'job_id' | 'status' | 'created_at'>[]> {
    let q = this.db.selectFrom('swaps').select(['id', 'job_id', 'status', 'created_at']).where('status', 'in', ['queued', 'running']).where('kind', '=', 'image');
    if (after) {
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.created_at, after.id)));
    }
    return q.orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  async markRunning(id: string): Promise<void> {
    await this.db.updateTable('swaps').set({ status: 'running' }).where('id', '=', id).where('status', '=', 'queued').execute();
  }

  /**
   * Records the result. The update is keyed by the swap id and only moves a swap that is still
   * waiting or running, so a re-run job never creates a second gallery entry, and a swap failed
   * meanwhile (its allowance given back) stays failed.
   */
  async markDone(id: string, keys: { result_key: string; thumb_key: string }, metrics: unknown, at: number): Promise<boolean> {
    const res = await this.db
      .updateTable('swaps')
      .set({ status: 'done', ...keys, metrics: JSON.stringify(metrics), error_code: null, error_message: null, completed_at: at })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Moves a waiting or running swap to failed. With `period`, only if the swap is still charged
   * to it, and clears the charge in the same statement: of two concurrent callers one wins, so
   * the allowance is given back exactly once. True when this call moved the row.
   */
  async markFailed(id: string, code: string, message: string, at: number, period: string | null): Promise<boolean> {
    const res = await this.db
      .updateTable('swaps')
      .set({ status: 'failed', error_code: code, error_message: message, completed_at: at, quota_period: null })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .where('quota_period', period === null ? 'is' : '=', period)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
