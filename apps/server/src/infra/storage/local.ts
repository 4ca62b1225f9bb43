// Local-directory storage. Every write goes to a temp file in the same file system,
// is flushed, then renamed into place, so readers never see a half-written object.
// The content type lives in a small sidecar under .meta/ (hidden names cannot be keys).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertValidKey, contentTypeForKey, type ByteRange, type Storage, type StoredObject, type StoredStream } from './storage.ts';

const TMP = '.tmp';
const META = '.meta';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.writeWithMeta(key, contentType, bufferInto(body));
  }

  async putFile(key: string, path: string, contentType: string): Promise<number> {
    assertValidKey(key);
    const { size } = await stat(path);
    await this.writeWithMeta(key, contentType, copyInto(path));
    return size;
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    let body: Buffer;
    try {
      body = await readFile(this.path(key));
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    return { body, contentType: await this.contentType(key), size: body.length };
  }

  async getStream(key: string, range?: ByteRange): Promise<StoredStream | null> {
    assertValidKey(key);
    let fh;
    try {
      fh = await open(this.path(key), 'r');
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    // Opened first, so a delete meanwhile cannot cut the stream short.
    try {
      const st = await fh.stat();
      const part = range ? { start: range.start, end: Math.min(range.end, st.size - 1) } : {};
      if (st.isFile()) return { stream: fh.createReadStream(part), contentType: await this.contentType(key), size: st.size };
    } catch (err) {
      await fh.close();
      throw err;
    }
    await fh.close();
    return null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await rm(this.path(key), { force: true });
    await rm(this.metaPath(key), { force: true });
    // Folders are named after their owner (uploads/<uid>/): drop the ones left empty.
    await this.pruneEmpty(dirname(this.path(key)));
    await this.pruneEmpty(dirname(this.metaPath(key)));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else keys.push(relative(this.root, full).split(sep).join('/'));
      }
    };
    const folder = prefix.replace(/[^/]*$/, '');
    await walk(join(this.root, folder));
    return keys.filter((k) => k.startsWith(prefix));
  }

  private async pruneEmpty(dir: string): Promise<void> {
    for (let d = dir; d.startsWith(this.root + sep) && d !== join(this.root, META); d = dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      return (await stat(this.path(key))).isFile();
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async close(): Promise<void> {}

  private path(key: string): string {
    return join(this.root, key);
  }

  /**
   * The sidecar and the object are written and flushed side by side (two flushes in the time of
   * one), then moved into place sidecar first: whoever sees the object sees its content type.
   */
  private async writeWithMeta(key: string, contentType: string, fill: (tmp: string) => Promise<void>): Promise<void> {
    const staged = await Promise.allSettled([this.stage(bufferInto(Buffer.from(JSON.stringify({ contentType })))), this.stage(fill)]);
    const [meta, object] = staged.map((r) => (r.status === 'fulfilled' ? r.value : null));
    try {
      const failed = staged.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      await this.commit(meta!, this.metaPath(key));
      await this.commit(object!, this.path(key));
    } catch (err) {
      await Promise.all([meta, object].map((tmp) => tmp && unlink(tmp).catch(() => undefined)));
      throw err;
    }
  }

  private metaPath(key: string): string {
    return join(this.root, META, `${key}.json`);
  }

  private async contentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string' && meta.contentType) return meta.contentType;
    } catch (err) {
      if (!isNotFound(err) && !(err instanceof SyntaxError)) throw err;
    }
    return contentTypeForKey(key);
  }

  /** A new temp file filled (and flushed) by `fill`; removed again if that fails. */
  private async stage(fill: (tmp: string) => Promise<void>): Promise<string> {
    const tmpDir = join(this.root, TMP);
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await fill(tmp);
      return tmp;
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  /** Moves a staged temp file into place at `target`. */
  private async commit(tmp: string, target: string): Promise<void> {
    // A delete may remove the target's folder the moment it empties (pruneEmpty): make it again and retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await rename(tmp, target);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 10) throw err;
      }
    }
  }
}

/** Writes `body` to a new temp file and flushes it. */
function bufferInto(body: Buffer): (tmp: string) => Promise<void> {
  return async (tmp) => {
    const fh = await open(tmp, 'wx', 0o640);
    try {
      await fh.writeFile(body);
      await fh.sync();
    } finally {
      await fh.close();
    }
  };
}

/** Copies the file at `src` to a new temp file (the kernel streams it) and flushes it. */
function copyInto(src: string): (tmp: string) => Promise<void> {
  return async (tmp) => {
    await copyFile(src, tmp, constants.COPYFILE_EXCL);
    await chmod(tmp, 0o640);
    const fh = await open(tmp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  };
}

function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  // EISDIR: a key that names a folder of other keys holds no object itself.
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
