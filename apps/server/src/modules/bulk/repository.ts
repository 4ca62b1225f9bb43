// The swap browser's queries (the only code here that reads swaps for the operator lists).
import type { Db } from '../../infra/db/database.ts';
import type { SwapsTable } from '../../infra/db/schema.ts';

export class BrowserRepository {
  constructor(private readonly db: Db) {}

  async doneIds(uid: string, modes: SwapsTable['mode'][]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('swaps')
      .select('id')
      .where('uid', '=', uid)
      .where('status', '=', 'done')
      .where('mode', 'in', modes)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Every done swap's id, newest first, from the covering (uid[, face_id], status, created_at, id) indexes. */
  async allIds(uid: string, faceId: string | undefined): Promise<string[]> {
    let q = this.db.selectFrom('swaps').select('id').where('uid', '=', uid);
    if (faceId !== undefined) q = q.where('face_id', '=', faceId);
    const rows = await q.where('status', '=', 'done').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((r) => r.id);
  }

  async ownedIds(uid: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('swaps').select('id').where('uid', '=', uid).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async setFaceId(uid: string, ids: string[], faceId: string): Promise<number> {
    const res = await this.db.updateTable('swaps').set({ face_id: faceId }).where('uid', '=', uid).where('id', 'in', ids).executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
