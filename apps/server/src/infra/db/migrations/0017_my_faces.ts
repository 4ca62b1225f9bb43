// "My faces": each account's named faces (my_faces) and their photos (my_face_photos), every photo
// with the identity descriptor and the face (pose, landmarks, light) read once when it was added.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('my_faces')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('my_faces_uid_idx').on('my_faces').columns(['uid', 'created_at']).execute();
  await db.schema
    .createTable('my_face_photos')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('face_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    // Base64 of the 1024 float32 values: a quarter of their JSON.
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('my_face_photos_face_idx').on('my_face_photos').columns(['face_id', 'created_at']).execute();
  await db.schema.createIndex('my_face_photos_key_idx').on('my_face_photos').column('key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('my_face_photos').execute();
  await db.schema.dropTable('my_faces').execute();
}
