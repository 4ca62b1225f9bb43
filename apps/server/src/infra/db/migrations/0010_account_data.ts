// Account and data: data exports (a ZIP kept 24 hours), when a session was last
// used (shown on the account page), and when a swap's uploaded photos were deleted by retention.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_exports_uid_idx').on('data_exports').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('data_exports_expires_idx').on('data_exports').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('swaps').addColumn('uploads_deleted_at', 'bigint').execute();
  await db.schema.createIndex('swaps_retention_idx').on('swaps').columns(['uploads_deleted_at', 'completed_at']).execute();
  // Retention and deletion ask whether another swap still uses an uploaded photo (bulk swaps share one).
  await db.schema.createIndex('swaps_source_key_idx').on('swaps').column('source_key').execute();
  await db.schema.createIndex('swaps_target_key_idx').on('swaps').column('target_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('swaps_target_key_idx').execute();
  await db.schema.dropIndex('swaps_source_key_idx').execute();
  await db.schema.dropIndex('swaps_retention_idx').execute();
  await db.schema.alterTable('swaps').dropColumn('uploads_deleted_at').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.dropTable('data_exports').execute();
}
