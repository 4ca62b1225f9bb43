// One export being built per account at a time, enforced by the database: two "Download my data"
// clicks at once used to start two full exports. Older duplicates left by that race are failed first.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE data_exports SET status = 'failed', error = 'superseded' WHERE status IN ('queued', 'running') AND EXISTS (
    SELECT 1 FROM data_exports d2 WHERE d2.uid = data_exports.uid AND d2.status IN ('queued', 'running')
      AND (d2.created_at > data_exports.created_at OR (d2.created_at = data_exports.created_at AND d2.id > data_exports.id)))`.execute(db);
  await sql`CREATE UNIQUE INDEX data_exports_one_pending_idx ON data_exports (uid) WHERE status IN ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('data_exports_one_pending_idx').execute();
}
