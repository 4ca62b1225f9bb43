// Consent and age: every account records how it accepted the terms (consent_method: signup-form,
// oidc-consent, admin-cli) and when the person confirmed being 13 or older (age_confirmed_at).
// OIDC sign-ups wait for that consent in oidc_pending_signups (bound to the browser by a cookie).
// Backfill: form sign-ups (terms recorded) → signup-form; password accounts without terms were made
// by an operator → admin-cli. Older OIDC accounts keep no consent and are asked at their next
// sign-in. Nobody was ever asked their age, so age_confirmed_at stays empty for existing rows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('consent_method', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('age_confirmed_at', 'bigint').execute();
  await sql`update users set consent_method = 'signup-form' where terms_accepted_at is not null`.execute(db);
  await sql`update users set consent_method = 'admin-cli', terms_accepted_at = created_at
            where terms_accepted_at is null and password_hash is not null`.execute(db);

  await db.schema
    .createTable('oidc_pending_signups')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    // An existing account that still lacks consent (older OIDC sign-ups); null for a new one.
    .addColumn('uid', 'varchar(64)')
    .addColumn('claims', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_pending_signups_expires_idx').on('oidc_pending_signups').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_pending_signups').execute();
  await db.schema.alterTable('users').dropColumn('age_confirmed_at').execute();
  await db.schema.alterTable('users').dropColumn('consent_method').execute();
}
