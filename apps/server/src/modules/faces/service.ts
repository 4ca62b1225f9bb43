// Saved faces (the /app/manage-faces page, the bulk2 modal): one face photo per text id and owner,
// checked to show exactly one usable face, stored under faces/ (never deleted with a swap).
import type { SavedFace } from '@visage/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { newStorageKey } from '../../infra/storage/index.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { FaceDetector } from '../swaps/engine.ts';
import type { FacesRepository, SavedFaceRow } from './repository.ts';

export interface FaceStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const URL_PREFIX = '/app/api/user/face/';

export function faceUrl(row: Pick<SavedFaceRow, 'uid' | 'id' | 'updated_at'>): string {
  // The version makes a replaced photo a new URL, so browsers never show the old one.
  return `${URL_PREFIX}${encodeURIComponent(row.uid)}/${encodeURIComponent(row.id)}/image?v=${row.updated_at}`;
}

/** `faceUrl`'s uid and id, or null for anything else (never fetched). */
export function parseFaceUrl(url: string): { uid: string; id: string } | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  const m = /^\/app\/api\/user\/face\/([^/]+)\/([^/]+)\/image$/.exec(path);
  if (!m) return null;
  try {
    return { uid: decodeURIComponent(m[1]!), id: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}

export class FacesService {
  constructor(
    private readonly repo: FacesRepository,
    private readonly storage: FaceStore,
    private readonly detector: FaceDetector,
    private readonly intake: ImageIntake,
    private readonly now: () => number = Date.now,
  ) {}

  async list(uid: string): Promise<SavedFace[]> {
    const rows = await this.repo.list(uid);
    return rows.map((r) => ({ url: faceUrl(r), id: r.id, createdAt: r.created_at }));
  }

  /** The face named by a URL, if it is the caller's own; anything else is refused with 400. */
  async resolveOwnUrl(uid: string, url: string): Promise<SavedFaceRow> {
    const ref = parseFaceUrl(url);
    const row = ref && ref.uid === uid ? await this.repo.find(uid, ref.id) : undefined;
    if (!row) throw new AppError(400, 'unknown_face', 'faceImageUrl must name one of your saved faces.', { field: 'faceImageUrl' });
    return row;
  }

  async find(uid: string, id: string): Promise<SavedFaceRow> {
    const row = await this.repo.find(uid, id);
    if (!row) throw notFound();
    return row;
  }

  async image(uid: string, id: string): Promise<{ body: Buffer; contentType: string }> {
    const row = await this.find(uid, id);
    const file = await this.storage.get(row.key);
    if (!file) throw notFound();
    return file;
  }

  async upload(uid: string, id: string, image: Buffer, replace: boolean): Promise<SavedFace> {
    const clean = await this.intake.clean(image);
    if (!replace && (await this.repo.find(uid, id))) throw exists(id);
    const { faces } = await this.detector.detect(clean.body);
    const usable = faces.filter((f) => !f.tooSmall).length;
    if (usable === 0 && faces.length > 0) throw new AppError(422, 'face_too_small', 'The face is too small. Please choose a closer photo.');
    if (usable === 0) throw new AppError(422, 'no_face', 'No face was found in this photo. Please choose a photo with one face.');
    if (usable > 1) throw new AppError(422, 'several_faces', 'This photo shows more than one face. Please choose a photo with exactly one face.');
    const at = this.now();
    const key = newStorageKey(`faces/${uid}`, 'jpg');
    await this.storage.put(key, clean.body, 'image/jpeg');
    const result = await this.repo.save({ uid, id, key, created_at: at, updated_at: at }, replace).catch(() => ({ saved: false, previousKey: null }));
    if (!result.saved) {
      await this.storage.delete(key);
      throw exists(id);
    }
    if (result.previousKey) await this.dropFile(uid, result.previousKey);
    const row = await this.find(uid, id);
    return { url: faceUrl(row), id, createdAt: row.created_at };
  }

  async remove(uid: string, id: string): Promise<void> {
    const row = await this.repo.remove(uid, id);
    if (!row) throw notFound();
    await this.dropFile(uid, row.key);
  }

  private dropFile(uid: string, key: string): Promise<void> {
    return releaseFaceFile(this.repo, this.storage, uid, key);
  }
}

/**
 * Deletes a face photo once nothing holds it: a swap made with the face reads its file (queued,
 * or re-run), so a face removed meanwhile keeps it until the last such swap is deleted.
 */
export async function releaseFaceFile(repo: FacesRepository, storage: FaceStore, uid: string, key: string): Promise<void> {
  if (!key.startsWith(`faces/${uid}/`)) return;
  if (!(await repo.keyOwned(uid, key)) && !(await repo.keyInUse(uid, key))) await storage.delete(key);
}

const exists = (id: string) => new AppError(409, 'face_exists', `A face with the id "${id}" exists already. Replace it?`, { field: 'id' });
