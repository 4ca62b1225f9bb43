// E-mail links: single-use tokens for a password reset, an address confirmation and a change of
// address (only their SHA-256 is stored), and the date by which an account must confirm its
// address to keep swapping. Accounts that exist already get 7 days from this migration, not from
// their creation, so nobody is stopped the day the rule arrives.
import { sql, type Kysely } from 'kysely';

const CONFIRM_WITHIN_MS = 7 * 24 * 3600 * 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    // 'reset' | 'verify' | 'change'
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // The address the link was sent to: the account's, or the new one of a change.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_uid_idx').on('email_tokens').columns(['uid', 'purpose']).execute();
  await db.schema.createIndex('email_tokens_expires_idx').on('email_tokens').column('expires_at').execute();

  await db.schema.alterTable('users').addColumn('email_confirm_by', 'bigint').execute();
  await sql`update users set email_confirm_by = ${Date.now() + CONFIRM_WITHIN_MS} where email_verified = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_confirm_by').execute();
  await db.schema.dropTable('email_tokens').execute();
}
