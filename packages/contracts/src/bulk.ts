import { z } from 'zod';
import { swapStatus } from './swaps.ts';

/** A bulk takes at most 15 targets. */
export const MAX_BULK_TARGETS = 15;
/** The admin browser's page size. */
export const ADMIN_PAGE_SIZE = 100;
/** The admin browser polls every 10 s while a bulk runs. */
export const ADMIN_POLL_MS = 10_000;

/**
 * A saved face's id: free text chosen by the operator, trimmed, that must survive as one URL path
 * segment (`/user/face/{uid}/{id}/image`): no slashes, no control, format or line-separator
 * characters, and not only dots (a browser resolves `.` and `..`, even encoded, before sending).
 */
export const FACE_ID_PATTERN = /^(?!\.+$)[^/\\\p{C}\p{Zl}\p{Zp}]+$/u;
export const faceId = z.string().trim().min(1).max(64).regex(FACE_ID_PATTERN, 'Up to 64 characters, no slashes or control characters, not only dots.');

/** `GET /app/api/user/face/{uid}`: a saved face, `{ url, id }`. */
export const savedFace = z.object({ url: z.string(), id: z.string(), createdAt: z.number() });
export type SavedFace = z.infer<typeof savedFace>;
export const savedFaceList = z.array(savedFace);

/** One created swap of a bulk: follow `jobId` on `/jobs/{jobId}/events`. */
export const createdSwap = z.object({ id: z.string(), jobId: z.string(), status: swapStatus });
export type CreatedSwap = z.infer<typeof createdSwap>;

/** `POST /69/bulk-upload`, `/v2/69/bulk-upload`: one swap per target, in the order sent. */
export const bulkUploadResponse = z.object({ swaps: z.array(createdSwap), faceId: z.string().nullable() });
export type BulkUploadResponse = z.infer<typeof bulkUploadResponse>;

/** `GET /v2/admin/swaps`: `{ swaps: [urls], total }`. */
export const adminSwapQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  faceId: z.string().max(64).optional(),
  uid: z.string().min(1).max(64).optional(),
});
export const adminSwapPage = z.object({ swaps: z.array(z.string()), total: z.number().int() });
export type AdminSwapPage = z.infer<typeof adminSwapPage>;

/** `POST /v2/69/setFaceId`. */
export const setFaceIdBody = z.object({ selectedImages: z.array(z.string().max(300)).min(1).max(500), faceId });
export type SetFaceIdBody = z.infer<typeof setFaceIdBody>;
export const setFaceIdResponse = z.object({ updated: z.number().int() });

/** `GET /admin/swaps`: an array of image URLs. */
export const adminSwapUrls = z.array(z.string());

/** The passcode gates (`/gate/bulk`, `/gate/admin-test`). */
export const gateName = z.enum(['bulk', 'admin-test']);
export type GateName = z.infer<typeof gateName>;
/** `required`: a passcode is set; `granted`: this session entered it (or none is set). */
export const gateStatus = z.object({ required: z.boolean(), granted: z.boolean() });
export type GateStatus = z.infer<typeof gateStatus>;
export const gateBody = z.object({ value: z.string().min(1).max(200) });
export const gateAnswer = z.object({ ok: z.literal(true) });
