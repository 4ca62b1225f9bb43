// Sign-in limits as one counter row per key (account + address, address, account), bumped
// by a single upsert that returns the new count: atomic on SQLite and PostgreSQL alike.
// They replace login_failures, whose insert-then-count refused every attempt of a burst.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_counters')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_counters_window_idx').on('sign_in_counters').column('window_start').execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('sign_in_counters').execute();
}
