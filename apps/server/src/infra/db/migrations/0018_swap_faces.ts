// A swap may put several face photos onto chosen faces of its target: `face_map` holds, as JSON,
// each source's stored photo keys, the (target face, source) pairs and each source's chosen face;
// `target_analysis` the target's faces as detected before the upload, so the job does not detect
// them again. Both null for a swap of the largest face with one photo.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('swaps').addColumn('face_map', 'text').execute();
  await db.schema.alterTable('swaps').addColumn('target_analysis', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('swaps').dropColumn('target_analysis').execute();
  await db.schema.alterTable('swaps').dropColumn('face_map').execute();
}
