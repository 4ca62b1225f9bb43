// Saved faces as the public API shows them: photo URLs under /app/api/v1, which a key can read
// (the app's own photo URLs take a session cookie).
import type { MyFaceList, V1SavedFaceList } from '@visage/contracts';

export const v1FacePhotoPath = (faceId: string, photoId: string) => `/app/api/v1/faces/${faceId}/photos/${photoId}`;

export function toV1SavedFaces(list: MyFaceList): V1SavedFaceList {
  return {
    faces: list.faces.map((f) => ({
      id: f.id,
      name: f.name,
      createdAt: f.createdAt,
      photoCount: f.photos.length,
      photos: f.photos.map((p) => ({ id: p.id, url: v1FacePhotoPath(f.id, p.id), createdAt: p.createdAt })),
    })),
    maxFaces: list.maxFaces,
    maxPhotos: list.maxPhotos,
  };
}
