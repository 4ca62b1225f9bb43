// The loaded models' types, apart from the loader so the hand model's loader can name them too.
import type { Human } from '../core/human-module.ts';

export type Tf = Human['tf'];
export type GraphModel = Awaited<ReturnType<Tf['loadGraphModel']>>;

export interface Models {
  human: Human;
  tf: Tf;
  /** The hand landmark model, which looks beside each swapped face (see hands/find.ts). */
  handModel: GraphModel;
  /** Time to load and warm the detector, mesh, iris and hand models (what a swap needs; faceres loads apart). */
  loadMs: number;
}
