// Public API of the Visage face engine: buffers in, buffers out.
export { detectFaces } from './api/detect-faces.ts';
export { swapFaces } from './api/swap-faces.ts';
export { DEFAULT_JPEG_QUALITY, DEFAULT_REFERENCE_THRESHOLD } from './api/options.ts';
export type { DetectOptions, DetectResult, FaceSummary, SwapOptions, SwapResult, SwapWarning, TargetAnalysis } from './api/options.ts';
export type { Face, FaceBox, FaceRotation } from './face/face.ts';
export { DEFAULT_MIN_FACE_SIZE } from './detect/detect.ts';
export type { TargetSelection } from './api/choose.ts';
export { DEFAULT_MAX_PIXELS } from './io/decode.ts';
export { EngineError, ENGINE_ERROR_MESSAGES, isEngineErrorCode } from './core/errors.ts';
export type { EngineErrorCode } from './core/errors.ts';
export { describeImage } from './api/describe.ts';
export type { DescribeResult, FaceDescription } from './api/describe.ts';
export { createEnginePool } from './pool/pool.ts';
export type { EnginePool, EnginePoolOptions, PoolSwapOptions, PoolStats } from './pool/pool.ts';
export { loadModels } from './models/models.ts';
export { createContentChecker, explicitScore, EXPLICIT_THRESHOLD } from './content/checker.ts';
export type { ContentChecker, ContentScores } from './content/checker.ts';
