// Loads a converted graph model from disk with its conv layers fused (fuse-conv.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Human } from '../human-module.ts';
import { fuseConvLayers, type GraphNode, type Weights } from './fuse-conv.ts';

type Tf = Human['tf'];
type Tensor = ReturnType<Tf['zeros']>;

interface ModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  modelTopology: { node: GraphNode[] } & Record<string, unknown>;
  weightsManifest: Array<{ paths: string[]; weights: Parameters<Tf['io']['decodeWeights']>[1] }>;
}

export async function loadFusedGraphModel(tf: Tf, jsonPath: string): Promise<{ model: Awaited<ReturnType<Tf['loadGraphModel']>>; fused: number }> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const dir = path.dirname(jsonPath);
  const specs = json.weightsManifest.flatMap((g) => g.weights);
  const buffers = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))));
  const joined = Buffer.concat(buffers);
  const decoded = tf.io.decodeWeights(joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength), specs) as Record<string, Tensor>;

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
    const { data, specs: newSpecs } = await tf.io.encodeWeights(tensors);
    const model = await tf.loadGraphModel(
      tf.io.fromMemory({
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        modelTopology: { ...json.modelTopology, node: nodes },
        weightSpecs: newSpecs,
        weightData: data,
      }),
    );
    return { model, fused };
  } finally {
    tf.dispose(Object.values(decoded));
    tf.dispose(Object.values(tensors));
  }
}
