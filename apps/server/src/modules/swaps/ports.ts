// What the swaps module needs from the rest of the server, as small structural interfaces,
// so the service can be tested with the real adapters and wired from context.ts.
import type { SwapErrorCode, SwapWarning } from '@visage/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { TargetAnalysis } from '@visage/engine';

export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export interface SwapEngineResult {
  image: Buffer;
  thumbnail: Buffer;
  thumbnailType: string;
  timings?: Record<string, number>;
  identity?: { toSource: number; toTarget: number };
  /**
   * What the engine noticed about the face photo. Typed with the contract's list, so a warning the
   * engine adds without the contract (and the viewer's texts) fails the typecheck here.
   */
  warnings?: readonly SwapWarning[];
}

export interface SwapEngine {
  swap(opts: {
    source: Buffer;
    target: Buffer;
    /** The identity score costs two or three extra embedding passes; the gallery does not need it. */
    identity?: boolean;
    /** The target's faces found earlier on the same bytes (a catalogue photo): not detected again. */
    targetAnalysis?: TargetAnalysis;
    onProgress?: (stage: string, fraction: number) => void;
  }): Promise<SwapEngineResult>;
}

/** The monthly allowance of the user's tier (UsersService). */
export interface UsageQuota {
  /** Early, non-authoritative refusal (402 quota_exceeded) before any work. */
  assertCanSwap(uid: string, count: number): Promise<void>;
  /** Reserves `count` inside the transaction `tx` that creates the swaps; throws 402; returns the period charged. */
  reserveSwaps(tx: Db, uid: string, count: number, now?: Date): Promise<string>;
  /** Gives back `count` reserved in `period`. */
  releaseSwaps(tx: Db, uid: string, count: number, period: string, now?: Date): Promise<void>;
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
