// POST /app/api/upload: the compressed images, the face (a photo or a saved face), the faces chosen
// and the caller's uid; answers with the job to follow.
import type { UploadResponse } from '@visage/contracts';
import { uploadResponseGuard } from '@visage/contracts/first-load';
import { apiRequest } from '../../../lib/api-client';
import { appendFaceChoice, type FaceChoice } from '../../../lib/face-choice';
import type { FaceSource } from '../../../lib/face-source';

export function uploadSwap(uid: string, target: File, source: FaceSource, choice?: FaceChoice, signal?: AbortSignal): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uid', uid);
  form.append('target', target, target.name);
  appendFaceChoice(form, source, choice);
  return apiRequest('/upload', { method: 'POST', form, schema: uploadResponseGuard, signal });
}
