// The public API under /app/api/v1, called with an API key. The OpenAPI document (openapi.ts)
// is written from these schemas, so what the server answers and what it documents are one.
import { z } from 'zod';
import { MAX_SWAP_SOURCES } from './constants.ts';
import { swapErrorCode, swapStatus, swapWarning } from './swaps.ts';

export const v1SwapMode = z.enum(['main', 'proshoot', 'prosoccer']).meta({ description: 'main: your own target photo; proshoot / prosoccer: a photo of that catalogue.' });

/**
 * POST /app/api/v1/swaps as JSON: photos already held for the caller, by id, never by URL.
 * `source` is the face photo of one of the caller's earlier swaps or one of their saved faces;
 * `target` another earlier swap's target photo (mode main) or a catalogue entry of the mode's catalogue.
 */
export const v1CreateSwapJson = z.object({
  mode: v1SwapMode.default('main'),
  source: z.union([
    z.object({ swapId: z.string().uuid().meta({ description: 'An earlier swap of yours: its face photo is used again (while retention keeps it).' }) }),
    z.object({ savedFaceId: z.string().uuid().meta({ description: 'One of your saved faces (GET /app/api/v1/faces): each target face is swapped from its closest photo.' }) }),
  ]),
  target: z.union([
    z.object({ swapId: z.string().uuid().meta({ description: 'An earlier swap of yours: its target photo is used again (mode main).' }) }),
    z.object({ catalogueId: z.string().min(1).max(64).meta({ description: 'A catalogue entry of the mode (proshoot or prosoccer).' }) }),
  ]),
});
export type V1CreateSwapJson = z.infer<typeof v1CreateSwapJson>;

/**
 * POST /app/api/v1/swaps as multipart/form-data: the target file and up to MAX_SWAP_SOURCES
 * `source` parts (JPEG or PNG files, 10 MB each at most, or text parts naming a saved face).
 */
export const v1CreateSwapMultipart = z.object({
  mode: v1SwapMode.optional(),
  source: z
    .array(z.string().meta({ description: 'A face photo file (JPEG or PNG, 10 MB at most), or as text the id of one of your saved faces.' }))
    .min(1)
    .max(MAX_SWAP_SOURCES)
    .meta({ description: 'One part per source, in order: source 0 is the first part.' }),
  target: z.string().meta({ format: 'binary', description: 'The photo the faces go onto (JPEG or PNG, 10 MB at most).' }),
  faces: z.string().optional().meta({ description: 'JSON `[{ "target": i, "source": j }]`: target face i (an index from POST /faces/detect on the same target file) gets source j. Without it, source 0 goes onto the largest face.' }),
  sourceFaces: z.string().optional().meta({ description: 'JSON `[k | null, …]`: the face to take in each source file (an index from POST /faces/detect on that file), null for its largest; null for a saved face.' }),
});

/** POST /app/api/v1/faces/detect: one photo whose faces to list. */
export const v1DetectFacesMultipart = z.object({
  image: z.string().meta({ format: 'binary', description: 'The photo (JPEG or PNG, 10 MB at most). A swap created soon after with the same file as target reuses this detection.' }),
});

/** One saved face as the public API shows it; its photo URLs are read with the same key. */
export const v1SavedFace = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number().meta({ description: 'Epoch milliseconds.' }),
  photoCount: z.number().int(),
  photos: z.array(z.object({ id: z.string(), url: z.string(), createdAt: z.number() })),
});
export type V1SavedFace = z.infer<typeof v1SavedFace>;

/** GET /app/api/v1/faces: the key owner's saved faces, oldest first, and the limits that apply. */
export const v1SavedFaceList = z.object({ faces: z.array(v1SavedFace), maxFaces: z.number().int(), maxPhotos: z.number().int() });
export type V1SavedFaceList = z.infer<typeof v1SavedFaceList>;

export const v1FacePhotoParams = z.object({ id: z.string().uuid(), photoId: z.string().uuid() });

/** One swap as the public API shows it. */
export const v1Swap = z.object({
  id: z.string(),
  /** bulk and admin_test: made on the operators' screens. */
  mode: z.enum(['main', 'proshoot', 'prosoccer', 'bulk', 'admin_test']),
  status: swapStatus,
  /** 0..1: 1 once done, the engine's progress while it runs. */
  progress: z.number().min(0).max(1),
  createdAt: z.number().meta({ description: 'Epoch milliseconds.' }),
  completedAt: z.number().nullable(),
  /** Done swaps only: the result and its thumbnail, read with the same key. */
  resultUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  /** What the engine noticed about the face photo (done swaps). */
  warnings: z.array(swapWarning),
  error: z.object({ code: swapErrorCode, message: z.string() }).nullable(),
});
export type V1Swap = z.infer<typeof v1Swap>;

/** GET /app/api/v1/swaps: newest first; `nextCursor` reads the next page (null at the end). */
export const v1SwapPage = z.object({ items: z.array(v1Swap), nextCursor: z.string().nullable() });
export type V1SwapPage = z.infer<typeof v1SwapPage>;

export const v1ListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const v1SwapIdParams = z.object({ id: z.string().uuid() });
