// The Storage interface every adapter implements, and the rules for keys.
// Keys are always generated here (newStorageKey), never taken from a client's file name.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/** Bytes start..end of an object, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object read as a stream, for those too large to hold in memory whole (data exports). */
export interface StoredStream {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the whole object; a reader sees the old object or the new one, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Writes the file at `path` as the object, streamed; as atomic as put. Resolves to its size. */
  putFile(key: string, path: string, contentType: string): Promise<number>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /**
   * The object as a stream, or null when there is none under that key. With `range`, only bytes
   * start..end (inclusive, end clamped to the object); `size` is still the whole object's.
   */
  getStream(key: string, range?: ByteRange): Promise<StoredStream | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key under `prefix` (a folder such as `results/<uid>/`, or '' for all), in no set order. */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${why}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// A segment starts with a letter or digit, so '.', '..' and hidden names (used for
// the local adapter's temp and metadata folders) can never be addressed.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Throws InvalidStorageKeyError unless key is a relative path of safe segments. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidStorageKeyError(key, 'relative segment');
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key, 'only letters, digits, ".", "_" and "-" in non-empty segments');
  }
}

const PREFIX = /^[a-z0-9][a-z0-9_-]{0,31}(\/[a-z0-9][a-z0-9_-]{0,31}){0,3}$/;
const EXT = /^[a-z0-9]{1,8}$/;

/**
 * A fresh random key: `<prefix>/<2 hex>/<30 hex>.<ext>`. The two-character shard keeps
 * local folders small. 128 random bits, so keys are unguessable and never collide.
 */
export function newStorageKey(prefix: string, ext: string): string {
  if (!PREFIX.test(prefix)) throw new InvalidStorageKeyError(prefix, 'bad prefix');
  const e = ext.replace(/^\./, '').toLowerCase();
  if (!EXT.test(e)) throw new InvalidStorageKeyError(ext, 'bad extension');
  const id = randomBytes(16).toString('hex');
  return `${prefix}/${id.slice(0, 2)}/${id.slice(2)}.${e}`;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

/** The content type a key's extension implies; application/octet-stream when unknown. */
export function contentTypeForKey(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) ?? 'application/octet-stream';
}
