// The only code that queries for the account page, data exports and erasure.
import { sql, type Selectable } from 'kysely';
import type { Db, DatabaseKind } from '../../infra/db/database.ts';
import type { DataExportsTable, SessionsTable } from '../../infra/db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;
export type ExportRow = Selectable<DataExportsTable>;

export class AccountRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DatabaseKind,
  ) {}

  // Sessions -------------------------------------------------------------------
  async listSessions(uid: string, now: number): Promise<SessionRow[]> {
    return this.db.selectFrom('sessions').selectAll().where('uid', '=', uid).where('expires_at', '>', now).orderBy('created_at', 'desc').execute();
  }

  async deleteSession(uid: string, tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('uid', '=', uid).where('token_hash', '=', tokenHash).execute();
  }

  /** Every session of `uid` but `keep` (null: all of them). */
  async deleteSessionsExcept(uid: string, keep: string | null): Promise<void> {
    let q = this.db.deleteFrom('sessions').where('uid', '=', uid);
    if (keep) q = q.where('token_hash', '!=', keep);
    await q.execute();
  }

  async identities(uid: string): Promise<{ issuer: string; subject: string; created_at: number }[]> {
    return this.db.selectFrom('oidc_identities').select(['issuer', 'subject', 'created_at']).where('uid', '=', uid).execute();
  }

  /** The newest address of a change of address still waiting for its link to be followed. */
  async pendingEmail(uid: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select('email')
      .where('uid', '=', uid)
      .where('purpose', '=', 'change')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.email ?? null;
  }

  // Exports ----------------------------------------------------------------------
  /**
   * Inserts the export and takes one of the account's exports in its 24-hour window (a window
   * over starts again at 1), in one transaction: both or neither. The account's unique index on
   * queued/running exports makes a concurrent request wait for this one, then find its export
   * ('pending'), so twenty clicks at once start one export and spend one of the window's.
   */
  async startExport(row: ExportRow, windowMs: number, perWindow: number): Promise<'started' | 'pending' | 'limit'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const inserted = await trx.insertInto('data_exports').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'pending';
        if (!(await reserveExport(trx, row.uid, row.created_at, windowMs, perWindow))) throw new WindowFull();
        return 'started';
      });
    } catch (err) {
      if (err instanceof WindowFull) return 'limit';
      throw err;
    }
  }

  /** Start (ms) of the account's current window, for Retry-After. */
  async exportWindowStart(uid: string): Promise<number | null> {
    const row = await this.db.selectFrom('export_allowances').select('window_start').where('uid', '=', uid).executeTakeFirst();
    return row ? Number(row.window_start) : null;
  }


  /** Exports queued or running, oldest first, after `after` (start-up reconcile pages through them). */
  async pendingExports(limit: number, after?: Pick<ExportRow, 'created_at' | 'id'>): Promise<ExportRow[]> {
    let q = this.db.selectFrom('data_exports').selectAll().where('status', 'in', ['queued', 'running']);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.created_at, after.id)));
    return q.orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** Fails an export still queued or running; false when it had ended (done, failed or gone). */
  async failExport(id: string, error: string, at: number): Promise<boolean> {
    const res = await this.db.updateTable('data_exports').set({ status: 'failed', error, completed_at: at }).where('id', '=', id).where('status', 'in', ['queued', 'running']).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async findExport(id: string): Promise<ExportRow | undefined> {
    return this.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listExports(uid: string): Promise<ExportRow[]> {
    return this.db.selectFrom('data_exports').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').execute();
  }

  async updateExport(id: string, patch: Partial<Omit<ExportRow, 'id' | 'uid'>>): Promise<void> {
    await this.db.updateTable('data_exports').set(patch).where('id', '=', id).execute();
  }

  /** Expired exports in (expires_at, id) order after `after`: the sweep pages past those it must leave. */
  async expiredExports(now: number, limit: number, after?: Pick<ExportRow, 'expires_at' | 'id'>): Promise<ExportRow[]> {
    let q = this.db.selectFrom('data_exports').selectAll().where('expires_at', '<=', now);
    if (after) q = q.where((eb) => eb(eb.refTuple('expires_at', 'id'), '>', eb.tuple(after.expires_at, after.id)));
    return q.orderBy('expires_at').orderBy('id').limit(limit).execute();
  }

  async deleteExport(id: string): Promise<void> {
    await this.db.deleteFrom('data_exports').where('id', '=', id).execute();
  }

  // Erasure ----------------------------------------------------------------------
  /** The account's own rows; tables of other modules are cleared by their erasers first. */
  async deleteAccountRows(uid: string, email: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('uid', '=', uid).execute();
      await trx.deleteFrom('oidc_identities').where('uid', '=', uid).execute();
      await trx.deleteFrom('data_exports').where('uid', '=', uid).execute();
      await trx.deleteFrom('email_tokens').where('uid', '=', uid).execute();
      await trx.deleteFrom('export_allowances').where('uid', '=', uid).execute();
      // Sign-in and mail counters are keyed by the e-mail address (account:<email>, pair:<ip>|<email>, mail:<email>).
      await trx
        .deleteFrom('sign_in_counters')
        .where((eb) => eb.or([eb('key', '=', `account:${email}`), eb('key', '=', `mail:${email}`), eb('key', 'like', `pair:%|${email}`)]))
        .execute();
      await trx.deleteFrom('oidc_pending_signups').where('uid', '=', uid).execute();
      await trx.deleteFrom('users').where('uid', '=', uid).execute();
    });
    // secure_delete zeroes the freed pages in the database file; the WAL still holds the old
    // pages until a checkpoint, so copy them in and truncate it now.
    if (this.kind === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.db);
  }
}

/** Thrown inside startExport's transaction to roll its insert back. */
class WindowFull extends Error {}

/** One upsert, atomic on SQLite and PostgreSQL: false when `perWindow` are already taken in the window. */
async function reserveExport(db: Db, uid: string, now: number, windowMs: number, perWindow: number): Promise<boolean> {
  const since = now - windowMs;
  const row = await db
    .insertInto('export_allowances')
    .values({ uid, n: 1, window_start: now })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet((eb) => {
          const over = eb('export_allowances.window_start', '<=', since);
          return {
            n: eb.case().when(over).then(1).else(eb('export_allowances.n', '+', 1)).end(),
            window_start: eb.case().when(over).then(now).else(eb.ref('export_allowances.window_start')).end(),
          };
        })
        .where((eb) => eb.or([eb('export_allowances.window_start', '<=', since), eb('export_allowances.n', '<', perWindow)])),
    )
    .returning(['window_start'])
    .executeTakeFirst();
  return row !== undefined;
}
