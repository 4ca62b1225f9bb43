// "My faces": every signed-in user's named faces, up to MY_FACES_MAX, each with 1 to
// MY_FACE_PHOTOS_MAX photos of one person. Photos are cleaned by the intake, checked by the
// engine (one usable face, the same person as the face's other photos), stored under myfaces/
// and kept until their owner deletes them: upload retention never reads these keys.
import { randomUUID } from 'node:crypto';
import { MY_FACE_PHOTOS_MAX, type MyFace, type MyFaceList } from '@visage/contracts';
import type { EngineCalls, SourcePhotoAnalysis } from '@visage/engine';
import { AppError, notFound } from '../../http/errors.ts';
import { newStorageKey } from '../../infra/storage/index.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { assertSamePerson, oneFace, packDescriptor, unpackDescriptor } from './photo-check.ts';
import type { MyFacePhotoRow, MyFaceRow, MyFacesRepository } from './repository.ts';

/** The engine call that reads a photo's face, descriptor, pose and light. */
export type FaceProfiler = Pick<EngineCalls, 'profile'>;

export interface PhotoStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export const MY_FACES_PREFIX = 'myfaces/';

export function myFacePhotoUrl(faceId: string, photoId: string): string {
  return `/app/api/me/faces/${faceId}/photos/${photoId}`;
}

const unknownFace = () => new AppError(404, 'unknown_face', 'This face is not one of your faces.');

export class MyFacesService {
  constructor(
    private readonly repo: MyFacesRepository,
    private readonly storage: PhotoStore,
    private readonly engine: FaceProfiler,
    private readonly intake: ImageIntake,
    private readonly maxFaces: number,
    private readonly now: () => number = Date.now,
  ) {}

  async list(uid: string): Promise<MyFaceList> {
    const [faces, photos] = await Promise.all([this.repo.listFaces(uid), this.repo.listPhotos(uid)]);
    return { faces: faces.map((f) => toMyFace(f, photos.filter((p) => p.face_id === f.id))), maxFaces: this.maxFaces, maxPhotos: MY_FACE_PHOTOS_MAX };
  }

  /** A new face with its first photo; 409 `faces_limit` once the account has MY_FACES_MAX. */
  async create(uid: string, name: string, photo: Buffer): Promise<MyFace> {
    if ((await this.repo.listFaces(uid)).length >= this.maxFaces) throw this.facesLimit();
    const at = this.now();
    const face: MyFaceRow = { id: randomUUID(), uid, name, created_at: at, updated_at: at };
    const row = await this.checkedPhoto(uid, face.id, photo, []);
    await this.stored(row.key, async () => {
      if (!(await this.repo.createFace(face, row.photo, this.maxFaces))) throw this.facesLimit();
    }, row.body);
    return toMyFace(face, [row.photo]);
  }

  async rename(uid: string, id: string, name: string): Promise<MyFace> {
    if (!(await this.repo.rename(uid, id, name, this.now()))) throw unknownFace();
    return this.get(uid, id);
  }

  /** Adds a photo of the same person; 409 `photos_limit` past MY_FACE_PHOTOS_MAX, 422 `face_mismatch` for someone else. */
  async addPhoto(uid: string, id: string, photo: Buffer): Promise<MyFace> {
    await this.find(uid, id);
    const existing = await this.repo.photosOf(id);
    if (existing.length >= MY_FACE_PHOTOS_MAX) throw photosLimit();
    const row = await this.checkedPhoto(uid, id, photo, existing.map((p) => unpackDescriptor(p.descriptor)));
    await this.stored(row.key, async () => {
      const added = await this.repo.addPhoto(row.photo, MY_FACE_PHOTOS_MAX);
      if (added === 'full') throw photosLimit();
      if (added === 'gone') throw unknownFace();
    }, row.body);
    return this.get(uid, id);
  }

  /** Removes one photo; a face keeps at least one (409 `last_photo`: delete the face instead). */
  async removePhoto(uid: string, id: string, photoId: string): Promise<MyFace> {
    const removed = await this.repo.removePhoto(uid, id, photoId, this.now());
    if (removed === 'gone') throw notFound();
    if (removed === 'last') throw new AppError(409, 'last_photo', 'A face keeps at least one photo. Delete the face instead.');
    await this.storage.delete(removed.key);
    return this.get(uid, id);
  }

  async remove(uid: string, id: string): Promise<void> {
    const photos = await this.repo.deleteFace(uid, id);
    if (!photos) throw unknownFace();
    // A swap still queued with one of these photos finds it gone and fails, its allowance given back.
    for (const p of photos) await this.storage.delete(p.key);
  }

  async photo(uid: string, id: string, photoId: string): Promise<{ body: Buffer; contentType: string }> {
    const row = await this.repo.findPhoto(uid, id, photoId);
    const file = row ? await this.storage.get(row.key) : null;
    if (!file) throw notFound();
    return file;
  }

  /** The stored key of the face's first photo, to name the face as a swap's source; 404 `unknown_face` for anyone else's. */
  async sourceKey(uid: string, id: string): Promise<string> {
    await this.find(uid, id);
    const first = (await this.repo.photosOf(id))[0];
    if (!first) throw unknownFace();
    return first.key;
  }

  /** The face's photos, oldest first: the cleaned bytes as stored. */
  async photos(uid: string, id: string): Promise<Buffer[]> {
    await this.find(uid, id);
    return (await this.photosWithAnalysis(await this.repo.photosOf(id))).map((p) => p.body);
  }

  /**
   * For a swap whose source is a stored photo of `uid`'s: every photo of that face with its
   * analysis, so the engine picks the closest without reading them again. Null for another key.
   */
  async sourcePhotos(uid: string, key: string): Promise<Array<{ body: Buffer; analysis: SourcePhotoAnalysis }> | null> {
    if (!key.startsWith(`${MY_FACES_PREFIX}${uid}/`)) return null;
    const photo = await this.repo.photoByKey(uid, key);
    if (!photo) return null;
    return this.photosWithAnalysis(await this.repo.photosOf(photo.face_id));
  }

  private async photosWithAnalysis(rows: MyFacePhotoRow[]): Promise<Array<{ body: Buffer; analysis: SourcePhotoAnalysis }>> {
    const out = [];
    for (const r of rows) {
      const file = await this.storage.get(r.key);
      if (file) out.push({ body: file.body, analysis: JSON.parse(r.facts) as SourcePhotoAnalysis });
    }
    return out;
  }

  private async get(uid: string, id: string): Promise<MyFace> {
    const face = await this.find(uid, id);
    return toMyFace(face, await this.repo.photosOf(id));
  }

  private async find(uid: string, id: string): Promise<MyFaceRow> {
    const face = await this.repo.findFace(uid, id);
    if (!face) throw unknownFace();
    return face;
  }

  /** Cleans and checks a photo; nothing is stored yet. */
  private async checkedPhoto(uid: string, faceId: string, photo: Buffer, others: Float32Array[]): Promise<{ photo: MyFacePhotoRow; key: string; body: Buffer }> {
    const clean = await this.intake.clean(photo);
    const profile = oneFace(await this.engine.profile(clean.body));
    assertSamePerson(Float32Array.from(profile.descriptor), others);
    const key = newStorageKey(`${MY_FACES_PREFIX}${uid}`, 'jpg');
    const facts: SourcePhotoAnalysis = { face: profile.face, light: profile.light };
    const photoRow: MyFacePhotoRow = { id: randomUUID(), face_id: faceId, uid, key, descriptor: packDescriptor(profile.descriptor), facts: JSON.stringify(facts), created_at: this.now() };
    return { photo: photoRow, key, body: clean.body };
  }

  /** Stores the file, then runs `commit`; a refused commit deletes the file again, so nothing is left behind. */
  private async stored(key: string, commit: () => Promise<void>, body: Buffer): Promise<void> {
    await this.storage.put(key, body, 'image/jpeg');
    try {
      await commit();
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
  }

  private facesLimit(): AppError {
    return new AppError(409, 'faces_limit', `You can keep up to ${this.maxFaces} faces. Delete one to add another.`, { max: this.maxFaces });
  }
}

const photosLimit = () => new AppError(409, 'photos_limit', `A face has at most ${MY_FACE_PHOTOS_MAX} photos. Remove one to add another.`, { max: MY_FACE_PHOTOS_MAX });

function toMyFace(face: MyFaceRow, photos: MyFacePhotoRow[]): MyFace {
  return {
    id: face.id,
    name: face.name,
    createdAt: face.created_at,
    photos: photos.map((p) => ({ id: p.id, url: myFacePhotoUrl(face.id, p.id), createdAt: p.created_at })),
  };
}
