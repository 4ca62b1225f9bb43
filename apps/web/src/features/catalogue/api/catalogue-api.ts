// The catalogue calls: lists, the player list, operator uploads / edits / removals,
// attribute suggestions, and the pro-mode swap upload.
import {
  attributeSuggestion, catalogueEntry, catalogueList, catalogueUploadResult, soccerPlayerList, uploadResponse,
  type AttributeSuggestion, type CatalogueEdit, type CatalogueEntry, type CatalogueKind, type CatalogueUploadResult, type SoccerPlayer, type UploadResponse,
} from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendFaceChoice, type FaceChoice } from '../../../lib/face-choice';
import type { FaceSource } from '../../../lib/face-source';

export function fetchCatalogue(kind: CatalogueKind, signal?: AbortSignal): Promise<CatalogueEntry[]> {
  return apiRequest(`/admin/${kind}/`, { schema: catalogueList, signal });
}

export function fetchPlayers(signal?: AbortSignal): Promise<SoccerPlayer[]> {
  return apiRequest('/prosoccer/players', { schema: soccerPlayerList, signal });
}

export function uploadCatalogueImages(kind: CatalogueKind, images: File[], metadata: Record<string, string>): Promise<CatalogueUploadResult> {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  for (const image of images) form.append('images', image, image.name);
  return apiRequest(`/admin/${kind}/upload`, { method: 'POST', form, schema: catalogueUploadResult });
}

export function suggestAttributes(kind: CatalogueKind, image: File): Promise<AttributeSuggestion> {
  const form = new FormData();
  form.append('image', image, image.name);
  return apiRequest(`/admin/${kind}/suggest`, { method: 'POST', form, schema: attributeSuggestion });
}

export function editCatalogueEntry(kind: CatalogueKind, id: string, changes: CatalogueEdit): Promise<CatalogueEntry> {
  return apiRequest(`/admin/${kind}/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes, schema: catalogueEntry });
}

export function removeCatalogueEntry(kind: CatalogueKind, id: string): Promise<void> {
  return apiRequest(`/admin/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A pro-mode target: one of our catalogue photos (by its url) or the user's own photo. */
export type ProTarget = { url: string } | File;

/** POST /proshoot/upload or /prosoccer/upload: uid, source, and targetImageUrl or a target file. */
export function uploadProSwap(kind: CatalogueKind, uid: string, target: ProTarget, source: FaceSource, choice?: FaceChoice): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uid', uid);
  if (target instanceof File) form.append('target', target, target.name);
  else form.append('targetImageUrl', target.url);
  appendFaceChoice(form, source, choice);
  return apiRequest(`/${kind}/upload`, { method: 'POST', form, schema: uploadResponse });
}
