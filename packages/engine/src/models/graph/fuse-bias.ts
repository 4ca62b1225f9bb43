// Folds the bias adds of a graph converted without fused kernels (the hand landmark model spells every
// layer as conv → add(bias) → relu6) into the wasm backend's fused convolutions. Unlike fuse-conv.ts it
// changes no weight: each bias constant becomes its fused op's third input, so the model still loads
// from its own weight file and no copy of the weights is made.
import { fusedNode, readersOf, type GraphNode } from './fuse-conv.ts';

const FUSED: Record<string, string> = { Conv2D: '_FusedConv2D', DepthwiseConv2dNative: 'FusedDepthwiseConv2dNative' };

export interface BiasFuseResult {
  nodes: GraphNode[];
  /** Convolutions that took in their bias add. */
  fused: number;
}

/**
 * `shapes`: each constant's shape (from the weights manifest); a bias is a 1-D constant. Two shapes of
 * layer are folded, each only where nothing else reads what it removes:
 * - conv → add(bias) [→ relu6]: one fused conv (with relu6 when that follows), named like the last op;
 * - conv + y (AddN, a residual) → add(bias): the conv takes the bias, and the add becomes conv + y.
 */
export function fuseBiasAdds(nodes: readonly GraphNode[], shapes: ReadonlyMap<string, readonly number[]>): BiasFuseResult {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const readers = readersOf(nodes);
  const soleReader = (name: string) => { const r = readers.get(name); return r?.length === 1 ? r[0]! : null; };
  const isBias = (name: string | undefined) => name !== undefined && byName.get(name)?.op === 'Const' && shapes.get(name)?.length === 1;
  const convOf = (name: string | undefined) => {
    const n = name ? byName.get(name) : undefined;
    return n && FUSED[n.op] && soleReader(n.name) ? n : null;
  };

  const removed = new Set<string>();
  const replaced = new Map<string, GraphNode>();
  let fused = 0;
  for (const add of nodes) {
    if (add.op !== 'AddV2' || add.input?.length !== 2) continue;
    const [p, q] = add.input;
    const biasName = isBias(q) ? q! : isBias(p) ? p! : null;
    if (!biasName) continue;
    const other = biasName === q ? p! : q!;
    const conv = convOf(other);
    if (conv) {
      const relu = soleReader(add.name);
      const last = relu?.op === 'Relu6' ? relu : add;
      replaced.set(last.name, fusedNode(last.name, FUSED[conv.op]!, conv, [conv.input![0]!, conv.input![1]!, biasName], last === add ? ['BiasAdd'] : ['BiasAdd', 'Relu6']));
      removed.add(conv.name);
      if (last !== add) removed.add(add.name);
      fused++;
      continue;
    }
    // A residual: (conv + y) + bias = (conv with its bias) + y.
    const sum = byName.get(other);
    if (sum?.op !== 'AddN' || sum.input?.length !== 2 || soleReader(sum.name) !== add) continue;
    const k = sum.input.findIndex((i) => convOf(i)?.op === 'Conv2D');
    if (k < 0) continue;
    const residualConv = byName.get(sum.input[k]!)!;
    replaced.set(residualConv.name, fusedNode(residualConv.name, '_FusedConv2D', residualConv, [residualConv.input![0]!, residualConv.input![1]!, biasName], ['BiasAdd']));
    replaced.set(add.name, { ...add, input: [residualConv.name, sum.input[1 - k]!] });
    removed.add(sum.name);
    fused++;
  }
  return { nodes: nodes.filter((n) => !removed.has(n.name)).map((n) => replaced.get(n.name) ?? n), fused };
}
