// A pool of worker processes (default: one per core). Each loads the models once; tasks wait in a
// bounded queue (back-pressure: beyond `maxQueue` a task is refused with `pool_busy`). A worker that
// dies is replaced and only the task it held fails, with `worker_crashed`. A worker whose memory
// stays high after a task (one large photo left it at 830 MB, and 555 MB five small swaps later, against
// 355 MB before) is replaced once it is idle, so a long-running server does not creep toward its limit.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SwapOptions } from '../api/options.ts';
import { engineCalls, type EngineCalls, type EngineOperation, type EngineOperations } from '../api/operations.ts';
import { EngineError, isEngineErrorCode } from '../core/errors.ts';
import { ENGINE_V8_FLAGS } from '../heap.ts';
import { WARM_UP_ARG, type SerializedError, type WorkerMessage, type WorkerRequest } from './protocol.ts';
import { spillRequest } from './spill.ts';
import { resultBuffers, takeListeners, type Listeners } from './wire.ts';

export interface EnginePoolOptions {
  /** Worker processes; default one per CPU core. */
  size?: number;
  /** Tasks allowed to wait beyond the running ones before new tasks are refused; default 256. */
  maxQueue?: number;
  /** A task running longer than this kills its worker and fails with worker_crashed; default 120 s. */
  taskTimeoutMs?: number;
  /** A worker whose resident memory exceeds this after a task is replaced (nothing is lost); default 768 MB. */
  maxWorkerRssMb?: number;
  /**
   * Each worker the pool starts with swaps a face of its own before it is ready (api/warm-up.ts),
   * so that the first swap a user asks for runs as fast as the next ones; default false. A worker
   * replaced later starts cold: its warm-up (5-9 s) would cost the tasks waiting for it more than
   * its first swap's slowness (2-4 s).
   */
  warmUp?: boolean;
}

export type PoolSwapOptions = SwapOptions;

export interface PoolStats {
  size: number;
  ready: number;
  busy: number;
  queued: number;
  completed: number;
  failed: number;
  restarts: number;
  /** Workers replaced after a task because their memory stayed above maxWorkerRssMb. */
  recycled: number;
  /** Model load time (ms) reported by each ready worker. */
  modelLoadMs: number[];
  /** Warm-up time (ms) reported by each ready worker: 0 without `warmUp`. */
  warmUpMs: number[];
}

/** Each engine operation (api/operations.ts) run in a worker, plus the pool's own controls. */
export interface EnginePool extends EngineCalls {
  /** Resolves once every worker has loaded its models. */
  ready(): Promise<void>;
  stats(): PoolStats;
  /** Process ids of the current workers (for monitoring memory). */
  workerPids(): number[];
  /** Refuses new tasks, fails queued ones with pool_closed, waits for running ones, stops the workers. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  request: WorkerRequest;
  /** The file its large byte arrays were written to for the worker, removed when it is over. */
  spilled?: string;
  listeners?: Listeners;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  loadMs: number;
  warmUpMs: number;
  /** Replaced for its memory: its exit is expected. */
  retired: boolean;
}

const require = createRequire(import.meta.url);
const WORKER_ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;
const MAX_STARTUP_FAILURES = 5;
/**
 * Calls a person waits on at the page (an upload's face check, a clip's people, a profile photo),
 * taken before queued work (swaps, video frames, catalogue descriptions): they last a fraction of a
 * second, and an upload waited seconds behind a catalogue's or the demo seeding's descriptions.
 */
const WAITED_ON: ReadonlySet<EngineOperation> = new Set(['detect', 'videoPeople', 'profile']);
/**
 * V8's young generation per worker (MB per semi-space; Node's default is 16). The engine's pixels live
 * in typed arrays outside it, but each swap and each video frame makes many short-lived ones: at 4 MB
 * a worker's peak RSS was ~30 MB lower (464-467 MB against 493-501 over 200-swap pool runs) for 8%
 * fewer swaps a second, and a video frame took 185-191 ms of CPU against 161-173 at 16
 * (`bench/video-frames.ts`, three runs each), which a video pays 300 times over.
 */
const WORKER_SEMI_SPACE_MB = 16;
/**
 * The V8 flags of a pool worker: every swap the server runs runs under them (the benchmarks too).
 * Garbage is collected on the worker's own thread: V8's helper threads took CPU from the other
 * worker for no gain (a video frame 154-165 ms of CPU against 167-184, photo swaps unchanged).
 */
export const WORKER_V8_FLAGS: readonly string[] = [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`, '--single-threaded-gc', ...ENGINE_V8_FLAGS];
/**
 * glibc malloc arenas per worker (MALLOC_ARENA_MAX, unless the environment sets it). By default glibc
 * opens one per thread that allocates, up to 8 per core, and libvips' and the wasm backend's
 * allocations then spread over arenas that are never given back: 200 swaps of ~1000 px photos left a
 * worker at 480–494 MB RSS with the default, 370 MB with 2 arenas, at the same speed.
 */
const WORKER_MALLOC_ARENAS = 2;
/**
 * glibc keeps freed blocks of up to this many bytes for reuse instead of handing them back to the
 * system at once (MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_, unless the environment sets
 * them). A video frame's swap allocates a few MB of arrays, and memory given back had to be faulted
 * in again page by page: on a VM that returns freed pages to its host, 12 copies of a 720p frame
 * (33 MB) took 500–700 ms fresh against 100–150 ms kept (bench/video-frames.ts measures a worker).
 */
const WORKER_MALLOC_KEEP = String(32 * 1024 * 1024);

function reviveError(e: SerializedError): Error {
  if (e.code && isEngineErrorCode(e.code)) return new EngineError(e.code, e.message, e.details);
  return new Error(e.message);
}

export function createEnginePool(opts: EnginePoolOptions = {}): EnginePool {
  const size = Math.max(1, opts.size ?? os.availableParallelism());
  const maxQueue = opts.maxQueue ?? 256;
  const taskTimeoutMs = opts.taskTimeoutMs ?? 120_000;
  const maxRss = (opts.maxWorkerRssMb ?? 768) * 1024 * 1024;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  let startupFailures = 0;
  const stats = { completed: 0, failed: 0, restarts: 0, recycled: 0 };
  let readyWaiters: Array<() => void> = [];

  function spawn(warmUp = false): Slot {
    const child = fork(WORKER_ENTRY, warmUp ? [WARM_UP_ARG] : [], {
      execArgv: ['--import', TSX_LOADER, ...WORKER_V8_FLAGS],
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? String(WORKER_MALLOC_ARENAS),
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? WORKER_MALLOC_KEEP,
        MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? WORKER_MALLOC_KEEP,
      },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = { child, ready: false, task: null, timer: null, loadMs: 0, warmUpMs: 0, retired: false };
    child.on('message', (msg: WorkerMessage) => onMessage(slot, msg));
    child.on('exit', (code, signal) => onExit(slot, code, signal));
    child.on('error', () => { /* 'exit' follows and handles it */ });
    return slot;
  }

  function onMessage(slot: Slot, msg: WorkerMessage): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      slot.loadMs = msg.loadMs;
      slot.warmUpMs = msg.warmUpMs;
      startupFailures = 0;
      if (slots.every((s) => s.ready)) { readyWaiters.forEach((r) => r()); readyWaiters = []; }
      pump();
      return;
    }
    const task = slot.task;
    if (!task || msg.id !== task.id) return;
    if (msg.type === 'call') {
      try { (task.listeners?.[msg.listener] as ((...a: unknown[]) => void) | undefined)?.(...msg.args); } catch { /* a listener must not break the pool */ }
      return;
    }
    finish(slot);
    if (msg.type === 'result') {
      stats.completed++;
      task.resolve(resultBuffers(msg.result));
    } else {
      stats.failed++;
      task.reject(reviveError(msg.error));
    }
    if (msg.rss > maxRss && !closed) retire(slot);
    pump();
  }

  /** Replaces an idle worker: a fresh one takes its place and the old one is stopped. */
  function retire(slot: Slot): void {
    const idx = slots.indexOf(slot);
    if (idx < 0) return;
    slot.retired = true;
    slots.splice(idx, 1, spawn());
    stats.recycled++;
    slot.child.kill('SIGTERM');
  }

  function finish(slot: Slot): void {
    if (slot.task?.spilled) rmSync(slot.task.spilled, { force: true });
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  function onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.retired) return;
    const idx = slots.indexOf(slot);
    if (idx >= 0) slots.splice(idx, 1);
    const task = slot.task;
    finish(slot);
    if (!slot.ready) startupFailures++;
    if (task) {
      stats.failed++;
      task.reject(new EngineError('worker_crashed', undefined, { exitCode: code, signal }));
    }
    if (closed) return;
    stats.restarts++;
    if (startupFailures >= MAX_STARTUP_FAILURES) {
      // Workers cannot even start: fail what waits instead of looping forever.
      while (queue.length) queue.shift()!.reject(new EngineError('worker_crashed', 'The face engine workers cannot start.'));
      startupFailures = 0;
      if (slots.length === 0) slots.push(spawn());
      return;
    }
    slots.push(spawn());
  }

  function pump(): void {
    for (const slot of slots) {
      if (!queue.length) return;
      if (!slot.ready || slot.task) continue;
      const urgent = queue.findIndex((t) => WAITED_ON.has(t.request.op));
      const task = queue.splice(Math.max(0, urgent), 1)[0]!;
      slot.task = task;
      slot.timer = setTimeout(() => {
        slot.child.kill('SIGKILL');
      }, taskTimeoutMs);
      const sent = spillRequest(task.request, task.id);
      if (sent.file) task.spilled = sent.file;
      slot.child.send(sent.request);
    }
  }

  function submit<K extends EngineOperation>(op: K, all: Parameters<EngineOperations[K]>): ReturnType<EngineOperations[K]> {
    type Result = Awaited<ReturnType<EngineOperations[K]>>;
    if (closed) return Promise.reject(new EngineError('pool_closed')) as ReturnType<EngineOperations[K]>;
    if (queue.length >= maxQueue) return Promise.reject(new EngineError('pool_busy')) as ReturnType<EngineOperations[K]>;
    const { args, listeners, listenersAt } = takeListeners(all);
    return new Promise<Result>((resolve, reject) => {
      const id = nextId++;
      const request = { op, id, args, ...(listeners ? { listenersAt, listeners: Object.keys(listeners) } : {}) } as WorkerRequest;
      queue.push({ id, request, ...(listeners ? { listeners } : {}), resolve: resolve as (v: unknown) => void, reject });
      pump();
    }) as ReturnType<EngineOperations[K]>;
  }

  for (let i = 0; i < size; i++) slots.push(spawn(opts.warmUp));

  const calls = engineCalls((op, args) => submit(op, args as Parameters<EngineOperations[typeof op]>));

  return {
    ...calls,
    ready(): Promise<void> {
      if (slots.length > 0 && slots.every((s) => s.ready)) return Promise.resolve();
      return new Promise((r) => readyWaiters.push(r));
    },
    stats(): PoolStats {
      return { size, ready: slots.filter((s) => s.ready).length, busy: slots.filter((s) => s.task).length, queued: queue.length, ...stats, modelLoadMs: slots.filter((s) => s.ready).map((s) => Math.round(s.loadMs)), warmUpMs: slots.filter((s) => s.ready).map((s) => Math.round(s.warmUpMs)) };
    },
    workerPids(): number[] {
      return slots.map((s) => s.child.pid).filter((p): p is number => typeof p === 'number');
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      while (queue.length) queue.shift()!.reject(new EngineError('pool_closed'));
      const running = slots.filter((s) => s.task).map((s) => new Promise<void>((r) => {
        const t = s.task!;
        const done = () => r();
        const { resolve, reject } = t;
        t.resolve = (v) => { resolve(v); done(); };
        t.reject = (e) => { reject(e); done(); };
      }));
      await Promise.all(running);
      await Promise.all(slots.map((s) => new Promise<void>((r) => {
        if (s.child.exitCode !== null || s.child.signalCode !== null) { r(); return; }
        s.child.once('exit', () => r());
        s.child.kill('SIGTERM');
      })));
      readyWaiters.forEach((r) => r());
      readyWaiters = [];
    },
  };
}
