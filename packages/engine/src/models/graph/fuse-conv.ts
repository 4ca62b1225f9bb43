// Folds faceres's unfused Keras layers into the fused kernels of the tfjs wasm backend.
// The converted graph spells every layer as conv → (mul) → add → relu → minimum(6) → maximum(0):
// five full-size passes over the activations, where the element-wise minimum/maximum alone
// took a third of the model's time. One fused conv with bias and relu6 computes the same
// values (up to float rounding) in one pass.

/** A node of a converted TensorFlow graph (model.json's modelTopology.node). */
export interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
  device?: string;
}

/** Float weights by name, with shapes (row-major, last axis fastest). */
export type Weights = Map<string, { values: Float32Array; shape: number[] }>;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** How many layers were folded, and the graph and weights that compute the same thing. */
export interface FuseResult {
  nodes: GraphNode[];
  weights: Weights;
  fused: number;
}

/** Each node's readers, by the name their inputs give it (a graph rewrite folds only what one node reads). */
export function readersOf(nodes: readonly GraphNode[]): Map<string, GraphNode[]> {
  const readers = new Map<string, GraphNode[]>();
  for (const n of nodes) {
    for (const i of n.input ?? []) {
      const list = readers.get(i);
      if (list) list.push(n); else readers.set(i, [n]);
    }
  }
  return readers;
}

export function fuseConvLayers(nodes: readonly GraphNode[], weights: Weights): FuseResult {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const readers = readersOf(nodes);
  // A link of the chain may be folded only when nothing else reads it.
  const only = (name: string | undefined, op: string): GraphNode | null => {
    if (!name) return null;
    const n = byName.get(name);
    return n && n.op === op && readers.get(name)?.length === 1 ? n : null;
  };
  const scalar = (name: string | undefined): number | null => {
    const w = name ? weights.get(name) : undefined;
    return w && w.values.length === 1 ? w.values[0]! : null;
  };

  const out = new Map(weights);
  const removed = new Set<string>();
  const replaced = new Map<string, GraphNode>();
  let fused = 0;

  for (const max of nodes) {
    if (max.op !== 'Maximum' || scalar(max.input?.[1]) !== 0) continue;
    const min = only(max.input?.[0], 'Minimum');
    if (!min || scalar(min.input?.[1]) !== 6) continue;
    const relu = only(min.input?.[0], 'Relu');
    const add = only(relu?.input?.[0], 'Add');
    const biasName = add?.input?.[1];
    const bias = biasName ? weights.get(biasName) : undefined;
    if (!relu || !add || !bias || bias.shape.length !== 1) continue;

    const conv = only(add.input?.[0], 'Conv2D');
    const mul = only(add.input?.[0], 'Mul');
    let node: GraphNode | null = null;
    const chain = [min, relu, add];
    if (conv) {
      node = fusedNode(max.name, '_FusedConv2D', conv, [conv.input![0]!, conv.input![1]!, biasName!]);
      chain.push(conv);
    } else if (mul) {
      // Batch norm after a depthwise conv: its per-channel scale goes into the kernel.
      const dw = only(mul.input?.[0], 'DepthwiseConv2dNative');
      const scale = weights.get(mul.input?.[1] ?? '');
      const kernel = weights.get(dw?.input?.[1] ?? '');
      if (!dw || !scale || !kernel || kernel.shape.length !== 4 || kernel.shape[3] !== 1) continue;
      const channels = kernel.shape[2]!;
      if (scale.values.length !== channels || bias.values.length !== channels) continue;
      const scaled = new Float32Array(kernel.values.length);
      for (let i = 0; i < scaled.length; i++) scaled[i] = kernel.values[i]! * scale.values[i % channels]!;
      const kernelName = `${max.name}/fused_kernel`;
      out.set(kernelName, { values: scaled, shape: kernel.shape });
      node = fusedNode(max.name, 'FusedDepthwiseConv2dNative', dw, [dw.input![0]!, kernelName, biasName!]);
      chain.push(mul, dw);
    }
    if (!node) continue;
    for (const n of chain) removed.add(n.name);
    replaced.set(max.name, node);
    fused += 1;
  }

  // The scaled depthwise kernels are new constants: declare them as nodes.
  const added = [...out.keys()].filter((k) => !byName.has(k)).map((name): GraphNode => ({ name, op: 'Const', attr: { dtype: { type: 'DT_FLOAT' } } }));
  const result = [...added, ...nodes.filter((n) => !removed.has(n.name)).map((n) => replaced.get(n.name) ?? n)];
  // Drop constants nothing reads any more (the old kernels, the 0 and 6 of the clip).
  const read = new Set(result.flatMap((n) => n.input ?? []));
  const kept = result.filter((n) => n.op !== 'Const' || read.has(n.name));
  const keptNames = new Set(kept.map((n) => n.name));
  for (const name of [...out.keys()]) if (!keptNames.has(name)) out.delete(name);
  return { nodes: kept, weights: out, fused };
}

/** `conv` (its attributes) as the fused op `op` named `name`, reading `input` (x, kernel, bias) and applying `ops` after it. */
export function fusedNode(name: string, op: string, conv: GraphNode, input: string[], ops: readonly string[] = ['BiasAdd', 'Relu6']): GraphNode {
  return {
    name,
    op,
    input,
    device: conv.device,
    attr: {
      ...conv.attr,
      T: { type: 'DT_FLOAT' },
      num_args: { i: '1' },
      epsilon: { f: 0 },
      fused_ops: { list: { s: ops.map(b64) } },
    },
  };
}
