// The only code that queries api_keys.
import type { Db } from '../../infra/db/database.ts';
import type { ApiKeysTable } from '../../infra/db/schema.ts';
import type { KeyCaller } from '../auth/guards.ts';

export type ApiKeyRow = ApiKeysTable;

export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  list(uid: string): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async usedSlots(uid: string): Promise<number[]> {
    const rows = await this.db.selectFrom('api_keys').select('slot').where('uid', '=', uid).execute();
    return rows.map((r) => r.slot);
  }

  /** Fails on the (uid, slot) unique constraint when another create took the slot first. */
  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  async remove(uid: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('api_keys').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async removeAll(uid: string): Promise<void> {
    await this.db.deleteFrom('api_keys').where('uid', '=', uid).execute();
  }

  async findCaller(secretHash: string): Promise<(KeyCaller & { lastUsedAt: number | null }) | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.uid', 'api_keys.uid')
      .select(['api_keys.id', 'api_keys.last_used_at', 'users.uid', 'users.role', 'users.email'])
      .where('api_keys.secret_hash', '=', secretHash)
      .executeTakeFirst();
    return row && { keyId: row.id, lastUsedAt: row.last_used_at, user: { uid: row.uid, role: row.role, email: row.email } };
  }

  /** Records a use, unless one was recorded since `since` (one write a minute at most, even across processes). */
  async touch(id: string, now: number, since: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
      .execute();
  }
}
