// Video swaps: what the clip routes take and answer, and how a video result shows in the gallery.
import { z } from 'zod';
import { planId } from './billing.ts';

export { ACCEPTED_VIDEO_TYPES, VIDEO_MAX_BYTES_DEFAULT, VIDEO_MAX_HEIGHT, VIDEO_MAX_SECONDS_DEFAULT } from './constants.ts';

/** Why video is off on this server (null while it is on). */
export const videoOffReason = z.enum(['no_ffmpeg']);

/**
 * `GET /app/api/video/status`: whether this server swaps videos, its limits, and the caller's
 * video allowance this period (limit null = unlimited; 0 = the plan has none).
 */
export const videoStatus = z.object({
  available: z.boolean(),
  reason: videoOffReason.nullable(),
  maxSeconds: z.number().int(),
  maxBytes: z.number().int(),
  maxHeight: z.number().int(),
  plan: planId,
  usage: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
  left: z.number().int().min(0).nullable(),
  resetDate: z.string(),
});
export type VideoStatus = z.infer<typeof videoStatus>;

/** One person seen in a clip's sampled frames (faces grouped by the face descriptor). */
export const videoPerson = z.object({
  /** The index `POST /app/api/video/upload` takes as `person`; 0 is the default choice. */
  index: z.number().int().min(0),
  /** Their face in the frame where it is largest: `data:image/jpeg;base64,...`. */
  thumbnail: z.string(),
  /** Share of the sampled frames they are seen in, 0..1. */
  seen: z.number().min(0).max(1),
  /** Their face's median height in the clip's pixels. */
  size: z.number(),
  /** Too small to swap in most frames. */
  usable: z.boolean(),
});
export type VideoPerson = z.infer<typeof videoPerson>;

/**
 * `POST /app/api/video/people` (multipart `target`, the clip): the clip's facts and its people,
 * seen largest and longest first (the default choice).
 */
export const videoPeopleResponse = z.object({
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  fps: z.number(),
  people: z.array(videoPerson),
});
export type VideoPeopleResponse = z.infer<typeof videoPeopleResponse>;

/** What a video result adds to its gallery entry (its `image_url` and `thumb_url` are the poster frame). */
export const swapVideo = z.object({
  /** The MP4 (H.264, AAC when the clip had sound); absent until done. */
  url: z.string().optional(),
  /** The clip as uploaded, while retention keeps it: the viewer's "before". */
  original_url: z.string().optional(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  fps: z.number(),
  /** The clip was above 1080p and the result was brought down to it. */
  downscaled: z.boolean(),
});
export type SwapVideo = z.infer<typeof swapVideo>;

/** `POST /app/api/video/{id}/cancel`: the video swap stopped (or had already ended). */
export const videoCancelResponse = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
});
export type VideoCancelResponse = z.infer<typeof videoCancelResponse>;
