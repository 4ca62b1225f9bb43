// The face picker's server side, shared by every swap form (dashboard, pro modes, admin test):
// POST /faces/detect lists a photo's faces, and the upload form carries the faces chosen.
import type { DetectFacesResponse, FaceMapping } from '@visage/contracts';
import { apiRequest } from './api-client';
import { fromContracts } from './contracts';
import { appendSource, type FaceSource } from './face-source';

/** What the person chose, as the upload sends it; empty: the largest face with the one face photo. */
export interface FaceChoice {
  /** Each chosen target face with the index of its face photo (0: the form's own face photo). */
  faces?: FaceMapping;
  /** Face photos (or saved faces) 1, 2, … for `faces`. */
  moreSources?: FaceSource[];
  /** The face to take in each face photo (null: its largest). */
  sourceFaces?: Array<number | null>;
}

export function detectFaces(image: File, signal?: AbortSignal): Promise<DetectFacesResponse> {
  const form = new FormData();
  form.append('image', image, image.name);
  return apiRequest('/faces/detect', { method: 'POST', form, schema: fromContracts((c) => c.detectFacesResponse), signal });
}

/** Adds the face photo(s) and the choice to an upload form, the form's own face first. */
export function appendFaceChoice(form: FormData, source: FaceSource, choice: FaceChoice = {}): void {
  appendSource(form, source);
  for (const more of choice.moreSources ?? []) appendSource(form, more);
  if (choice.faces) form.append('faces', JSON.stringify(choice.faces));
  if (choice.sourceFaces) form.append('sourceFaces', JSON.stringify(choice.sourceFaces));
}
