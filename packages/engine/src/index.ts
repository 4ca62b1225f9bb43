// Public API of the Visage face engine: buffers in, buffers out.
export { detectFaces, swapFaces, DEFAULT_JPEG_QUALITY, DEFAULT_REFERENCE_THRESHOLD } from './api.ts';
export type { DetectOptions, DetectResult, FaceSummary, SwapOptions, SwapResult, SwapWarning, TargetAnalysis } from './api.ts';
export type { Face, FaceBox, FaceRotation } from './detect.ts';
export { DEFAULT_MIN_FACE_SIZE } from './detect.ts';
export type { TargetSelection } from './choose.ts';
export { DEFAULT_MAX_PIXELS } from './decode.ts';
export { EngineError, ENGINE_ERROR_MESSAGES, isEngineErrorCode } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export { describeImage } from './describe.ts';
export type { DescribeResult, FaceDescription } from './describe.ts';
export { createEnginePool } from './pool/pool.ts';
export type { EnginePool, EnginePoolOptions, PoolSwapOptions, PoolStats } from './pool/pool.ts';
export { loadModels } from './models.ts';
export { createContentChecker, explicitScore, EXPLICIT_THRESHOLD } from './content/checker.ts';
export type { ContentChecker, ContentScores } from './content/checker.ts';
