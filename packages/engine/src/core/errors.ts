// Stable error codes: the server maps them to user messages, so codes and messages never change
// casually. Pool errors cross the process boundary as { code, message } and are rebuilt here.

export type EngineErrorCode =
  | 'no_face_source'
  | 'no_face_target'
  | 'unsupported_format'
  | 'corrupt_image'
  | 'image_too_large'
  | 'face_too_small'
  | 'invalid_options'
  | 'worker_crashed'
  | 'pool_closed'
  | 'pool_busy';

export const ENGINE_ERROR_MESSAGES: Record<EngineErrorCode, string> = {
  no_face_source: 'No face was found in the source image.',
  no_face_target: 'No face was found in the target image.',
  unsupported_format: 'Unsupported image format: only JPEG and PNG are accepted.',
  corrupt_image: 'The image file is corrupt or incomplete.',
  image_too_large: 'The image is too large.',
  face_too_small: 'The face is too small to swap.',
  invalid_options: 'Invalid swap options.',
  worker_crashed: 'The face engine worker stopped unexpectedly while processing this image.',
  pool_closed: 'The face engine pool is closed.',
  pool_busy: 'The face engine is busy: too many images are waiting.',
};

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  /** Optional machine-readable details (pixel counts, face sizes); never needed to understand the message. */
  readonly details?: Record<string, unknown>;

  constructor(code: EngineErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? ENGINE_ERROR_MESSAGES[code]);
    this.code = code;
    if (details) this.details = details;
  }

  toJSON(): { name: 'EngineError'; code: EngineErrorCode; message: string; details?: Record<string, unknown> } {
    return { name: this.name, code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }

  static fromJSON(v: { code: EngineErrorCode; message: string; details?: Record<string, unknown> }): EngineError {
    return new EngineError(v.code, v.message, v.details);
  }
}

export function isEngineErrorCode(v: unknown): v is EngineErrorCode {
  return typeof v === 'string' && Object.hasOwn(ENGINE_ERROR_MESSAGES, v);
}
