// After a rotation the old signing secret keeps signing beside the new one for a while, so a
// receiver can deploy the new secret without refusing the deliveries in between.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_until').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret').execute();
}
