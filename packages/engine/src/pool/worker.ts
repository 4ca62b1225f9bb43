// Worker process: loads the models once, then runs one request at a time for the pool.
import sharp from 'sharp';
import { ENGINE_OPERATIONS } from '../api/operations.ts';
import { EngineError } from '../core/errors.ts';
import { loadModels } from '../models/models.ts';
import type { SerializedError, WorkerMessage, WorkerRequest, WorkerResult } from './protocol.ts';
import { reviveBuffers } from './wire.ts';

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
      const args: unknown[] = reviveBuffers(req.args);
      if (req.listenersAt !== undefined) {
        const forwarded = Object.fromEntries((req.listeners ?? []).map((listener) => [listener, (...a: unknown[]) => send({ type: 'call', id: req.id, listener, args: a })]));
        args[req.listenersAt] = { ...(args[req.listenersAt] as object), ...forwarded };
      }
      const run = ENGINE_OPERATIONS[req.op] as (...a: unknown[]) => Promise<WorkerResult>;
      const result = await run(...args);
      send({ type: 'result', id: req.id, result, rss: process.memoryUsage.rss() });
    } catch (err) {
      send({ type: 'error', id: req.id, error: serialize(err), rss: process.memoryUsage.rss() });
    }
  });
});

process.on('disconnect', () => process.exit(0));

const models = await loadModels();
send({ type: 'ready', loadMs: models.loadMs });
