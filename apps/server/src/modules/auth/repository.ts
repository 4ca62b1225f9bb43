// The only code that queries sessions, OIDC identities and flows, sign-in failures
// and spent proof-of-work challenges.
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { OidcFlowsTable, SessionsTable } from '../../infra/db/schema.ts';
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

  // Sign-in failures (brute-force limits) ----------------------------------
  async countFailures(key: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async addFailures(keys: string[], now: number, olderThan: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Every key's old failures go, not just these keys': sprayed e-mails must not pile up.
      await trx.deleteFrom('login_failures').where('created_at', '<=', olderThan).execute();
      await trx
        .insertInto('login_failures')
        .values(keys.map((key) => ({ id: randomUUID(), key, created_at: now })))
        .execute();
    });
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute();
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
