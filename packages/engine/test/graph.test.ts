// The faceres graph rewrite: the fused model gives the same descriptor as the model as shipped,
// without the element-wise clip ops, and a layer whose output is read elsewhere is left alone.
import { describe, expect, it, beforeAll } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModels, type Models } from '../src/models.ts';
import { modelsDir } from '../src/human-module.ts';
import { loadFusedGraphModel } from '../src/graph/load-fused.ts';
import { fuseConvLayers, type GraphNode, type Weights } from '../src/graph/fuse-conv.ts';

let models: Models;
beforeAll(async () => { models = await loadModels(); });

const scalar = (v: number) => ({ values: Float32Array.of(v), shape: [] });

function chain(extraReader: boolean): { nodes: GraphNode[]; weights: Weights } {
  const nodes: GraphNode[] = [
    { name: 'x', op: 'Placeholder' },
    { name: 'k', op: 'Const' }, { name: 'b', op: 'Const' }, { name: 'six', op: 'Const' }, { name: 'zero', op: 'Const' },
    { name: 'conv', op: 'Conv2D', input: ['x', 'k'], attr: { padding: { s: 'U0FNRQ==' } } },
    { name: 'add', op: 'Add', input: ['conv', 'b'] },
    { name: 'relu', op: 'Relu', input: ['add'] },
    { name: 'min', op: 'Minimum', input: ['relu', 'six'] },
    { name: 'max', op: 'Maximum', input: ['min', 'zero'] },
    ...(extraReader ? [{ name: 'peek', op: 'Identity', input: ['relu'] }] : []),
  ];
  const weights: Weights = new Map([
    ['k', { values: new Float32Array(4), shape: [1, 1, 2, 2] }],
    ['b', { values: new Float32Array(2), shape: [2] }],
    ['six', scalar(6)],
    ['zero', scalar(0)],
  ]);
  return { nodes, weights };
}

describe('fuseConvLayers', () => {
  it('turns conv → add → relu → min(6) → max(0) into one fused conv named like the last op', () => {
    const { nodes, weights } = chain(false);
    const r = fuseConvLayers(nodes, weights);
    expect(r.fused).toBe(1);
    expect(r.nodes.map((n) => n.op).sort()).toEqual(['Const', 'Const', 'Placeholder', '_FusedConv2D']);
    const fused = r.nodes.find((n) => n.op === '_FusedConv2D')!;
    expect(fused).toMatchObject({ name: 'max', input: ['x', 'k', 'b'] });
    expect([...r.weights.keys()].sort()).toEqual(['b', 'k']);
  });

  it('leaves the layer alone when an intermediate result is read elsewhere', () => {
    const { nodes, weights } = chain(true);
    const r = fuseConvLayers(nodes, weights);
    expect(r.fused).toBe(0);
    expect(r.nodes).toHaveLength(nodes.length);
  });
});

describe('faceres, fused', () => {
  it('folds all 27 clipped layers and gives the shipped model’s descriptor', async () => {
    const { tf } = models;
    const jsonPath = path.join(modelsDir, 'faceres.json');
    const { model: fused, fused: count } = await loadFusedGraphModel(tf, jsonPath);
    const shipped = await tf.loadGraphModel(pathToFileURL(jsonPath).href);
    expect(count).toBe(27);
    const input = tf.randomUniform([1, 224, 224, 3], 0, 255, 'float32', 3);
    const descriptor = async (g: typeof fused): Promise<Float32Array> => {
      const out = g.execute(input);
      const list = Array.isArray(out) ? out : [out];
      try {
        return (await list.find((t) => t.shape[1] === 1024)!.data()) as Float32Array;
      } finally {
        tf.dispose(list);
      }
    };
    try {
      const [a, b] = [await descriptor(shipped), await descriptor(fused)];
      let dot = 0, na = 0, nb = 0;
      for (let i = 0; i < a.length; i++) { dot += a[i]! * b[i]!; na += a[i]! ** 2; nb += b[i]! ** 2; }
      expect(dot / Math.sqrt(na * nb)).toBeGreaterThan(0.99999);
      expect(Math.abs(Math.sqrt(na) - Math.sqrt(nb)) / Math.sqrt(na)).toBeLessThan(1e-4);
    } finally {
      tf.dispose(input);
      fused.dispose();
      shipped.dispose();
    }
  });
});
