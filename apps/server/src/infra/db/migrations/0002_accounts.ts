// Accounts: users (with the profile fields the API returns, usage and resetDate), hashed
// sessions, OIDC identities and pending OIDC flows, sign-in failures (brute-force
// limits shared by every process) and spent proof-of-work challenges.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('pic', 'text', (c) => c.notNull())
    .addColumn('nom', 'varchar(100)', (c) => c.notNull())
    .addColumn('prenom', 'varchar(100)', (c) => c.notNull())
    .addColumn('gender', 'varchar(32)', (c) => c.notNull())
    .addColumn('birthday', 'varchar(32)', (c) => c.notNull())
    .addColumn('pays', 'varchar(100)', (c) => c.notNull())
    .addColumn('ville', 'varchar(100)', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('subscription', 'varchar(32)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('usage', 'integer', (c) => c.notNull())
    .addColumn('reset_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('terms_version', 'varchar(32)')
    .addColumn('terms_accepted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_uid_idx').on('sessions').column('uid').execute();

  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
    .execute();

  await db.schema
    .createTable('oidc_flows')
    .addColumn('state', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['key', 'created_at']).execute();
  await db.schema.createIndex('login_failures_created_idx').on('login_failures').column('created_at').execute();

  await db.schema
    .createTable('spent_challenges')
    .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['spent_challenges', 'login_failures', 'oidc_flows', 'oidc_identities', 'sessions', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
