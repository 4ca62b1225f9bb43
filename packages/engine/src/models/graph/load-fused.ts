// Loads a converted graph model from disk with its graph rewritten: conv layers fused with their
// batch norm and clip (fuse-conv.ts, faceres) or with their bias add (fuse-bias.ts, the hand model).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Human } from '../../core/human-module.ts';
import { fuseBiasAdds } from './fuse-bias.ts';
import { fuseConvLayers, type GraphNode, type Weights } from './fuse-conv.ts';

type Tf = Human['tf'];
type Tensor = ReturnType<Tf['zeros']>;
/** A weights manifest entry, as far as the rewrites read it (tf's own type comes through Human as unknown). */
interface WeightSpec { name: string; shape: number[]; dtype: string }
type TfSpecs = Parameters<Tf['io']['decodeWeights']>[1];
type Loaded = { model: Awaited<ReturnType<Tf['loadGraphModel']>>; fused: number };

interface ModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  modelTopology: { node: GraphNode[] } & Record<string, unknown>;
  weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>;
}

/** The model's JSON, its weight specs and its weight files' bytes, joined. */
async function readModel(jsonPath: string): Promise<{ json: ModelJson; specs: WeightSpec[]; data: ArrayBuffer }> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const dir = path.dirname(jsonPath);
  const joined = Buffer.concat(await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p)))));
  return { json, specs: json.weightsManifest.flatMap((g) => g.weights), data: joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) };
}

function loadFrom(tf: Tf, json: ModelJson, nodes: GraphNode[], weightSpecs: TfSpecs, weightData: ArrayBuffer): Promise<Loaded['model']> {
  const { format, generatedBy, convertedBy, signature } = json;
  return tf.loadGraphModel(tf.io.fromMemory({ format, generatedBy, convertedBy, signature, modelTopology: { ...json.modelTopology, node: nodes }, weightSpecs, weightData }));
}

export async function loadFusedGraphModel(tf: Tf, jsonPath: string): Promise<Loaded> {
  const { json, specs, data } = await readModel(jsonPath);
  const decoded = tf.io.decodeWeights(data, specs as TfSpecs) as Record<string, Tensor>;

  const floats: Weights = new Map();
  const others: Record<string, Tensor> = {};
  for (const [name, t] of Object.entries(decoded)) {
    if (t.dtype === 'float32') floats.set(name, { values: t.dataSync() as Float32Array, shape: t.shape });
    else others[name] = t;
  }
  const { nodes, weights, fused } = fuseConvLayers(json.modelTopology.node, floats);

  const tensors: Record<string, Tensor> = { ...others };
  for (const [name, w] of weights) tensors[name] = tf.tensor(w.values, w.shape, 'float32');
  try {
    const encoded = await tf.io.encodeWeights(tensors);
    return { model: await loadFrom(tf, json, nodes, encoded.specs, encoded.data), fused };
  } finally {
    tf.dispose(Object.values(decoded));
    tf.dispose(Object.values(tensors));
  }
}

/**
 * Loads a converted graph model from disk with its bias adds folded into fused convolutions
 * (fuse-bias.ts). The weights are the file's own bytes, untouched.
 */
export async function loadBiasFusedGraphModel(tf: Tf, jsonPath: string): Promise<Loaded> {
  const { json, specs, data } = await readModel(jsonPath);
  const { nodes, fused } = fuseBiasAdds(json.modelTopology.node, new Map(specs.map((s) => [s.name, s.shape])));
  return { model: await loadFrom(tf, json, nodes, specs as TfSpecs, data), fused };
}
