// The only code that queries sessions, OIDC identities and flows, sign-in failures
// and spent proof-of-work challenges.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { OidcFlowsTable, OidcPendingSignupsTable, SessionsTable } from '../../infra/db/schema.ts';
import { isUniqueViolation } from '../users/repository.ts';
import type { SessionUser } from './guards.ts';

export class AuthRepository {
  constructor(private readonly db: Db) {}

  // Sessions ---------------------------------------------------------------
  async insertSession(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async findSessionUser(tokenHash: string, now: number): Promise<(SessionUser & { last_used_at: number | null }) | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.uid', 'sessions.uid')
      .select(['users.uid', 'users.role', 'users.email', 'sessions.last_used_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteExpiredSessions(uid: string, now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('uid', '=', uid).where('expires_at', '<=', now).execute();
  }

  // Sign-in attempts (brute-force limits) ----------------------------------
  /**
   * Counts one attempt under each key with a single upsert and returns the new counts: a
   * counter whose window started at or before `since` starts again at 1. Atomic on SQLite
   * (one writer) and PostgreSQL (the conflicting row is locked), in any number of processes.
   */
  async bumpCounters(keys: string[], now: number, since: number): Promise<Map<string, { n: number; windowStart: number }>> {
    const rows = await this.db
      .insertInto('sign_in_counters')
      .values(keys.map((key) => ({ key, n: 1, window_start: now })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb('sign_in_counters.window_start', '<=', since);
          return {
            n: eb.case().when(expired).then(1).else(eb('sign_in_counters.n', '+', 1)).end(),
            window_start: eb.case().when(expired).then(now).else(eb.ref('sign_in_counters.window_start')).end(),
          };
        }),
      )
      .returning(['key', 'n', 'window_start'])
      .execute();
    return new Map(rows.map((r) => [r.key, { n: Number(r.n), windowStart: Number(r.window_start) }]));
  }

  /** Takes one attempt back from each counter, unless its window started again meanwhile. */
  async unbumpCounters(counters: Array<{ key: string; windowStart: number }>): Promise<void> {
    for (const c of counters) {
      await this.db
        .updateTable('sign_in_counters')
        .set((eb) => ({ n: eb('n', '-', 1) }))
        .where('key', '=', c.key)
        .where('window_start', '=', c.windowStart)
        .where('n', '>', 0)
        .execute();
    }
  }

  /** Sprayed e-mails must not pile up: counters whose window ended go, whatever their key. */
  async pruneCounters(since: number): Promise<void> {
    await this.db.deleteFrom('sign_in_counters').where('window_start', '<=', since).execute();
  }

  // OIDC -------------------------------------------------------------------
  async insertFlow(row: Selectable<OidcFlowsTable>, now: number): Promise<void> {
    // Abandoned flows (popup closed) would pile up: drop the expired ones as new ones start.
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
    await this.db.insertInto('oidc_flows').values(row).execute();
  }

  /** Reads and deletes a pending flow: each state can finish at most once. */
  async takeFlow(state: string, now: number): Promise<Selectable<OidcFlowsTable> | undefined> {
    const flow = await this.db.selectFrom('oidc_flows').selectAll().where('state', '=', state).executeTakeFirst();
    if (!flow) return undefined;
    const res = await this.db.deleteFrom('oidc_flows').where('state', '=', state).executeTakeFirst();
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
    if (Number(res.numDeletedRows) !== 1 || flow.expires_at <= now) return undefined;
    return flow;
  }

  // Pending OIDC sign-ups (waiting for consent) ---------------------------------
  async insertPendingSignup(row: Selectable<OidcPendingSignupsTable>, now: number): Promise<void> {
    await this.db.deleteFrom('oidc_pending_signups').where('expires_at', '<=', now).execute();
    await this.db.insertInto('oidc_pending_signups').values(row).execute();
  }

  async findPendingSignup(tokenHash: string, now: number): Promise<Selectable<OidcPendingSignupsTable> | undefined> {
    return this.db.selectFrom('oidc_pending_signups').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
  }

  /** Reads and deletes a pending sign-up: each can complete at most once. */
  async takePendingSignup(tokenHash: string, now: number): Promise<Selectable<OidcPendingSignupsTable> | undefined> {
    const row = await this.findPendingSignup(tokenHash, now);
    if (!row) return undefined;
    const res = await this.db.deleteFrom('oidc_pending_signups').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(res.numDeletedRows) === 1 ? row : undefined;
  }

  async deletePendingSignup(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('oidc_pending_signups').where('token_hash', '=', tokenHash).execute();
  }

  async findIdentity(issuer: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('oidc_identities')
      .select('uid')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.uid;
  }

  async insertIdentity(issuer: string, subject: string, uid: string, now: number): Promise<void> {
    await this.db.insertInto('oidc_identities').values({ issuer, subject, uid, created_at: now }).execute();
  }

  // Proof-of-work ----------------------------------------------------------
  /** Records a solved challenge; false when it was already spent (a replay). */
  async spendChallenge(signature: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('spent_challenges').where('expires_at', '<=', now).execute();
    try {
      await this.db.insertInto('spent_challenges').values({ signature, expires_at: expiresAt }).execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}
