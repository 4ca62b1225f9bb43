// Bounds how many images decode at once: a decode holds the image's pixels, so a burst of large
// uploads queues here instead of growing the process; past the queue the caller gets 503.
import { AppError } from '../../http/errors.ts';

/** At most `concurrency` decodes at once; up to `queue` more wait; beyond that, 503. */
export class DecodeGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        throw new AppError(503, 'busy', 'The server is busy with other images. Please try again in a moment.', undefined, { 'Retry-After': '2' });
      }
      await new Promise<void>((r) => this.waiting.push(r));
    } else {
      this.active += 1;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next in line (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
