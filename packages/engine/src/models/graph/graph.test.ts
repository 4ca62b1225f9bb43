// The graph rewrites: the fused faceres gives the same descriptor as the model as shipped, without
// the element-wise clip ops; the hand model with its bias adds folded reads the same; a layer whose
// output is read elsewhere is left alone.
import { describe, expect, it, beforeAll } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModels, type Models } from '../models.ts';
import { modelsDir } from '../../core/human-module.ts';
import { fuseConvLayers, type GraphNode, type Weights } from './fuse-conv.ts';
import { fuseBiasAdds } from './fuse-bias.ts';
import { loadBiasFusedGraphModel } from './load-fused.ts';
import { HAND_MODEL } from '../hand-model.ts';
import { loadFusedGraphModel } from './load-fused.ts';

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

describe('fuseBiasAdds', () => {
  const shapes = new Map([['k', [1, 1, 2, 2]], ['dk', [3, 3, 2, 1]], ['b', [2]], ['b2', [2]], ['s', []]]);
  const consts: GraphNode[] = ['k', 'dk', 'b', 'b2', 's'].map((name) => ({ name, op: 'Const' }));

  it('folds conv → add(bias) → relu6 into one fused conv, and a depthwise conv’s bias without a relu6', () => {
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' }, ...consts,
      { name: 'conv', op: 'Conv2D', input: ['x', 'k'] },
      { name: 'add', op: 'AddV2', input: ['conv', 'b'] },
      { name: 'relu', op: 'Relu6', input: ['add'] },
      { name: 'dw', op: 'DepthwiseConv2dNative', input: ['relu', 'dk'] },
      { name: 'dwb', op: 'AddV2', input: ['b2', 'dw'] },
      { name: 'out', op: 'Identity', input: ['dwb'] },
    ];
    const r = fuseBiasAdds(nodes, shapes);
    expect(r.fused).toBe(2);
    expect(r.nodes.find((n) => n.name === 'relu')).toMatchObject({ op: '_FusedConv2D', input: ['x', 'k', 'b'] });
    expect(r.nodes.find((n) => n.name === 'dwb')).toMatchObject({ op: 'FusedDepthwiseConv2dNative', input: ['relu', 'dk', 'b2'] });
    const ops = (n: GraphNode) => ((n.attr?.fused_ops as { list: { s: string[] } }).list.s).map((v) => Buffer.from(v, 'base64').toString());
    expect(ops(r.nodes.find((n) => n.name === 'relu')!)).toEqual(['BiasAdd', 'Relu6']);
    expect(ops(r.nodes.find((n) => n.name === 'dwb')!)).toEqual(['BiasAdd']);
    expect(r.nodes.map((n) => n.name)).not.toContain('conv');
    expect(r.nodes.map((n) => n.name)).not.toContain('add');
  });

  it('moves a residual’s bias into its conv: (conv + y) + b becomes conv(b) + y', () => {
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' }, { name: 'y', op: 'Placeholder' }, ...consts,
      { name: 'conv', op: 'Conv2D', input: ['x', 'k'] },
      { name: 'sum', op: 'AddN', input: ['conv', 'y'] },
      { name: 'add', op: 'AddV2', input: ['b', 'sum'] },
    ];
    const r = fuseBiasAdds(nodes, shapes);
    expect(r.fused).toBe(1);
    expect(r.nodes.find((n) => n.name === 'conv')).toMatchObject({ op: '_FusedConv2D', input: ['x', 'k', 'b'] });
    expect(r.nodes.find((n) => n.name === 'add')).toMatchObject({ op: 'AddV2', input: ['conv', 'y'] });
    expect(r.nodes.map((n) => n.name)).not.toContain('sum');
  });

  it('leaves a conv alone when its output is read elsewhere, or what is added is no bias', () => {
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' }, ...consts,
      { name: 'conv', op: 'Conv2D', input: ['x', 'k'] },
      { name: 'add', op: 'AddV2', input: ['conv', 'b'] },
      { name: 'peek', op: 'Identity', input: ['conv'] },
      { name: 'conv2', op: 'Conv2D', input: ['add', 'k'] },
      { name: 'scaled', op: 'AddV2', input: ['conv2', 's'] },
    ];
    const r = fuseBiasAdds(nodes, shapes);
    expect(r.fused).toBe(0);
    expect(r.nodes).toEqual(nodes);
  });
});

describe('hand landmark model, bias-fused', () => {
  it('folds its 47 bias adds and reads as the shipped model does', async () => {
    const { tf } = models;
    const jsonPath = path.join(modelsDir, HAND_MODEL);
    const { model: fused, fused: count } = await loadBiasFusedGraphModel(tf, jsonPath);
    const shipped = await tf.loadGraphModel(pathToFileURL(jsonPath).href);
    expect(count).toBe(47);
    const input = tf.randomUniform([1, 224, 224, 3], 0, 1, 'float32', 5);
    const read = (g: typeof fused): Float32Array[] => {
      const out = g.execute(input, ['Identity_1', 'Identity']) as Array<ReturnType<typeof tf.zeros>>;
      try { return out.map((t) => t.dataSync() as Float32Array); } finally { tf.dispose(out); }
    };
    try {
      const [a, b] = [read(shipped), read(fused)];
      expect(b[1]!.length).toBe(63);
      for (let k = 0; k < 2; k++) for (let i = 0; i < a[k]!.length; i++) expect(Math.abs(a[k]![i]! - b[k]![i]!)).toBeLessThan(1e-3);
    } finally {
      tf.dispose(input);
      fused.dispose();
      shipped.dispose();
    }
  });
});
