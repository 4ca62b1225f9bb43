// Worker process: loads the models once, then runs one request at a time for the pool.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import sharp from 'sharp';
import { ENGINE_OPERATIONS } from '../api/operations.ts';
import { EngineError } from '../core/errors.ts';
import { loadModels } from '../models/models.ts';
import { warmUp } from '../api/warm-up.ts';
import { WARM_UP_ARG, type SerializedError, type WorkerMessage, type WorkerRequest, type WorkerResult } from './protocol.ts';
import { reviveBuffers, unspillBuffers } from './wire.ts';

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

/**
 * The memory a task's spilled byte arrays are read into, kept from one task to the next (fresh
 * memory is slow to fault in): tasks run one at a time and no operation keeps its arguments.
 */
let spilled = Buffer.alloc(0);

function readSpill(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (spilled.length < size) spilled = Buffer.allocUnsafe(size);
    for (let at = 0; at < size;) {
      const n = readSync(fd, spilled, at, size - at, at);
      if (n <= 0) throw new Error('The task\'s data file ended early.');
      at += n;
    }
    return spilled.subarray(0, size);
  } finally {
    closeSync(fd);
  }
}

process.on('message', (req: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const args: unknown[] = req.spill ? unspillBuffers(reviveBuffers(req.args), readSpill(req.spill)) : reviveBuffers(req.args);
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
let warmUpMs = 0;
if (process.argv.includes(WARM_UP_ARG)) {
  // A failed warm-up only leaves the first swap slow: the worker is ready all the same.
  warmUpMs = await warmUp().then((w) => w.ms, () => 0);
}
send({ type: 'ready', loadMs: models.loadMs, warmUpMs });
