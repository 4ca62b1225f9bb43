// Queries for what happens to a swap's stored data after it ends: deleting a result, retention
// of the uploaded photos, and a user's swaps for export and erasure.
import type { Db } from '../../infra/db/database.ts';
import type { SwapRow } from './repository.ts';

export class SwapDataRepository {
  constructor(private readonly db: Db) {}

  async listAllForUser(uid: string): Promise<SwapRow[]> {
    return this.db.selectFrom('swaps').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
  }

  async deleteById(id: string): Promise<boolean> {
    // A video swap's segments (their files are gone once it ended) go with it.
    await this.db.deleteFrom('video_segments').where('swap_id', '=', id).execute();
    const res = await this.db.deleteFrom('swaps').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async deleteAllForUser(uid: string): Promise<void> {
    await this.db.deleteFrom('video_segments').where('swap_id', 'in', (eb) => eb.selectFrom('swaps').select('id').where('uid', '=', uid)).execute();
    await this.db.deleteFrom('swaps').where('uid', '=', uid).execute();
  }

  /** Ended swaps (done or failed before `endedBefore`) whose uploads are still kept, oldest first. */
  async endedWithUploads(endedBefore: number, limit: number): Promise<SwapRow[]> {
    return this.db
      .selectFrom('swaps')
      .selectAll()
      .where('uploads_deleted_at', 'is', null)
      .where('status', 'in', ['done', 'failed'])
      .where('completed_at', '<=', endedBefore)
      .orderBy('completed_at')
      .limit(limit)
      .execute();
  }

  /**
   * How many swaps still need `key`: not ended, or ended after `endedAfter` (a bulk job may give
   * one uploaded face to many swaps; it stays until the last of them is past retention).
   */
  async countUsing(key: string, endedAfter: number): Promise<number> {
    const row = await this.db
      .selectFrom('swaps')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => eb.or([eb('source_key', '=', key), eb('target_key', '=', key)]))
      .where((eb) => eb.or([eb('status', 'in', ['queued', 'running']), eb('completed_at', '>', endedAfter)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countReferences(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('swaps')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => eb.or([eb('source_key', '=', key), eb('target_key', '=', key)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Swaps whose target is `key` and whose uploads are still kept (their compare photo still shows). */
  async keptWithTarget(key: string): Promise<Pick<SwapRow, 'id' | 'uid'>[]> {
    return this.db.selectFrom('swaps').select(['id', 'uid']).where('target_key', '=', key).where('uploads_deleted_at', 'is', null).execute();
  }

  /** Points `uid`'s kept swaps on target `from` to `to`; how many moved (a sweep may have passed meanwhile). */
  async repointTarget(uid: string, from: string, to: string): Promise<number> {
    const res = await this.db
      .updateTable('swaps')
      .set({ target_key: to })
      .where('uid', '=', uid)
      .where('target_key', '=', from)
      .where('uploads_deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async markUploadsDeleted(id: string, at: number): Promise<void> {
    await this.db.updateTable('swaps').set({ uploads_deleted_at: at }).where('id', '=', id).where('uploads_deleted_at', 'is', null).execute();
  }
}
