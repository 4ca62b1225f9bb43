// Loads @vladmandic/human on the tfjs wasm backend with every model read from the installed
// packages on disk. Node 20's fetch cannot read file:// URLs, so we answer those ourselves.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { humanModule, modelsDir, wasmDir } from '../core/human-module.ts';
import { loadFusedGraphModel } from './graph/load-fused.ts';
import path from 'node:path';
import { loadHandModel } from './hand-model.ts';
import type { GraphModel, Models, Tf } from './types.ts';

export type { GraphModel, Models } from './types.ts';

let fetchPatched = false;
function patchFetchForFiles(): void {
  if (fetchPatched) return;
  fetchPatched = true;
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file://')) {
      const body = await readFile(fileURLToPath(url));
      const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    }
    return original(input, init);
  }) as typeof fetch;
}

let loading: Promise<Models> | null = null;

/** Loads the models once per process (or worker); later calls share the same promise. */
export function loadModels(): Promise<Models> {
  loading ??= doLoad().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Detector threshold: low enough for near-profile faces; the mesh score filters false positives. */
export const DETECTOR_MIN_CONFIDENCE = 0.3;

async function doLoad(): Promise<Models> {
  const t0 = performance.now();
  patchFetchForFiles();
  const { Human } = humanModule();
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir + path.sep,
    wasmPlatformFetch: false,
    modelBasePath: pathToFileURL(modelsDir).href + '/',
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, rotation: true, maxDetected: 20, minConfidence: DETECTOR_MIN_CONFIDENCE, minSize: 0, iouThreshold: 0.1, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: true, keepInvalid: false },
      attention: { enabled: false },
      iris: { enabled: true, skipFrames: 0, skipTime: 0 },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  });
  await human.load();
  const tf = human.tf;
  // After Human's load, which sets up the wasm backend the hand model's weights go to.
  const handModel = await loadHandModel(tf);
  // The first inference of each wasm graph is several times slower (kernel setup): pay it here.
  const graphs = Object.values(human.models.models).filter((g): g is GraphModel => g !== null);
  for (const g of [...graphs, handModel]) warm(tf, g);
  const blank = tf.fill([96, 96, 3], 128, 'int32');
  try { await human.detect(blank); } finally { tf.dispose(blank); }
  return { human, tf, handModel, loadMs: performance.now() - t0 };
}

let faceresLoading: Promise<{ model: GraphModel; loadMs: number }> | null = null;

/**
 * The faceres identity model, loaded on first use: swaps as the server runs them (no identity score,
 * no reference face) never need it, so workers start without its 7 MB of weights.
 */
export function loadFaceres(): Promise<{ model: GraphModel; loadMs: number }> {
  faceresLoading ??= (async () => {
    const { tf } = await loadModels();
    const t0 = performance.now();
    const { model } = await loadFusedGraphModel(tf, path.join(modelsDir, 'faceres.json'));
    warm(tf, model);
    return { model, loadMs: performance.now() - t0 };
  })().catch((err: unknown) => {
    faceresLoading = null;
    throw err;
  });
  return faceresLoading;
}

function warm(tf: Tf, g: GraphModel): void {
  const shape = g.inputs[0]?.shape;
  if (!shape) return;
  const input = tf.zeros(shape.map((d: number) => (d > 0 ? d : 1)));
  try {
    const out = g.execute(input);
    tf.dispose(out);
  } catch {
    // A model whose graph needs more than one input is simply not warmed.
  } finally {
    tf.dispose(input);
  }
}
