// Each account keeps the pages' colours it chose: 'light', 'dark' or 'system' (the device's own
// setting). Every account starts on 'system', so a device set to dark shows dark pages at once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('color_scheme', 'varchar(8)', (c) => c.notNull().defaultTo('system')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('color_scheme').execute();
}
