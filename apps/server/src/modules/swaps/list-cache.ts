// Gallery lists are read far more often than they change (every open tab polls), so each
// user's serialized list is kept for a moment. Writes made by this process drop the entry at
// once; the short TTL bounds how stale a list can be when another process (a separate worker)
// finished a swap. The job-events stream also drops it when it sees a swap end.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedList {
  body: string;
  etag: string;
  /** The body gzipped once for every reader that accepts it: 200 items are ~60 KB of JSON, ~8 times less gzipped. */
  gzip: Buffer;
}

export class SwapListCache {
  private readonly entries = new Map<string, CachedList & { at: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(uid: string, variant: string, load: () => Promise<unknown>): Promise<CachedList> {
    const key = `${uid}\u0000${variant}`;
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const body = JSON.stringify(await load());
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzip: gzipSync(body, { level: 6 }), at: this.now() };
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    return entry;
  }

  invalidate(uid: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${uid}\u0000`)) this.entries.delete(key);
  }
}
