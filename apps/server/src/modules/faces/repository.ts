// The only code that queries the saved_faces table.
import type { Db } from '../../infra/db/database.ts';
import type { SavedFacesTable } from '../../infra/db/schema.ts';

export type SavedFaceRow = SavedFacesTable;

export class FacesRepository {
  constructor(private readonly db: Db) {}

  list(uid: string): Promise<SavedFaceRow[]> {
    return this.db.selectFrom('saved_faces').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  find(uid: string, id: string): Promise<SavedFaceRow | undefined> {
    return this.db.selectFrom('saved_faces').selectAll().where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Inserts, or replaces the key of an existing id when `replace` (created_at kept). False when it
   * exists and may not be replaced. The key replaced is the one the update took the place of: two
   * replaces at once each get their own previous key (the one losing the race reads again).
   */
  async save(row: SavedFaceRow, replace: boolean): Promise<{ saved: boolean; previousKey: string | null }> {
    for (;;) {
      const existing = await this.db.selectFrom('saved_faces').select('key').where('uid', '=', row.uid).where('id', '=', row.id).executeTakeFirst();
      if (existing && !replace) return { saved: false, previousKey: null };
      if (!existing) {
        await this.db.insertInto('saved_faces').values(row).execute();
        return { saved: true, previousKey: null };
      }
      const res = await this.db
        .updateTable('saved_faces')
        .set({ key: row.key, updated_at: row.updated_at })
        .where('uid', '=', row.uid)
        .where('id', '=', row.id)
        .where('key', '=', existing.key)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) return { saved: true, previousKey: existing.key };
    }
  }

  async remove(uid: string, id: string): Promise<SavedFaceRow | undefined> {
    const row = await this.find(uid, id);
    if (row) await this.db.deleteFrom('saved_faces').where('uid', '=', uid).where('id', '=', id).execute();
    return row;
  }

  /** Whether a saved face of `uid` holds this key. */
  async keyOwned(uid: string, key: string): Promise<boolean> {
    const row = await this.db.selectFrom('saved_faces').select('id').where('uid', '=', uid).where('key', '=', key).limit(1).executeTakeFirst();
    return !!row;
  }

  /** Whether any swap still reads this key as its face (then the file is kept). */
  async keyInUse(uid: string, key: string): Promise<boolean> {
    const row = await this.db.selectFrom('swaps').select('id').where('uid', '=', uid).where('source_key', '=', key).limit(1).executeTakeFirst();
    return !!row;
  }
}
