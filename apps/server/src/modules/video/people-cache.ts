// The people found in a clip, kept a short while by account + SHA-256 of the clip, so the upload
// that follows "people in this clip" reads the chosen person's descriptor without looking again.
const TTL_MS = 15 * 60_000;
const MAX_ENTRIES = 200;

export class PeopleCache {
  private readonly entries = new Map<string, { at: number; descriptors: number[][] }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(uid: string, sha256: string): number[][] | null {
    const key = `${uid}:${sha256}`;
    const hit = this.entries.get(key);
    if (!hit || this.now() - hit.at > TTL_MS) {
      this.entries.delete(key);
      return null;
    }
    return hit.descriptors;
  }

  set(uid: string, sha256: string, descriptors: number[][]): void {
    const key = `${uid}:${sha256}`;
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), descriptors });
    // Oldest first in a Map: drop from the front.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
