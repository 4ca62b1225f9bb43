// The video swap's calls: the server's video status and limits, the people in a clip, the
// upload (the face, the clip and the person chosen), and Cancel. Answers are checked by the
// contracts' schemas, loaded with the request (this file is in the video chunk only).
import type { UploadResponse, VideoCancelResponse, VideoPeopleResponse, VideoStatus } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';
import { fromContracts } from '../../../lib/contracts';
import { appendSource, type FaceSource } from '../../../lib/face-source';

/** What the upload sends as its target: the clip, and the index of the person to swap. */
export interface VideoTarget {
  file: File;
  person: number;
}

export const fetchVideoStatus = (): Promise<VideoStatus> => apiRequest('/video/status', { schema: fromContracts((c) => c.videoStatus) });

export function findPeople(clip: File, signal?: AbortSignal): Promise<VideoPeopleResponse> {
  const form = new FormData();
  form.append('target', clip, clip.name);
  return apiRequest('/video/people', { method: 'POST', form, signal, schema: fromContracts((c) => c.videoPeopleResponse) });
}

export function uploadVideo(uid: string, target: VideoTarget, source: FaceSource): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uid', uid);
  appendSource(form, source);
  form.append('person', String(target.person));
  // The clip last: the server can stream it to storage once it knows everything else.
  form.append('target', target.file, target.file.name);
  return apiRequest('/video/upload', { method: 'POST', form, schema: fromContracts((c) => c.uploadResponse) });
}

export const cancelVideo = (id: string): Promise<VideoCancelResponse> =>
  apiRequest(`/video/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: fromContracts((c) => c.videoCancelResponse) });
