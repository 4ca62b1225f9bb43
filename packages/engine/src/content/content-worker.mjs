// Child process (forked with an IPC channel): loads the explicit-content classifier once (nsfwjs's MobileNetV2, whose weights
// ship inside the nsfwjs package, on the tfjs wasm backend) and classifies one photo at a time.
// Plain JS so that it runs without a TypeScript loader.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { foldBatchNorms } from './fold-batch-norm.mjs';

const require = createRequire(import.meta.url);
/** The model's five outputs, in its order. */
const CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'];
const SIZE = 224; // CLASSIFIER_SIDE in checker.ts: callers scale photos to it

async function load() {
  const t0 = performance.now();
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
  // One thread per model: the API process has other work, and the server may run several of these.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not start');
  await tf.ready();
  const nsfwjs = await import('nsfwjs');
  // console.info is nsfwjs's banner about its default model; it says nothing we need.
  const info = console.info;
  console.info = () => undefined;
  const model = await nsfwjs.load('MobileNetV2', { size: SIZE }).finally(() => (console.info = info));
  const net = checkedFold(tf, model.model);
  // Warm-up: the first run sets the kernels up.
  tf.tidy(() => net(tf.zeros([1, SIZE, SIZE, 3])).dataSync());
  return { tf, net, loadMs: performance.now() - t0 };
}

/** The folded network where it gives the model's own answers (checked on a patterned photo), else the model. */
function checkedFold(tf, keras) {
  const original = (batch) => keras.predict(batch);
  const folded = foldBatchNorms(tf, keras);
  if (!folded?.folded) return original;
  const gap = tf.tidy(() => {
    const probe = tf.linspace(0, 1, SIZE * SIZE * 3).reshape([1, SIZE, SIZE, 3]).mul(37).mod(1);
    return tf.max(tf.abs(folded.predict(probe).sub(original(probe)))).dataSync()[0];
  });
  if (!(gap < 1e-4)) {
    console.error(`content classifier: the folded network differs by ${gap}; the model runs unfolded`);
    return original;
  }
  return folded.predict;
}

const ready = load();
ready.then(
  ({ loadMs }) => process.send?.({ type: 'ready', loadMs }),
  (err) => process.send?.({ type: 'failed', error: String(err?.message ?? err) }),
);

/** The photo as SIZE × SIZE RGB bytes: sent so by the caller, or decoded and scaled here. */
async function pixels(msg) {
  if (msg.rgb) {
    if (msg.rgb.byteLength !== SIZE * SIZE * 3) throw new Error(`expected ${SIZE}×${SIZE} RGB pixels, got ${msg.rgb.byteLength} bytes`);
    return msg.rgb;
  }
  const data = await sharp(Buffer.from(msg.image)).removeAlpha().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

async function classify(msg) {
  const { tf, net } = await ready;
  const t0 = performance.now();
  const rgb = await pixels(msg);
  // Scaled to 0..1 by tf ops: Float32Array.from with a map function took ~28 ms for these 150 K values.
  const probabilities = tf.tidy(() => net(tf.tensor4d(rgb, [1, SIZE, SIZE, 3], 'int32').toFloat().div(255)));
  try {
    const p = await probabilities.data();
    return { ...Object.fromEntries(CLASSES.map((name, i) => [name, p[i]])), ms: performance.now() - t0 };
  } finally {
    probabilities.dispose();
  }
}

let queue = Promise.resolve();
process.on('message', (msg) => {
  queue = queue.then(async () => {
    try {
      process.send?.({ type: 'result', id: msg.id, scores: await classify(msg) });
    } catch (err) {
      process.send?.({ type: 'error', id: msg.id, error: String(err?.message ?? err) });
    }
  });
});

// The server that forked this process is gone: nothing more will be asked.
process.on('disconnect', () => process.exit(0));
