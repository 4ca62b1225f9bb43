// The swap browser asks for page after page of one list (and polls it while a bulk runs). Each
// user's ordered ids (per face filter) are read once and kept for a moment, so a page and its
// total cost a slice, not an OFFSET walk plus a COUNT over thousands of rows. Writes made here
// drop the user's entries at once; the short TTL bounds how late a swap finished elsewhere (a
// job, another process) shows up. Concurrent misses share one read.
export class IdListCache {
  private readonly entries = new Map<string, { ids: Promise<string[]>; at: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(uid: string, faceId: string | undefined, load: () => Promise<string[]>): Promise<string[]> {
    const key = `${uid}\u0000${faceId ?? ''}`;
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.ids;
    const ids = load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ids, at: this.now() });
    // A failed read is not kept.
    ids.catch(() => this.entries.get(key)?.ids === ids && this.entries.delete(key));
    return ids;
  }

  invalidate(uid: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${uid}\u0000`)) this.entries.delete(key);
  }
}
