// The hand landmark model's file and loader (see hands/find.ts for what it is read for).
import path from 'node:path';
import { modelsDir } from '../core/human-module.ts';
import type { GraphModel, Models } from './types.ts';
import { loadBiasFusedGraphModel } from './graph/load-fused.ts';

/**
 * The small landmark model, loaded with the face models, its bias adds folded into its convolutions
 * (graph/fuse-bias.ts: weights untouched; a read ~18 → ~16 ms). Not through faceres's loader
 * (fuse-conv.ts), whose copies of the weights stayed in the worker's memory. The full model places
 * a hand's points within a few pixels of the small one's and read beside the fixtures' cheeks as clearly
 * (0.98 against at most 0.33), but it held another 60–80 MB of a worker's memory.
 */
export async function loadHandModel(tf: Models['tf']): Promise<GraphModel> {
  return (await loadBiasFusedGraphModel(tf, path.join(modelsDir, HAND_MODEL))).model;
}

/** The hand landmark model's file, in Human's models folder. */
export const HAND_MODEL = 'handlandmark-lite.json';
