import { z } from 'zod';
import { MAX_SWAP_SOURCES } from './constants.ts';

export { MAX_SWAP_SOURCES } from './constants.ts';

/** One face of a photo: its box `[x, y, width, height]` in the photo's own pixels (upright), and whether it is big enough to swap. */
export const detectedFace = z.object({
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  score: z.number(),
  usable: z.boolean(),
});
export type DetectedFace = z.infer<typeof detectedFace>;

/** `POST /app/api/faces/detect` answer: the photo's upright size and its faces, largest first (an index is a face's place here). */
export const detectFacesResponse = z.object({ width: z.number(), height: z.number(), faces: z.array(detectedFace) });
export type DetectFacesResponse = z.infer<typeof detectFacesResponse>;

/** The upload's `faces` field: which source (index into the `source` parts) goes onto which target face (index from detect). */
export const faceMapping = z.array(z.object({ target: z.number().int().min(0), source: z.number().int().min(0) })).min(1).max(64);
export type FaceMapping = z.infer<typeof faceMapping>;

/** The upload's `sourceFaces` field: the face to take in each source photo (index from detect), null for its largest. */
export const sourceFaces = z.array(z.number().int().min(0).nullable()).max(MAX_SWAP_SOURCES);
