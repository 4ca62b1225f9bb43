// A stored swap row → the API's SwapItem, and the messages for each failure code.
import { swapWarning, type SwapErrorCode, type SwapItem, type SwapWarning } from '@visage/contracts';
import type { SwapListRow } from './repository.ts';
import { parseFacts, swapVideoOf } from './video-facts.ts';

export const MESSAGES: Record<SwapErrorCode, string> = {
  no_face_source: 'No face was found in the face photo.',
  no_face_target: 'No face was found in the target photo.',
  face_too_small: 'The face is too small to swap. Try a closer photo.',
  unsupported_format: 'Please select a valid image file (jpeg, png, or jpg).',
  corrupt_image: 'This image file is damaged and cannot be read.',
  image_too_large: 'This image is too large.',
  engine_failed: 'The swap could not be completed. Please try again.',
  cancelled: 'The video swap was cancelled.',
  explicit_content: 'This video cannot be used: it shows explicit content.',
  corrupt_video: 'This video file is damaged and cannot be read.',
};

export function mediaUrls(id: string): { image_url: string; thumb_url: string } {
  return { image_url: `/app/api/media/swaps/${id}/result`, thumb_url: `/app/api/media/swaps/${id}/thumb` };
}

export function toSwapItem(row: SwapListRow): SwapItem {
  const item: SwapItem = { id: row.id, ...mediaUrls(row.id), createdAt: row.created_at, status: row.status };
  if (row.status === 'failed' && row.error_code) {
    item.error = { code: row.error_code as SwapErrorCode, message: row.error_message ?? MESSAGES.engine_failed };
  }
  const warnings = row.status === 'done' ? storedWarnings(row.metrics) : [];
  if (warnings.length > 0) item.warnings = warnings;
  if (row.status === 'done' && row.uploads_deleted_at === null) item.original_url = `/app/api/media/swaps/${row.id}/original`;
  const facts = row.kind === 'video' ? parseFacts(row.video) : null;
  if (facts) {
    // The poster frame stands in for the image; the MP4 and the clip as uploaded are the video's own.
    item.video = {
      ...swapVideoOf(facts),
      ...(row.status === 'done' ? { url: `/app/api/media/swaps/${row.id}/video` } : {}),
      ...(item.original_url ? { original_url: item.original_url } : {}),
    };
  }
  return item;
}

/** The engine's warnings kept with a done swap's metrics; any the contract does not know are dropped. */
function storedWarnings(metrics: string | null): SwapWarning[] {
  if (!metrics) return [];
  try {
    const { warnings } = JSON.parse(metrics) as { warnings?: unknown };
    return Array.isArray(warnings) ? warnings.filter((w): w is SwapWarning => swapWarning.safeParse(w).success) : [];
  } catch {
    return [];
  }
}
