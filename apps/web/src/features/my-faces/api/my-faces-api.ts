// The "My faces" calls: /app/api/me/faces (list, create with a first photo, rename, delete) and
// /app/api/me/faces/{id}/photos (add, remove). Answers are checked by the contracts' schemas.
import type { MyFace, MyFaceList } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';
import { fromContracts } from '../../../lib/contracts';

const face = fromContracts((c) => c.myFace);

export const fetchMyFaces = (signal?: AbortSignal): Promise<MyFaceList> => apiRequest('/me/faces', { schema: fromContracts((c) => c.myFaceList), signal });

export function createMyFace(name: string, photo: File): Promise<MyFace> {
  const form = new FormData();
  form.append('name', name);
  form.append('photo', photo, photo.name);
  return apiRequest('/me/faces', { method: 'POST', form, schema: face });
}

export const renameMyFace = (id: string, name: string): Promise<MyFace> => apiRequest(`/me/faces/${encodeURIComponent(id)}`, { method: 'PATCH', json: { name }, schema: face });

export const deleteMyFace = (id: string) => apiRequest(`/me/faces/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function addMyFacePhoto(id: string, photo: File): Promise<MyFace> {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return apiRequest(`/me/faces/${encodeURIComponent(id)}/photos`, { method: 'POST', form, schema: face });
}

export const removeMyFacePhoto = (id: string, photoId: string): Promise<MyFace> =>
  apiRequest(`/me/faces/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE', schema: face });
