// The data export's ZIP, streamed: each stored file is read as a stream into the archive, which
// goes to a temp file and is then stored from it. No photo or archive is ever whole in memory (a
// gallery of thousands of photos is gigabytes), and past 4 GB the archive turns ZIP64 (yazl).
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Storage } from '../../infra/storage/index.ts';

const TEMP_PREFIX = 'visage-export-';
/** A temp folder older than this belongs to a build whose process died (a forced exit at shutdown). */
export const STALE_TEMP_MS = 24 * 3600_000;

export interface ZipContents {
  /** data.json's bytes (deflated in the archive). */
  data: Buffer;
  /** Storage keys copied under files/<key> as they are (images are compressed already); missing ones are left out. */
  keys: readonly string[];
}

/** Builds the archive and stores it under `key`; resolves to its size. `onFile` follows the files copied. */
export async function storeZip(storage: Storage, key: string, contents: ZipContents, onFile: (done: number) => Promise<void>): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), TEMP_PREFIX));
  try {
    const path = join(dir, 'export.zip');
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(path, { mode: 0o600 }));
    // Ends before every entry is in only when writing failed: this rejects with why.
    const cut = written.then(() => { throw new Error('the archive ended before its last file'); });
    cut.catch(() => undefined);
    zip.addBuffer(contents.data, 'data.json');
    let done = 0;
    for (const k of contents.keys) {
      const file = await storage.getStream(k);
      if (file) {
        zip.addReadStream(file.stream, `files/${k}`, { compress: false, size: file.size });
        // One file open at a time: the next is opened once this one is in the archive.
        await Promise.race([finished(file.stream), cut]);
      }
      await onFile((done += 1));
    }
    zip.end();
    await written;
    return await storage.putFile(key, path, 'application/zip');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes archive temp folders left by builds that died; returns how many. */
export async function removeStaleTemp(now: number, root = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(root, name);
    const st = await stat(path).catch(() => null);
    if (!st?.isDirectory() || now - st.mtimeMs < STALE_TEMP_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
