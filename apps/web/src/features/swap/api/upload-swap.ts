// POST /app/api/upload: the two compressed images and the caller's uid; answers with the job to follow.
import type { UploadResponse } from '@visage/contracts';
import { uploadResponseGuard } from '@visage/contracts/first-load';
import { apiRequest } from '../../../lib/api-client';

export function uploadSwap(uid: string, target: File, source: File, signal?: AbortSignal): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uid', uid);
  form.append('target', target, target.name);
  form.append('source', source, source.name);
  return apiRequest('/upload', { method: 'POST', form, schema: uploadResponseGuard, signal });
}
