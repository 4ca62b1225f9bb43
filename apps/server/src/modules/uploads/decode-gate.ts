// Bounds how many images decode at once: a decode holds the image's pixels, so a burst of large
// uploads queues here instead of growing the process; past the queue the caller gets 503.
// The same gate, one level up, bounds how many upload bodies are read at once (upload-admission.ts).
import { AppError } from '../../http/errors.ts';

export const busy = () => new AppError(503, 'busy', 'The server is busy with other images. Please try again in a moment.', undefined, { 'Retry-After': '2' });

/** At most `concurrency` holders at once; up to `queue` more wait; beyond that, 503. */
export class DecodeGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** A slot, once one is free; the function returned frees it (calling it twice frees it once). */
  async acquire(): Promise<() => void> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((r) => this.waiting.push(r));
    } else {
      this.active += 1;
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // Hand the slot straight to the next in line (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
