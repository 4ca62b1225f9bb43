// Migrations whose name changed after databases had recorded it. Kysely refuses to run when an
// executed name is missing from the list, so the recorded names are rewritten before it looks.
import { sql, type Kysely } from 'kysely';

/** Recorded name → current key. Two migrations once shared 0004; every one from the second on moved up one. */
export const renamedMigrations: Readonly<Record<string, string>> = {
  '0004_sign_in_counters': '0005_sign_in_counters',
  '0005_swap_quota': '0006_swap_quota',
  '0006_catalogues': '0007_catalogues',
  '0007_saved_faces': '0008_saved_faces',
  '0008_billing': '0009_billing',
  '0009_account_data': '0010_account_data',
  '0010_one_pending_export': '0011_one_pending_export',
};

const MIGRATION_TABLE = 'kysely_migration';

/**
 * Rewrites old names in Kysely's migration table; a fresh database (no table yet) is left alone.
 * Idempotent and in one transaction, so two processes starting together agree. No new name equals
 * an old one, so the order of the updates does not matter.
 */
export async function renameRecordedMigrations<DB>(db: Kysely<DB>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return;
  await db.transaction().execute(async (trx) => {
    for (const [from, to] of Object.entries(renamedMigrations)) {
      await sql`update ${sql.table(MIGRATION_TABLE)} set name = ${to} where name = ${from}`.execute(trx);
    }
  });
}
