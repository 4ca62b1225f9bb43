import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swaps')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('target_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('result_key', 'varchar(255)')
    .addColumn('thumb_key', 'varchar(255)')
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_message', 'text')
    .addColumn('metrics', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('swaps_uid_created_idx').on('swaps').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('swaps_job_idx').on('swaps').column('job_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('swaps').execute();
}
