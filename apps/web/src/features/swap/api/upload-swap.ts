// POST /app/api/upload: the compressed target, the face (a photo or a saved face) and the caller's uid; answers with the job to follow.
import type { UploadResponse } from '@visage/contracts';
import { uploadResponseGuard } from '@visage/contracts/first-load';
import { apiRequest } from '../../../lib/api-client';
import { appendSource, type FaceSource } from '../../../lib/face-source';

export function uploadSwap(uid: string, target: File, source: FaceSource, signal?: AbortSignal): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uid', uid);
  form.append('target', target, target.name);
  appendSource(form, source);
  return apiRequest('/upload', { method: 'POST', form, schema: uploadResponseGuard, signal });
}
