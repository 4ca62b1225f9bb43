// "My faces": every signed-in user's named faces, each with 1 to MY_FACE_PHOTOS_MAX photos of the
// same person, kept until deleted (not subject to upload retention).
import { z } from 'zod';
import { MY_FACE_NAME_MAX } from './constants.ts';

export { MY_FACE_NAME_MAX, MY_FACE_PHOTOS_MAX } from './constants.ts';

/** A face's name: trimmed, 1 to MY_FACE_NAME_MAX characters, no control or line-separator characters. */
export const myFaceName = z
  .string()
  .trim()
  .min(1, 'Please give the face a name.')
  .max(MY_FACE_NAME_MAX, `A name has at most ${MY_FACE_NAME_MAX} characters.`)
  .regex(/^[^\p{C}\p{Zl}\p{Zp}]+$/u, 'A name cannot hold control characters or line breaks.');

export const myFacePhoto = z.object({ id: z.string(), url: z.string(), createdAt: z.number() });
export type MyFacePhoto = z.infer<typeof myFacePhoto>;

export const myFace = z.object({ id: z.string(), name: z.string(), createdAt: z.number(), photos: z.array(myFacePhoto) });
export type MyFace = z.infer<typeof myFace>;

/** `GET /app/api/me/faces`: the caller's faces, oldest first, and the limits that apply. */
export const myFaceList = z.object({ faces: z.array(myFace), maxFaces: z.number().int(), maxPhotos: z.number().int() });
export type MyFaceList = z.infer<typeof myFaceList>;

/** `PATCH /app/api/me/faces/{id}`. */
export const renameMyFaceBody = z.object({ name: myFaceName });
