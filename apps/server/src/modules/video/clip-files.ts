// A stored clip as a local file for ffmpeg, per process: fetched once and shared by the jobs of
// one swap that run here (its segments follow each other), removed a while after the last one.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../infra/storage/index.ts';

const KEEP_MS = 60_000;

interface Held {
  path: Promise<string>;
  dir: Promise<string>;
  refs: number;
  timer?: NodeJS.Timeout;
}

export class ClipFiles {
  private readonly held = new Map<string, Held>();

  constructor(private readonly storage: Pick<Storage, 'getStream'>) {}

  /** The object at `key` as a local file; call release() when done with it. Null when it is not stored. */
  async acquire(key: string): Promise<{ path: string; release(): void } | null> {
    let held = this.held.get(key);
    if (!held) {
      const dir = mkdtemp(join(tmpdir(), 'visage-clip-'));
      held = { dir, path: dir.then((d) => this.fetch(key, join(d, 'clip'))), refs: 0 };
      this.held.set(key, held);
    }
    clearTimeout(held.timer);
    held.refs += 1;
    const entry = held;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs === 0) {
        entry.timer = setTimeout(() => void this.drop(key, entry), KEEP_MS);
        entry.timer.unref();
      }
    };
    try {
      return { path: await entry.path, release };
    } catch (err) {
      release();
      await this.drop(key, entry);
      if (err instanceof Missing) return null;
      throw err;
    }
  }

  /** Removes every file held (process shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.held.entries()].map(([key, held]) => this.drop(key, held)));
  }

  private async fetch(key: string, path: string): Promise<string> {
    const stored = await this.storage.getStream(key);
    if (!stored) throw new Missing();
    await pipeline(stored.stream, createWriteStream(path, { mode: 0o600 }));
    return path;
  }

  private async drop(key: string, held: Held): Promise<void> {
    if (this.held.get(key) !== held || held.refs > 0) return;
    this.held.delete(key);
    clearTimeout(held.timer);
    await rm(await held.dir, { recursive: true, force: true });
  }
}

class Missing extends Error {}
