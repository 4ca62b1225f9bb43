// Child process (forked with an IPC channel): loads the explicit-content classifier once (nsfwjs's MobileNetV2, whose weights
// ship inside the nsfwjs package, on the tfjs wasm backend) and classifies one photo at a time.
// Plain JS so that it runs without a TypeScript loader.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
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
  // Warm-up: the first run compiles the graph.
  const blank = tf.zeros([SIZE, SIZE, 3], 'int32');
  await model.classify(blank);
  blank.dispose();
  return { tf, model, loadMs: performance.now() - t0 };
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
  const { tf, model } = await ready;
  const t0 = performance.now();
  const input = tf.tensor3d(await pixels(msg), [SIZE, SIZE, 3], 'int32');
  try {
    const predictions = await model.classify(input, 5);
    const scores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
    for (const p of predictions) scores[p.className.toLowerCase()] = p.probability;
    return { ...scores, ms: performance.now() - t0 };
  } finally {
    input.dispose();
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
