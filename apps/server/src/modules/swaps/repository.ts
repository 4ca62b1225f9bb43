// The only code that queries the swaps table.
import type { Db } from '../../infra/db/database.ts';
import type { SwapsTable } from '../../infra/db/schema.ts';

export type SwapRow = SwapsTable;
export type NewSwap = Pick<SwapRow, 'id' | 'uid' | 'mode' | 'job_id' | 'source_key' | 'target_key' | 'created_at'>;

export class SwapsRepository {
  constructor(private readonly db: Db) {}

  async insert(swap: NewSwap): Promise<void> {
    await this.db
      .insertInto('swaps')
      .values({ ...swap, status: 'queued', result_key: null, thumb_key: null, error_code: null, error_message: null, metrics: null, completed_at: null, uploads_deleted_at: null })
      .execute();
  }

  async findById(id: string): Promise<SwapRow | undefined> {
    return this.db.selectFrom('swaps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByJobId(jobId: string): Promise<SwapRow | undefined> {
    return this.db.selectFrom('swaps').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  }

  /** Newest first. `statuses` narrows to gallery entries (done) or includes pending and failed ones. */
  async listForUser(uid: string, mode: SwapRow['mode'], statuses: SwapRow['status'][]): Promise<SwapRow[]> {
    return this.db
      .selectFrom('swaps')
      .selectAll()
      .where('uid', '=', uid)
      .where('mode', '=', mode)
      .where('status', 'in', statuses)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async listQueued(limit: number): Promise<Pick<SwapRow, 'id' | 'job_id'>[]> {
    return this.db.selectFrom('swaps').select(['id', 'job_id']).where('status', '=', 'queued').orderBy('created_at').limit(limit).execute();
  }

  async countPending(uid: string): Promise<number> {
    const row = await this.db
      .selectFrom('swaps')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('uid', '=', uid)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markRunning(id: string): Promise<void> {
    await this.db.updateTable('swaps').set({ status: 'running' }).where('id', '=', id).where('status', '!=', 'done').execute();
  }

  /**
   * Records the result. The update is keyed by the swap id and only moves a swap that is not
   * done yet, so a retried or re-run job never creates a second gallery entry.
   */
  async markDone(id: string, keys: { result_key: string; thumb_key: string }, metrics: unknown, at: number): Promise<boolean> {
    const res = await this.db
      .updateTable('swaps')
      .set({ status: 'done', ...keys, metrics: JSON.stringify(metrics), error_code: null, error_message: null, completed_at: at })
      .where('id', '=', id)
      .where('status', '!=', 'done')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async markFailed(id: string, code: string, message: string, at: number): Promise<void> {
    await this.db
      .updateTable('swaps')
      .set({ status: 'failed', error_code: code, error_message: message, completed_at: at })
      .where('id', '=', id)
      .where('status', '!=', 'done')
      .execute();
  }
}
