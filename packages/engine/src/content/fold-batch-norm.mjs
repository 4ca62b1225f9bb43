// The classifier's network with each batch normalisation folded into the convolution before it,
// and the ReLU6 after them fused into the same kernel. Keras's MobileNetV2 runs convolution,
// batch norm and clip as three passes over every activation: on the tfjs wasm backend the 52
// batch norms alone took 30 of the model's 65 ms. Folded, one convolution with a bias does it.
// Plain JS so that the worker runs without a TypeScript loader.

/** Each layer's input layers and its readers; null for a graph with a layer used twice. */
function graph(model) {
  const inputs = new Map();
  const readers = new Map(model.layers.map((layer) => [layer, []]));
  for (const layer of model.layers) {
    if (layer.inboundNodes.length > 1) return null;
    const from = layer.inboundNodes.flatMap((node) => node.inboundLayers);
    inputs.set(layer, from);
    for (const f of from) readers.get(f)?.push(layer);
  }
  return { inputs, readers };
}

const isConv = (layer) => ['Conv2D', 'DepthwiseConv2D'].includes(layer.getClassName());

/** The batch norm's per-channel scale and shift: y = x * scale + shift (channels last only). */
function batchNormAffine(tf, bn) {
  const c = bn.getConfig();
  if (c.axis !== -1 && c.axis !== 3) return null;
  const w = bn.getWeights();
  const gamma = c.scale ? w.shift() : null;
  const beta = c.center ? w.shift() : null;
  const [mean, variance] = w;
  const scale = tf.rsqrt(variance.add(c.epsilon));
  const gammaScale = gamma ? scale.mul(gamma) : scale;
  const shift = beta ? beta.sub(mean.mul(gammaScale)) : mean.mul(gammaScale).neg();
  return { scale: gammaScale, shift };
}

/** relu6 or relu for a ReLU layer that is exactly one of them, else null. */
function reluActivation(layer) {
  if (layer.getClassName() !== 'ReLU') return null;
  const c = layer.getConfig();
  if ((c.threshold ?? 0) !== 0 || (c.negativeSlope ?? 0) !== 0) return null;
  if (c.maxValue === 6) return 'relu6';
  return c.maxValue == null ? 'relu' : null;
}

/** The convolution's filter and bias with the batch norm's affine folded in. */
function foldedWeights(conv, affine) {
  const [kernel, convBias] = conv.getWeights();
  // A depthwise kernel is [h, w, in, multiplier]: output channel i * multiplier + m.
  const scale = conv.getClassName() === 'DepthwiseConv2D' ? affine.scale.reshape([1, 1, kernel.shape[2], kernel.shape[3]]) : affine.scale;
  return { filter: kernel.mul(scale), bias: convBias ? convBias.mul(affine.scale).add(affine.shift) : affine.shift };
}

/** The convolution + batch norm (+ ReLU) starting at `conv` as one kernel, or null. */
function fold(tf, conv, readers) {
  const c = conv.getConfig();
  if (c.dataFormat !== 'channelsLast' || (c.activation && c.activation !== 'linear')) return null;
  const [bn] = readers.get(conv);
  if (readers.get(conv).length !== 1 || bn.getClassName() !== 'BatchNormalization') return null;
  const [relu] = readers.get(bn).length === 1 ? readers.get(bn) : [];
  const activation = (relu && reluActivation(relu)) ?? 'linear';
  // tidy() keeps the returned tensors (the folded weights) and frees the steps between.
  const weights = tf.tidy(() => {
    const affine = batchNormAffine(tf, bn);
    return affine && foldedWeights(conv, affine);
  });
  if (!weights) return null;
  const args = { ...weights, strides: c.strides, pad: c.padding, dilations: c.dilationRate, activation };
  const run = conv.getClassName() === 'DepthwiseConv2D' ? (x) => tf.fused.depthwiseConv2d({ x, ...args }) : (x) => tf.fused.conv2d({ x, ...args });
  return { run, merged: activation === 'linear' ? [bn] : [bn, relu] };
}

/**
 * The model as a function of its input batch, with the same outputs (layers it cannot fold run
 * as they are), and how many batch norms were folded; null for a graph it does not handle.
 */
export function foldBatchNorms(tf, model) {
  const g = graph(model);
  if (!g) return null;
  const steps = [];
  const merged = new Set();
  for (const layer of model.layers) {
    if (merged.has(layer)) continue;
    const folded = isConv(layer) ? fold(tf, layer, g.readers) : null;
    for (const m of folded?.merged ?? []) merged.add(m);
    // The value is stored under the last merged layer: that is the one later layers read.
    steps.push({ layer, from: g.inputs.get(layer), run: folded?.run, out: folded?.merged.at(-1) ?? layer });
  }
  const output = model.outputLayers?.[0] ?? model.layers.at(-1);
  const predict = (batch) => {
    const values = new Map();
    for (const { layer, from, run, out } of steps) {
      const args = from.map((f) => values.get(f));
      if (layer.getClassName() === 'InputLayer') values.set(out, batch);
      else values.set(out, run ? run(args[0]) : layer.apply(args.length === 1 ? args[0] : args));
    }
    return values.get(output);
  };
  return { predict, folded: steps.filter((s) => s.run).length };
}
