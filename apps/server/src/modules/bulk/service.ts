// Bulk swaps (the /app/bulk and /app/bulk2 pages) and the operator's lists: one swap per target, all
// accepted or refused whole; the swap browser's pages and its faceId re-tagging.
import type { AdminSwapPage, BulkUploadResponse, UploadResponse } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { SwapInput, SwapsService } from '../swaps/service.ts';
import type { FacesService } from '../faces/service.ts';
import { IdListCache } from './page-cache.ts';
import type { BrowserRepository } from './repository.ts';

const RESULT_URL = /^(?:https?:\/\/[^/]+)?\/app\/api\/media\/swaps\/([0-9a-f-]{36})\/(?:result|thumb)(?:\?.*)?$/;

export function resultUrl(id: string): string {
  return `/app/api/media/swaps/${id}/result`;
}

export class BulkService {
  private readonly pages = new IdListCache();

  constructor(
    private readonly swaps: SwapsService,
    private readonly faces: FacesService,
    private readonly repo: BrowserRepository,
    private readonly intake: ImageIntake,
  ) {
    swaps.onChange((uid) => this.pages.invalidate(uid));
  }

  /** `POST /69/bulk-upload`: the face photo and up to 15 targets, cleaned first so one bad file refuses the whole bulk. */
  async bulk(uid: string, targets: Buffer[], source: Buffer | undefined): Promise<BulkUploadResponse> {
    if (!source || targets.length === 0) throw new AppError(400, 'images_missing', 'Please select both target and source images.', { field: source ? 'targets' : 'source' });
    const face = await this.intake.clean(source).catch(withField('source'));
    const clean = await this.cleanTargets(targets);
    const created = await this.swaps.createBatch(uid, 'bulk', clean.map((t) => ({ target: { cleaned: t }, source: { cleaned: face.body } })));
    return { swaps: created, faceId: null };
  }

  /** `POST /v2/69/bulk-upload`: the face is one of the caller's saved faces, named by its URL; results are tagged with it. */
  async bulkWithSavedFace(uid: string, targets: Buffer[], faceImageUrl: string | undefined, faceId: string | undefined): Promise<BulkUploadResponse> {
    if (!faceImageUrl) throw new AppError(400, 'images_missing', 'Please select a face.', { field: 'faceImageUrl' });
    if (targets.length === 0) throw new AppError(400, 'images_missing', 'Please select both target and source images.', { field: 'targets' });
    const face = await this.faces.resolveOwnUrl(uid, faceImageUrl);
    if (faceId !== undefined && faceId.trim() !== '' && faceId.trim() !== face.id) {
      throw new AppError(400, 'face_id_mismatch', 'faceId must be the id of the face in faceImageUrl.', { field: 'faceId' });
    }
    const clean = await this.cleanTargets(targets);
    const created = await this.swaps.createBatch(uid, 'bulk', clean.map((t) => ({ target: { cleaned: t }, source: { key: face.key }, faceId: face.id })));
    return { swaps: created, faceId: face.id };
  }

  /** `POST /admin/upload`: the admin test page's single swap. */
  adminTest(uid: string, input: SwapInput): Promise<UploadResponse> {
    return this.swaps.create({ uid, mode: 'admin_test', ...input });
  }

  /** `GET /admin/swaps`: the caller's bulk and admin-test results, newest first. */
  async bulkResults(uid: string): Promise<string[]> {
    return (await this.repo.doneIds(uid, ['bulk', 'admin_test'])).map(resultUrl);
  }

  /** `GET /v2/admin/swaps`: one page of the owner's results (every mode), optionally of one face. */
  async page(owner: string, page: number, limit: number, faceId: string | undefined): Promise<AdminSwapPage> {
    const face = faceId ? faceId : undefined;
    const ids = await this.pages.get(owner, face, () => this.repo.allIds(owner, face));
    return { swaps: ids.slice((page - 1) * limit, page * limit).map(resultUrl), total: ids.length };
  }

  /** `POST /v2/69/setFaceId`: every image must be one of the caller's swaps, or nothing changes. */
  async setFaceId(uid: string, urls: string[], faceId: string): Promise<number> {
    await this.faces.find(uid, faceId).catch(() => {
      throw new AppError(400, 'unknown_face', 'faceId must name one of your saved faces.', { field: 'faceId' });
    });
    const ids = [...new Set(urls.map((u) => RESULT_URL.exec(u)?.[1]))];
    if (ids.some((id) => id === undefined)) throw new AppError(400, 'invalid_image_url', 'selectedImages must be swap image URLs.', { field: 'selectedImages' });
    const own = await this.repo.ownedIds(uid, ids as string[]);
    if (own.length !== ids.length) {
      const refused = (ids as string[]).filter((id) => !own.includes(id)).map(resultUrl);
      throw new AppError(404, 'swap_not_found', 'Some of the selected images are not yours; nothing was changed.', { field: 'selectedImages', refused });
    }
    const n = await this.repo.setFaceId(uid, own, faceId);
    this.pages.invalidate(uid);
    return n;
  }

  private async cleanTargets(targets: Buffer[]): Promise<Buffer[]> {
    const out: Buffer[] = new Array<Buffer>(targets.length);
    // Two at a time: both cores busy, while a bulk of 15 never holds 15 decoded images at once.
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < targets.length; i = next++) out[i] = (await this.intake.clean(targets[i]!).catch(withField('targets', i))).body;
    };
    await Promise.all([lane(), lane()]);
    return out;
  }
}

function withField(field: string, index?: number) {
  return (err: unknown): never => {
    if (err instanceof AppError) throw new AppError(err.status, err.code, err.message, { field, ...(index === undefined ? {} : { index }) });
    throw err;
  };
}
