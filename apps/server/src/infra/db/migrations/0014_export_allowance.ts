// Data exports a day per account: the start (ms) of the account's current 24-hour window and the
// exports started in it, reserved with the export itself (see AccountRepository.startExport).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_allowances')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_allowances').execute();
}
