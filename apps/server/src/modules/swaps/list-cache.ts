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

interface Entry extends CachedList {
  at: number;
}

export class SwapListCache {
  private readonly entries = new Map<string, Entry>();
  // One load per list at a time: when an entry expires, every request that arrives while it
  // reloads waits for that load instead of starting its own (50 pollers made 50 loads).
  private readonly loading = new Map<string, Promise<Entry>>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(uid: string, variant: string, load: () => Promise<unknown>): Promise<CachedList> {
    const key = `${uid}\u0000${variant}`;
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    // Stored only while it is still this key's load: invalidate() drops a load begun before a change.
    const current = (): boolean => this.loading.get(key) === started;
    const started: Promise<Entry> = load().then(
      (value) => {
        const entry = this.serialize(value, hit);
        if (current()) {
          this.loading.delete(key);
          this.store(key, entry);
        }
        return entry;
      },
      (err: unknown) => {
        if (current()) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, started);
    return started;
  }

  invalidate(uid: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${uid}\u0000`)) this.entries.delete(key);
    // A load begun before the change may have read the old rows: the next request starts anew.
    for (const key of this.loading.keys()) if (key.startsWith(`${uid}\u0000`)) this.loading.delete(key);
  }

  /** An expired list that did not change keeps its ETag and compressed copy, most of a reload's cost. */
  private serialize(value: unknown, previous: Entry | undefined): Entry {
    const body = JSON.stringify(value);
    if (previous?.body === body) return { ...previous, at: this.now() };
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzip: gzipSync(body, { level: 6 }), at: this.now() };
  }

  private store(key: string, entry: Entry): void {
    // Re-inserted, so the oldest entry is the first one dropped.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }
}
