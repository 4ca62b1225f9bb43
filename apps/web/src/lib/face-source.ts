// A swap's face: a photo file chosen now, or one of the user's saved faces ("My faces"), sent
// as the `source` text field naming the face; the server then reads the face's own photos.
export interface SavedFaceChoice {
  id: string;
  name: string;
  /** One of the face's photos, for the preview. */
  photoUrl: string;
}

export type FaceSource = File | { savedFaceId: string };

/** The `source` part of a swap form. */
export function appendSource(form: FormData, source: FaceSource): void {
  if (source instanceof File) form.append('source', source, source.name);
  else form.append('source', source.savedFaceId);
}
