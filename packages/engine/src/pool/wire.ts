// What crosses the pool's process boundary besides plain data: a listener cannot (it stays in the
// parent, the worker reports each call as a message), and a Buffer arrives as a Uint8Array.

/** The options' listeners: a swap's progress, and detection's faces found before their eyes are read. */
export const LISTENERS = ['onProgress', 'onFaces'] as const;
export type ListenerName = (typeof LISTENERS)[number];
export type Listener = (...args: never[]) => void;
export type Listeners = Partial<Record<ListenerName, Listener>>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const listenersIn = (v: Record<string, unknown>) => LISTENERS.filter((name) => typeof v[name] === 'function');

/** The arguments without the first options object's listeners, those listeners and where they were. */
export function takeListeners<A extends unknown[]>(args: A): { args: A; listeners?: Listeners; listenersAt?: number } {
  const at = args.findIndex((a) => isPlainObject(a) && listenersIn(a).length > 0);
  if (at < 0) return { args };
  const rest = { ...(args[at] as Record<string, unknown>) };
  const listeners: Listeners = {};
  for (const name of listenersIn(rest)) {
    listeners[name] = rest[name] as Listener;
    delete rest[name];
  }
  const sent = [...args] as A;
  sent[at] = rest;
  return { args: sent, listeners, listenersAt: at };
}

/** In the worker: every Uint8Array of the arguments (a Buffer sent) as a Buffer of its own again. */
export function reviveBuffers<T>(v: T): T {
  if (v instanceof Uint8Array) return (Buffer.isBuffer(v) ? v : Buffer.from(v)) as T;
  if (Array.isArray(v)) return v.map(reviveBuffers) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reviveBuffers(x)])) as T;
  return v;
}

function toBuffer(v: Uint8Array): Buffer {
  return Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * In the parent: a result's byte fields as Buffers sharing their memory, nested ones included (a
 * swap's image and thumbnail, each frame patch's pixels, each person's thumbnail).
 */
export function resultBuffers<T>(r: T): T {
  if (Array.isArray(r)) {
    for (let i = 0; i < r.length; i++) r[i] = r[i] instanceof Uint8Array ? toBuffer(r[i]) : resultBuffers(r[i]);
    return r;
  }
  if (!isPlainObject(r)) return r;
  const fields: Record<string, unknown> = r;
  for (const [k, v] of Object.entries(fields)) fields[k] = v instanceof Uint8Array ? toBuffer(v) : resultBuffers(v);
  return r;
}

/**
 * Byte arrays from this size (a video frame: 2.7 MB at 720p) go to the worker through a file in
 * memory (/dev/shm) rather than the IPC pipe: a chunk of 12 720p frames took ~1.2 s through the pipe
 * (written and read in 64 kB pieces, each side copying), against ~0.3 s through a file the worker
 * reads into memory it keeps from one task to the next.
 */
export const SPILL_MIN_BYTES = 1 << 20;
const SPILLED = '__visageSpilled';
type Spilled = { [SPILLED]: [number, number] };

/** In the parent: the value with each large byte array replaced by where `put` wrote it (offset, length). */
export function spillBuffers<T>(v: T, put: (bytes: Uint8Array) => number): T {
  if (v instanceof Uint8Array) return (v.byteLength >= SPILL_MIN_BYTES ? { [SPILLED]: [put(v), v.byteLength] } : v) as T;
  if (Array.isArray(v)) return v.map((x) => spillBuffers(x, put)) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, spillBuffers(x, put)])) as T;
  return v;
}

/** In the worker: each spilled array back, as a Buffer over the bytes read from the file. */
export function unspillBuffers<T>(v: T, bytes: Buffer): T {
  if (isPlainObject(v) && Array.isArray(v[SPILLED])) {
    const [offset, length] = (v as unknown as Spilled)[SPILLED];
    return bytes.subarray(offset, offset + length) as T;
  }
  if (Array.isArray(v)) return v.map((x) => unspillBuffers(x, bytes)) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unspillBuffers(x, bytes)])) as T;
  return v;
}
