// Types of fold-batch-norm.mjs (plain JS, loaded by the worker without a TypeScript loader).
import type * as tfjs from '@tensorflow/tfjs';

export function foldBatchNorms(
  tf: typeof tfjs,
  model: tfjs.LayersModel,
): { predict: (batch: tfjs.Tensor) => tfjs.Tensor; folded: number } | null;
