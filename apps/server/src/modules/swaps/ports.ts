// What the swaps module needs from the rest of the server, as small structural interfaces,
// so the service can be tested with the real adapters and wired from context.ts.
import type { SwapErrorCode } from '@visage/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { EngineCalls, SourcePhotoAnalysis } from '@visage/engine';

export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** The engine's swap, with the engine's own options and result (its warnings typed by the contract's list). */
export type SwapEngine = Pick<EngineCalls, 'swap'>;

/** A user's saved faces as a swap's source: the face's photos, 404/400 `unknown_face` for someone else's or a missing face. */
export interface SavedFaceSources {
  photos(uid: string, id: string): Promise<Buffer[]>;
}

/**
 * A saved face named as a single swap's source: the swap row keeps the stored key of the face's
 * first photo, and the job reads from that key every photo of the face with its kept analysis
 * (null for any other key).
 */
export interface SavedFaceKeys {
  sourceKey(uid: string, id: string): Promise<string>;
  sourcePhotos(uid: string, key: string): Promise<Array<{ body: Buffer; analysis: SourcePhotoAnalysis }> | null>;
}

/** The monthly allowance of the user's tier (UsersService). */
export interface UsageQuota {
  /** Early, non-authoritative refusal (402 quota_exceeded) before any work. */
  assertCanSwap(uid: string, count: number): Promise<void>;
  /** Reserves `count` inside the transaction `tx` that creates the swaps; throws 402; returns the period charged. */
  reserveSwaps(tx: Db, uid: string, count: number, now?: Date): Promise<string>;
  /** Gives back `count` reserved in `period`. */
  releaseSwaps(tx: Db, uid: string, count: number, period: string, now?: Date): Promise<void>;
  /** Gives back the one video swap reserved in `period`. */
  releaseVideo(tx: Db, uid: string, period: string, now?: Date): Promise<void>;
}

/** Engine failures the user can act on carry one of these codes. */
export interface CodedError {
  code: SwapErrorCode;
  message: string;
}

export function isCodedEngineError(err: unknown): err is CodedError {
  const codes: string[] = ['no_face_source', 'no_face_target', 'face_too_small', 'unsupported_format', 'corrupt_image', 'image_too_large'];
  return typeof err === 'object' && err !== null && codes.includes((err as { code?: string }).code ?? '');
}

/**
 * A job's engine failure: one with a code of its own (a bad photo, no face) fails the swap for good
 * through `fail`; anything else (a worker crash, storage down) is thrown again for the queue to retry.
 */
export async function failOnCodedError(err: unknown, swapId: string, fail: (swapId: string, code: CodedError['code']) => Promise<unknown>): Promise<{ swapId: string; status: 'failed' }> {
  if (!isCodedEngineError(err)) throw err;
  await fail(swapId, err.code);
  return { swapId, status: 'failed' };
}
