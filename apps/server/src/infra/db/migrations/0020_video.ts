// Video swaps: a swap row is an image or a video (`kind`; a video's facts as JSON in `video`),
// each account counts its video swaps per usage period beside its image swaps (`video_usage`),
// and a video is swapped in segments, each a job any worker may take (`video_segments`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('video_usage', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('swaps').addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('image')).execute();
  await db.schema.alterTable('swaps').addColumn('video', 'text').execute();
  await db.schema
    .createTable('video_segments')
    .addColumn('swap_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('first_frame', 'integer', (c) => c.notNull())
    .addColumn('frames', 'integer', (c) => c.notNull())
    .addColumn('frames_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('result_key', 'varchar(255)')
    /** Which worker process swapped it (shown by the scale-out check). */
    .addColumn('worker', 'varchar(128)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_segments_pk', ['swap_id', 'idx'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_segments').execute();
  await db.schema.alterTable('swaps').dropColumn('video').execute();
  await db.schema.alterTable('swaps').dropColumn('kind').execute();
  await db.schema.alterTable('users').dropColumn('video_usage').execute();
}
