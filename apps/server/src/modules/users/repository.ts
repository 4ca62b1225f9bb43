// The only code that queries the users table.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { UsersTable } from '../../infra/db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async findByUid(uid: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async update(uid: string, patch: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('uid', '=', uid).execute();
  }

  /** Counts one more swap in the current period, atomically. */
  async incrementUsage(uid: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ usage: eb('usage', '+', 1), updated_at: now }))
      .where('uid', '=', uid)
      .execute();
  }

  /** Starts a new usage period only if the stored one is still `expected` (safe against a concurrent roll). */
  async rollPeriod(uid: string, expected: string, next: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ usage: 0, reset_date: next, updated_at: now })
      .where('uid', '=', uid)
      .where('reset_date', '=', expected)
      .execute();
  }
}

/** Unique-constraint violation from either driver (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
