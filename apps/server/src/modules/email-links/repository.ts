// The only code that queries e-mail link tokens (and the sessions a password reset ends).
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.ts';
import type { EmailTokensTable } from '../../infra/db/schema.ts';

export type EmailTokenRow = Selectable<EmailTokensTable>;
export type LinkPurpose = EmailTokensTable['purpose'];

export class EmailLinksRepository {
  constructor(private readonly db: Db) {}

  async insert(row: EmailTokenRow): Promise<void> {
    // Links nobody followed would pile up: expired ones go as new ones are made.
    await this.db.deleteFrom('email_tokens').where('expires_at', '<=', row.created_at).execute();
    await this.db.insertInto('email_tokens').values(row).execute();
  }

  async find(tokenHash: string, purposes: LinkPurpose[], now: number): Promise<EmailTokenRow | undefined> {
    return this.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', 'in', purposes)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Deletes the token and returns it, in one statement: of two uses at once, one gets it. */
  async take(tokenHash: string, purposes: LinkPurpose[], now: number): Promise<EmailTokenRow | undefined> {
    const row = await this.db.deleteFrom('email_tokens').where('token_hash', '=', tokenHash).where('purpose', 'in', purposes).returningAll().executeTakeFirst();
    return row && row.expires_at > now ? row : undefined;
  }

  async deleteFor(uid: string, purposes: LinkPurpose[]): Promise<void> {
    await this.db.deleteFrom('email_tokens').where('uid', '=', uid).where('purpose', 'in', purposes).execute();
  }

  async deleteSessions(uid: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('uid', '=', uid).execute();
  }
}
