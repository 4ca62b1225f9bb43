// Photos the content check allowed lately, by owner and content: the face photo a user swaps
// with again and again is classified once (each check is a model run, most of an upload's
// answer). Keyed by owner so that no one learns, from a faster answer, what others uploaded.
// Only allowed photos are kept: a refused one is classified, and refused, every time.
import { createHash } from 'node:crypto';

/** Enough for every photo of a few hundred recent uploads; each entry is a 32-byte digest. */
const MAX_ENTRIES = 2000;

export class AllowedPhotos {
  private readonly digests = new Set<string>();

  constructor(private readonly max = MAX_ENTRIES) {}

  /** The key of `owner`'s upload of exactly these bytes. */
  key(owner: string, bytes: Buffer): string {
    return createHash('sha256').update(owner).update('\0').update(bytes).digest('base64');
  }

  has(key: string): boolean {
    if (!this.digests.has(key)) return false;
    // Used again: it moves to the newest end, the oldest are dropped first.
    this.digests.delete(key);
    this.digests.add(key);
    return true;
  }

  add(key: string): void {
    this.digests.delete(key);
    this.digests.add(key);
    if (this.digests.size > this.max) this.digests.delete(this.digests.values().next().value!);
  }
}
