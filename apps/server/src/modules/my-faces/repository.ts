// The only code that queries my_faces and my_face_photos. Limits are checked inside the
// transaction that inserts, with the row they count from locked first (the account's row for
// faces, the face's row for photos), so two requests at once cannot both take the last place.
import type { Db } from '../../infra/db/database.ts';
import type { MyFacePhotosTable, MyFacesTable } from '../../infra/db/schema.ts';

export type MyFaceRow = MyFacesTable;
export type MyFacePhotoRow = MyFacePhotosTable;

export class MyFacesRepository {
  constructor(private readonly db: Db) {}

  listFaces(uid: string): Promise<MyFaceRow[]> {
    return this.db.selectFrom('my_faces').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
  }

  listPhotos(uid: string): Promise<MyFacePhotoRow[]> {
    return this.db.selectFrom('my_face_photos').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
  }

  findFace(uid: string, id: string): Promise<MyFaceRow | undefined> {
    return this.db.selectFrom('my_faces').selectAll().where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
  }

  photosOf(faceId: string): Promise<MyFacePhotoRow[]> {
    return this.db.selectFrom('my_face_photos').selectAll().where('face_id', '=', faceId).orderBy('created_at').orderBy('id').execute();
  }

  findPhoto(uid: string, faceId: string, photoId: string): Promise<MyFacePhotoRow | undefined> {
    return this.db.selectFrom('my_face_photos').selectAll().where('uid', '=', uid).where('face_id', '=', faceId).where('id', '=', photoId).executeTakeFirst();
  }

  /** The photo stored under `key`, if it is one of `uid`'s. */
  photoByKey(uid: string, key: string): Promise<MyFacePhotoRow | undefined> {
    return this.db.selectFrom('my_face_photos').selectAll().where('key', '=', key).where('uid', '=', uid).executeTakeFirst();
  }

  /** Inserts the face and its first photo unless the account has `max` faces already: false then. */
  createFace(face: MyFaceRow, photo: MyFacePhotoRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // A write on the account's row: PostgreSQL holds its lock to the end; SQLite has one writer anyway.
      await trx.updateTable('users').set({ updated_at: (eb) => eb.ref('updated_at') }).where('uid', '=', face.uid).execute();
      const { n } = await trx.selectFrom('my_faces').select((eb) => eb.fn.countAll<number | string>().as('n')).where('uid', '=', face.uid).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('my_faces').values(face).execute();
      await trx.insertInto('my_face_photos').values(photo).execute();
      return true;
    });
  }

  /** Adds a photo unless the face has `max` photos: 'full'; 'gone' when the face was deleted meanwhile. */
  addPhoto(photo: MyFacePhotoRow, max: number): Promise<'added' | 'full' | 'gone'> {
    return this.db.transaction().execute(async (trx) => {
      const touched = await trx.updateTable('my_faces').set({ updated_at: photo.created_at }).where('id', '=', photo.face_id).where('uid', '=', photo.uid).executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) return 'gone';
      const { n } = await trx.selectFrom('my_face_photos').select((eb) => eb.fn.countAll<number | string>().as('n')).where('face_id', '=', photo.face_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'full';
      await trx.insertInto('my_face_photos').values(photo).execute();
      return 'added';
    });
  }

  /** Removes a photo unless it is the face's last: 'last'; 'gone' when there is no such photo. */
  removePhoto(uid: string, faceId: string, photoId: string, at: number): Promise<MyFacePhotoRow | 'last' | 'gone'> {
    return this.db.transaction().execute(async (trx) => {
      const touched = await trx.updateTable('my_faces').set({ updated_at: at }).where('id', '=', faceId).where('uid', '=', uid).executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) return 'gone';
      const photos = await trx.selectFrom('my_face_photos').selectAll().where('face_id', '=', faceId).execute();
      const row = photos.find((p) => p.id === photoId);
      if (!row) return 'gone';
      if (photos.length <= 1) return 'last';
      await trx.deleteFrom('my_face_photos').where('id', '=', photoId).execute();
      return row;
    });
  }

  async rename(uid: string, id: string, name: string, at: number): Promise<boolean> {
    const res = await this.db.updateTable('my_faces').set({ name, updated_at: at }).where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Deletes the face and its photos' rows; answers the photos (their files are the caller's to delete). */
  deleteFace(uid: string, id: string): Promise<MyFacePhotoRow[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const face = await trx.deleteFrom('my_faces').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
      if (Number(face.numDeletedRows) === 0) return null;
      const photos = await trx.selectFrom('my_face_photos').selectAll().where('face_id', '=', id).execute();
      await trx.deleteFrom('my_face_photos').where('face_id', '=', id).execute();
      return photos;
    });
  }

  /** Every face and photo row of the account (erasure). */
  async deleteAll(uid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('my_face_photos').where('uid', '=', uid).execute();
      await trx.deleteFrom('my_faces').where('uid', '=', uid).execute();
    });
  }
}
