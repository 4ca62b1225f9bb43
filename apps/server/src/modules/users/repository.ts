// The only code that queries the users table.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
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

  /** Sets the picture if it is still `from`; false when another change came first. */
  async replacePic(uid: string, from: string, to: string, now: number): Promise<boolean> {
    const res = await this.db.updateTable('users').set({ pic: to, updated_at: now }).where('uid', '=', uid).where('pic', '=', from).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Starts the next usage period if the stored one has ended (usage 0); one atomic statement. */
  async rollPeriodIfDue(uid: string, today: string, next: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ usage: 0, video_usage: 0, reset_date: next, updated_at: now })
      .where('uid', '=', uid)
      .where('reset_date', '<=', today)
      .execute();
  }

  /**
   * Adds n to usage in one conditional UPDATE: only while usage stays within `limit` (null:
   * unlimited, but counted). Concurrent reservations serialize on the row, so they
   * can never pass the limit together. Returns the period charged, or undefined when refused.
   */
  async reserveUsage(uid: string, n: number, limit: number | null, now: number): Promise<string | undefined> {
    let update = this.db
      .updateTable('users')
      .set((eb) => ({ usage: eb('usage', '+', n), updated_at: now }))
      .where('uid', '=', uid);
    if (limit !== null) update = update.where((eb) => eb(eb('usage', '+', n), '<=', limit));
    const row = await update.returning('reset_date').executeTakeFirst();
    return row?.reset_date;
  }

  /** Gives n back, only to the period they were charged to (a new period already starts at 0). */
  async releaseUsage(uid: string, n: number, period: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ usage: sql<number>`case when ${eb.ref('usage')} >= ${n} then ${eb.ref('usage')} - ${n} else 0 end`, updated_at: now }))
      .where('uid', '=', uid)
      .where('reset_date', '=', period)
      .execute();
  }

  /** Adds one video swap in one conditional UPDATE, as reserveUsage does; the period charged, or undefined when refused. */
  async reserveVideoUsage(uid: string, limit: number | null, now: number): Promise<string | undefined> {
    let update = this.db
      .updateTable('users')
      .set((eb) => ({ video_usage: eb('video_usage', '+', 1), updated_at: now }))
      .where('uid', '=', uid);
    if (limit !== null) update = update.where((eb) => eb(eb('video_usage', '+', 1), '<=', limit));
    const row = await update.returning('reset_date').executeTakeFirst();
    return row?.reset_date;
  }

  /** Gives one video swap back, only to the period it was charged to. */
  async releaseVideoUsage(uid: string, period: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ video_usage: sql<number>`case when ${eb.ref('video_usage')} >= 1 then ${eb.ref('video_usage')} - 1 else 0 end`, updated_at: now }))
      .where('uid', '=', uid)
      .where('reset_date', '=', period)
      .execute();
  }

  /** Starts a new usage period only if the stored one is still `expected` (safe against a concurrent roll). */
  async rollPeriod(uid: string, expected: string, next: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ usage: 0, video_usage: 0, reset_date: next, updated_at: now })
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
