// The public API under /app/api/v1, called with an API key. The OpenAPI document (openapi.ts)
// is written from these schemas, so what the server answers and what it documents are one.
import { z } from 'zod';
import { swapErrorCode, swapStatus, swapWarning } from './swaps.ts';

export const v1SwapMode = z.enum(['main', 'proshoot', 'prosoccer']).meta({ description: 'main: your own target photo; proshoot / prosoccer: a photo of that catalogue.' });

/**
 * POST /app/api/v1/swaps as JSON: photos already held for the caller, by id, never by URL.
 * `source` is the face photo of one of the caller's earlier swaps; `target` another earlier
 * swap's target photo (mode main) or a catalogue entry of the mode's catalogue.
 */
export const v1CreateSwapJson = z.object({
  mode: v1SwapMode.default('main'),
  source: z.object({ swapId: z.string().uuid().meta({ description: 'An earlier swap of yours: its face photo is used again (while retention keeps it).' }) }),
  target: z.union([
    z.object({ swapId: z.string().uuid().meta({ description: 'An earlier swap of yours: its target photo is used again (mode main).' }) }),
    z.object({ catalogueId: z.string().min(1).max(64).meta({ description: 'A catalogue entry of the mode (proshoot or prosoccer).' }) }),
  ]),
});
export type V1CreateSwapJson = z.infer<typeof v1CreateSwapJson>;

/** POST /app/api/v1/swaps as multipart/form-data: two JPEG or PNG files, 10 MB each at most. */
export const v1CreateSwapMultipart = z.object({
  mode: v1SwapMode.optional(),
  source: z.string().meta({ format: 'binary', description: 'The face photo (JPEG or PNG, 10 MB at most).' }),
  target: z.string().meta({ format: 'binary', description: 'The photo the face goes onto (JPEG or PNG, 10 MB at most).' }),
});

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
