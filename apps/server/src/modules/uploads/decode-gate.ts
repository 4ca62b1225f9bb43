// Bounds how much decodes at once: a decode holds the image's pixels, so a burst of large
// uploads queues here instead of growing the process; past the queue the caller gets 503.
// Each holder takes a share (an image its pixel count), so small images decode side by side
// within what one large one may hold. The same gate, one share per request, bounds how many
// upload bodies are read at once (upload-admission.ts).
import { AppError } from '../../http/errors.ts';

export const busy = () => new AppError(503, 'busy', 'The server is busy with other images. Please try again in a moment.', undefined, { 'Retry-After': '2' });

/** At most `capacity` in shares at once; up to `queue` more wait, in order; beyond that, 503. */
export class DecodeGate {
  private used = 0;
  private readonly waiting: Array<{ share: number; go: () => void }> = [];
  constructor(
    private readonly capacity: number,
    private readonly queue: number,
  ) {}

  /**
   * `share` of the capacity (more than all of it counts as all of it), once free; the function
   * returned frees it (calling it twice frees it once).
   */
  async acquire(share = 1): Promise<() => void> {
    const taken = Math.min(Math.max(share, 0), this.capacity);
    // None overtakes the first in line, so a large image is not starved by small ones.
    if (this.waiting.length > 0 || this.used + taken > this.capacity) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((go) => this.waiting.push({ share: taken, go }));
    } else {
      this.used += taken;
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.used -= taken;
      this.admit();
    };
  }

  async run<T>(fn: () => Promise<T>, share = 1): Promise<T> {
    const release = await this.acquire(share);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private admit(): void {
    for (let next = this.waiting[0]; next && this.used + next.share <= this.capacity; next = this.waiting[0]) {
      this.waiting.shift();
      this.used += next.share;
      next.go();
    }
  }
}
