// Bulk swaps: saved faces (keyed by owner + text id) and the faceId tag on swaps, with the
// indexes the swap browser pages on (per user, optionally per face, newest first).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_faces')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_faces_pk', ['uid', 'id'])
    .execute();
  await db.schema.alterTable('swaps').addColumn('face_id', 'varchar(64)').execute();
  // Covering for the browser's page: status filter, order and the id all come from the index.
  await db.schema.createIndex('swaps_uid_status_created_idx').on('swaps').columns(['uid', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('swaps_uid_face_status_created_idx').on('swaps').columns(['uid', 'face_id', 'status', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('swaps_uid_face_status_created_idx').execute();
  await db.schema.dropIndex('swaps_uid_status_created_idx').execute();
  await db.schema.alterTable('swaps').dropColumn('face_id').execute();
  await db.schema.dropTable('saved_faces').execute();
}
