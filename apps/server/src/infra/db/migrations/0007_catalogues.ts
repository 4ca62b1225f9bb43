// Pro modes' catalogues: one row per model (proshoot) or player (prosoccer) photo, its attributes,
// and the face analysis kept from upload so a swap onto it skips detecting the target again.
// catalogue_seeds records which demo content was seeded once, so an emptied catalogue stays empty.
import type { Kysely } from 'kysely';

const ATTRS = ['gender', 'ethnicity', 'age_range', 'face_shape', 'hair_type', 'hair_length', 'hair_color', 'eyes_shape', 'nose_shape', 'lips_shape', 'cheeks_shape'];

export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('catalogue_entries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull());
  for (const a of ATTRS) table = table.addColumn(a, 'varchar(32)', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('player_id', 'varchar(64)')
    .addColumn('country', 'varchar(64)')
    .addColumn('club', 'varchar(64)')
    .addColumn('analysis', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalogue_kind_created_idx').on('catalogue_entries').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('catalogue_image_key_idx').on('catalogue_entries').column('image_key').unique().execute();
  await db.schema
    .createTable('catalogue_seeds')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('seeded_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalogue_seeds').execute();
  await db.schema.dropTable('catalogue_entries').execute();
}
