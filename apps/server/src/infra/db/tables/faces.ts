// Saved faces: the operators' library and each user's "My faces" with their photos.

export interface SavedFacesTable {
  uid: string;
  id: string;
  key: string;
  created_at: number;
  updated_at: number;
}

export interface MyFacesTable {
  id: string;
  uid: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface MyFacePhotosTable {
  id: string;
  face_id: string;
  uid: string;
  key: string;
  /** Base64 of the face's 1024 float32 identity descriptor. */
  descriptor: string;
  /** JSON: the face as detected and its light (the engine's SourcePhotoAnalysis). */
  facts: string;
  created_at: number;
}
