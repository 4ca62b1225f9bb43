// The contracts' plain values, with no zod: the web app's first load imports them from
// '@visage/contracts/constants' without the schema library. The schemas are built from them.

/** Limits shared by the browser checks and the server checks, so both refuse the same files. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;
export const EXPECTED_SWAP_MS = 75_000;
export const GALLERY_POLL_MS = 15_000;
/** Face photos one swap may take (the upload's `source` parts), each its own person. */
export const MAX_SWAP_SOURCES = 4;

/** Why a swap failed, stable for translation on the client. */
export const SWAP_ERROR_CODES = [
  'no_face_source',
  'no_face_target',
  'face_too_small',
  'unsupported_format',
  'corrupt_image',
  'image_too_large',
  'engine_failed',
  'cancelled',
  'explicit_content',
  'corrupt_video',
] as const;

/** Video targets: the types a clip may have, and the server's default limits (VIDEO_MAX_SECONDS, VIDEO_MAX_BYTES). */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const VIDEO_MAX_SECONDS_DEFAULT = 60;
export const VIDEO_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;
/** A clip taller (its shorter side) than this is brought down to it. */
export const VIDEO_MAX_HEIGHT = 1080;

/** "My faces": photos per face, and a face name's length (the number of faces is the server's MY_FACES_MAX). */
export const MY_FACE_PHOTOS_MAX = 5;
export const MY_FACE_NAME_MAX = 60;

/** Light or dark pages, or 'system': whichever the device's own setting (prefers-color-scheme) says. */
export const COLOR_SCHEMES = ['light', 'dark', 'system'] as const;

/** The plans, as the terms of use state them. Prices in euro a month; null allowance = unlimited. */
export const PLAN_IDS = ['free', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanFacts {
  id: PlanId;
  priceEur: number;
  /** Image swaps a calendar month; null = unlimited. */
  imageSwaps: number | null;
  /** Video swaps a calendar month; null = unlimited. */
  videoSwaps: number | null;
}

export const PLANS: Record<PlanId, PlanFacts> = {
  free: { id: 'free', priceEur: 0, imageSwaps: 10, videoSwaps: 0 },
  standard: { id: 'standard', priceEur: 7, imageSwaps: null, videoSwaps: 5 },
  premium: { id: 'premium', priceEur: 24, imageSwaps: null, videoSwaps: null },
};
