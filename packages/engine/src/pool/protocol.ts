// Messages between the pool (parent) and its worker processes.
import type { DetectOptions, DetectResult, SwapOptions, SwapResult } from '../api/options.ts';
import type { EngineErrorCode } from '../core/errors.ts';
import type { DescribeResult } from '../api/describe.ts';

export type WorkerRequest =
  | { type: 'swap'; id: number; opts: Omit<SwapOptions, 'onProgress'> }
  | { type: 'detect'; id: number; image: Buffer; opts?: DetectOptions }
  | { type: 'describe'; id: number; image: Buffer; opts?: DetectOptions };

export interface SerializedError { code: EngineErrorCode | null; message: string; details?: Record<string, unknown> }

export type WorkerMessage =
  | { type: 'ready'; loadMs: number }
  | { type: 'progress'; id: number; stage: string; fraction: number }
  | { type: 'result'; id: number; result: SwapResult | DetectResult | DescribeResult; rss: number }
  | { type: 'error'; id: number; error: SerializedError; rss: number };
