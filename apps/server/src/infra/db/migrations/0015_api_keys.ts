// API keys and the stored answers of idempotent creates. A key row keeps only the SHA-256 of the
// secret and a short prefix to recognise it by; `slot` (0..cap-1, unique per account) makes the
// cap on live keys hold under concurrent creates without locking the account row.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addUniqueConstraint('api_keys_uid_slot_unique', ['uid', 'slot'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(255)', (c) => c.notNull())
    // SHA-256 of the method, path and body: the same key with another request is refused.
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    // Null while the first request runs.
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['uid', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('api_keys').execute();
}
