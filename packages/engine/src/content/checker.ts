// Explicit-content check: a dedicated child process holds the classifier (loaded once, off the
// caller's event loop, its ~250 MB of model and wasm heap outside the caller's memory, a crash
// of it never the caller's) and answers one photo at a time. Started on first use; a crashed
// one fails its pending photos and is started again on the next one.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** nsfwjs's five classes, each a probability (they sum to 1), and the time the model took. */
export interface ContentScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
  ms: number;
}

/** The side of the square the model reads: every photo is scaled to it first. */
export const CLASSIFIER_SIDE = 224;

/** A photo already scaled to CLASSIFIER_SIDE × CLASSIFIER_SIDE: RGB bytes, row by row. */
export interface ClassifierPixels {
  rgb: Uint8Array;
}

export interface ContentChecker {
  /** An encoded photo (JPEG, PNG) is decoded and scaled by the worker; pixels go straight to the model. */
  classify(image: Buffer | ClassifierPixels): Promise<ContentScores>;
  /** Starts the worker and waits for its model (ms to load). */
  warm(): Promise<number>;
  /** The classifier process's id while it runs (for measuring its memory). */
  pid(): number | undefined;
  close(): Promise<void>;
}

/**
 * The explicit share of a photo: pornographic and hentai (drawn pornography) together. 'sexy'
 * (swimwear, lingerie, bare shoulders) is not explicit and stays allowed.
 */
export function explicitScore(s: Pick<ContentScores, 'porn' | 'hentai'>): number {
  return s.porn + s.hentai;
}

/** Default refusal threshold on explicitScore. */
export const EXPLICIT_THRESHOLD = 0.7;

const ENTRY = fileURLToPath(new URL('./content-worker.mjs', import.meta.url));

type Pending = { resolve: (s: ContentScores) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

export function createContentChecker(opts: { timeoutMs?: number } = {}): ContentChecker {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let worker: ChildProcess | null = null;
  let ready: Promise<number> | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(err: Error): void {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(err);
      pending.delete(id);
    }
  }

  function start(): Promise<number> {
    if (ready) return ready;
    const w = fork(ENTRY, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    worker = w;
    ready = new Promise<number>((resolve, reject) => {
      w.on('message', (raw) => {
        const msg = raw as { type: string; id?: number; loadMs?: number; scores?: ContentScores; error?: string };
        if (msg.type === 'ready') return resolve(msg.loadMs ?? 0);
        if (msg.type === 'failed') return reject(new Error(`content classifier failed to load: ${msg.error}`));
        const p = pending.get(msg.id ?? -1);
        if (!p) return;
        pending.delete(msg.id ?? -1);
        clearTimeout(p.timer);
        if (msg.type === 'result' && msg.scores) p.resolve(msg.scores);
        else p.reject(new Error(`content classifier: ${msg.error ?? 'no answer'}`));
      });
      w.on('error', (err) => reject(err));
      w.on('exit', (code) => {
        if (worker === w) {
          worker = null;
          ready = null;
        }
        const err = new Error(`content classifier worker exited (${code})`);
        reject(err);
        failAll(err);
      });
    });
    ready.catch(() => undefined);
    return ready;
  }

  return {
    warm: start,
    pid: () => worker?.pid,
    async classify(image) {
      await start();
      const w = worker;
      if (!w) throw new Error('content classifier is not running');
      const id = nextId++;
      return new Promise<ContentScores>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error('content classifier timed out'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        // Pixels cross the channel as they are (150 KB): the worker has nothing to decode.
        w.send(Buffer.isBuffer(image) ? { id, image: new Uint8Array(image) } : { id, rgb: image.rgb });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      ready = null;
      failAll(new Error('content classifier closed'));
      if (w && w.exitCode === null) {
        const exited = new Promise((r) => w.once('exit', r));
        w.kill();
        await exited;
      }
    },
  };
}
