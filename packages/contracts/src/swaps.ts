import { z } from 'zod';
import { SWAP_ERROR_CODES } from './constants.ts';
import { SWAP_WARNINGS } from './warnings.ts';
import { swapVideo } from './video.ts';

export { ACCEPTED_IMAGE_TYPES, EXPECTED_SWAP_MS, GALLERY_POLL_MS, MAX_UPLOAD_BYTES } from './constants.ts';

export const swapStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type SwapStatus = z.infer<typeof swapStatus>;

/** Why a swap failed, stable for translation on the client. */
export const swapErrorCode = z.enum(SWAP_ERROR_CODES);
export type SwapErrorCode = z.infer<typeof swapErrorCode>;

/**
 * What the face engine noticed about a done swap's face photo, stable for translation on the client:
 * the face is seen side-on (its eyes and nose came from the target), its mouth is covered (its
 * lower face came from the target), a hand rests against it (the part the hand covers came from
 * the target), its photo's edge cuts part of it off (that part came from its other side or the
 * target), it is lit from one side more than the relighting evens out (one half of the new
 * face may look darker), or it is small beside the target's face (the result is softer than the
 * photo around it); or its glasses were left off, the target's face being turned too far from it
 * to carry them.
 */
export const swapWarning = z.enum(SWAP_WARNINGS);

/** One gallery entry: the result's `image_url` and thumbnail, its status and what the viewer shows. */
export const swapItem = z.object({
  id: z.string(),
  image_url: z.string(),
  thumb_url: z.string(),
  createdAt: z.number(),
  status: swapStatus,
  error: z.object({ code: swapErrorCode, message: z.string() }).optional(),
  /** Done swaps only, and only when there is something to say. */
  warnings: z.array(swapWarning).optional(),
  /** The target photo as uploaded, while retention still keeps it (done swaps only): the compare slider's "before". */
  original_url: z.string().optional(),
  /** Video results only: the MP4 and the clip's facts (`image_url` is then the poster frame). */
  video: swapVideo.optional(),
});
export type SwapItem = z.infer<typeof swapItem>;

/** `GET /app/api/swaps/{uid}`: swaps keyed by id, newest first (object key order). */
export const swapList = z.record(z.string(), swapItem);
export type SwapList = z.infer<typeof swapList>;

/** `POST /app/api/upload` answer. */
export const uploadResponse = z.object({
  id: z.string(),
  jobId: z.string(),
  status: swapStatus,
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/** Server-Sent Events of `GET /app/api/jobs/{id}/events`: the `data` of each event. */
export const jobEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queued'), jobId: z.string() }),
  z.object({
    type: z.literal('running'),
    jobId: z.string(),
    stage: z.string(),
    progress: z.number().min(0).max(1),
    /** Video swaps: frames swapped so far of the clip's total. */
    frames: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).optional(),
    /** Video swaps: the time left, estimated from the frames' pace so far. */
    etaMs: z.number().min(0).optional(),
  }),
  z.object({ type: z.literal('done'), jobId: z.string(), swapId: z.string() }),
  z.object({ type: z.literal('failed'), jobId: z.string(), code: swapErrorCode, message: z.string() }),
]);
export type JobEvent = z.infer<typeof jobEvent>;
