// Worker process: loads the models once, then runs one request at a time for the pool.
import sharp from 'sharp';
import { detectFaces } from '../api/detect-faces.ts';
import { swapFaces } from '../api/swap-faces.ts';
import { EngineError } from '../core/errors.ts';
import { describeImage } from '../api/describe.ts';
import { loadModels } from '../models/models.ts';
import type { SerializedError, WorkerMessage, WorkerRequest } from './protocol.ts';

function send(msg: WorkerMessage): void {
  process.send?.(msg);
}

function serialize(err: unknown): SerializedError {
  if (err instanceof EngineError) return { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) };
  return { code: null, message: err instanceof Error ? err.message : String(err) };
}

// One task at a time per worker and one worker per core: libvips' own threads would only contend.
sharp.concurrency(1);
// The engine keeps decoded images itself (api/image-cache.ts): libvips' operation cache would hold a
// second copy of the same work (15 MB of RSS over 40 swaps measured).
sharp.cache(false);

let queue: Promise<void> = Promise.resolve();

process.on('message', (req: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      if (req.type === 'swap') {
        const opts = { ...req.opts, source: Buffer.from(req.opts.source), target: Buffer.from(req.opts.target) };
        const tf = opts.targetFaces;
        if (tf && typeof tf === 'object' && !Array.isArray(tf)) opts.targetFaces = { ...tf, reference: Buffer.from(tf.reference) };
        const result = await swapFaces({ ...opts, onProgress: (stage, fraction) => send({ type: 'progress', id: req.id, stage, fraction }) });
        send({ type: 'result', id: req.id, result, rss: process.memoryUsage.rss() });
      } else if (req.type === 'describe') {
        const result = await describeImage(Buffer.from(req.image), req.opts);
        send({ type: 'result', id: req.id, result, rss: process.memoryUsage.rss() });
      } else {
        const result = await detectFaces(Buffer.from(req.image), req.opts);
        send({ type: 'result', id: req.id, result, rss: process.memoryUsage.rss() });
      }
    } catch (err) {
      send({ type: 'error', id: req.id, error: serialize(err), rss: process.memoryUsage.rss() });
    }
  });
});

process.on('disconnect', () => process.exit(0));

const models = await loadModels();
send({ type: 'ready', loadMs: models.loadMs });
