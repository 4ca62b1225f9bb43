// The operator calls (bulk uploads, saved faces, the swap browser, the passcode gates), through the one api client.
import {
  adminSwapPage,
  adminSwapUrls,
  bulkUploadResponse,
  createdSwap,
  gateAnswer,
  gateStatus,
  savedFace,
  savedFaceList,
  setFaceIdResponse,
  type AdminSwapPage,
  type BulkUploadResponse,
  type CreatedSwap,
  type GateName,
  type GateStatus,
  type SavedFace,
} from '@visage/contracts';
import { ADMIN_PAGE_SIZE } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendFaceChoice, type FaceChoice } from '../../../lib/face-choice';

/** Whether the gate has a passcode, and whether this session entered it. */
export async function gateState(name: GateName): Promise<GateStatus> {
  return apiRequest(`/gate/${name}`, { schema: gateStatus });
}

/** Resolves for the right passcode; rejects (403, or 429 after too many tries) otherwise. */
export async function checkGate(name: GateName, value: string): Promise<void> {
  await apiRequest(`/gate/${name}`, { method: 'POST', json: { value }, schema: gateAnswer });
}

export function uploadBulk(targets: File[], source: File): Promise<BulkUploadResponse> {
  const form = new FormData();
  for (const t of targets) form.append('targets', t, t.name);
  form.append('source', source, source.name);
  return apiRequest('/69/bulk-upload', { method: 'POST', form, schema: bulkUploadResponse });
}

export function uploadBulkWithFace(targets: File[], face: SavedFace): Promise<BulkUploadResponse> {
  const form = new FormData();
  for (const t of targets) form.append('targets', t, t.name);
  form.append('faceImageUrl', face.url);
  form.append('faceId', face.id);
  return apiRequest('/v2/69/bulk-upload', { method: 'POST', form, schema: bulkUploadResponse });
}

export function listFaces(uid: string): Promise<SavedFace[]> {
  return apiRequest(`/user/face/${encodeURIComponent(uid)}`, { schema: savedFaceList });
}

export function uploadFace(uid: string, id: string, image: File, replace: boolean): Promise<SavedFace> {
  const form = new FormData();
  form.append('uid', uid);
  form.append('id', id);
  if (replace) form.append('replace', 'true');
  form.append('image', image, image.name);
  return apiRequest('/user/face/upload', { method: 'POST', form, schema: savedFace });
}

export async function deleteFace(uid: string, id: string): Promise<void> {
  await apiRequest(`/user/face/${encodeURIComponent(uid)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function fetchSwapPage(page: number, faceId: string): Promise<AdminSwapPage> {
  return apiRequest('/v2/admin/swaps', { query: { page, limit: ADMIN_PAGE_SIZE, faceId: faceId || undefined }, schema: adminSwapPage });
}

export async function setFaceId(selectedImages: string[], faceId: string): Promise<number> {
  return (await apiRequest('/v2/69/setFaceId', { method: 'POST', json: { selectedImages, faceId }, schema: setFaceIdResponse })).updated;
}

export function fetchAdminSwaps(): Promise<string[]> {
  return apiRequest('/admin/swaps', { schema: adminSwapUrls });
}

export function uploadAdminTest(target: File, source: File, choice?: FaceChoice): Promise<CreatedSwap> {
  const form = new FormData();
  form.append('target', target, target.name);
  appendFaceChoice(form, source, choice);
  return apiRequest('/admin/upload', { method: 'POST', form, schema: createdSwap });
}

/** The result URL's thumbnail (the grids show thumbnails, the viewer link the full image). */
export const thumbOf = (url: string) => url.replace(/\/result$/, '/thumb');
