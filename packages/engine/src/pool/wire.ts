// What crosses the pool's process boundary besides plain data: a progress listener cannot (it stays
// in the parent, the worker reports progress as messages), and a Buffer arrives as a Uint8Array.
type ProgressListener = (stage: string, fraction: number) => void;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The arguments without the first options object's `onProgress`, that listener and where it was. */
export function takeProgress<A extends unknown[]>(args: A): { args: A; onProgress?: ProgressListener; progressAt?: number } {
  const at = args.findIndex((a) => isPlainObject(a) && typeof a.onProgress === 'function');
  if (at < 0) return { args };
  const { onProgress, ...rest } = args[at] as { onProgress: ProgressListener };
  const sent = [...args] as A;
  sent[at] = rest;
  return { args: sent, onProgress, progressAt: at };
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

/** In the parent: a result's own byte fields (a swap's image and thumbnail) as Buffers, sharing their memory. */
export function resultBuffers<T>(r: T): T {
  if (!isPlainObject(r)) return r;
  const fields: Record<string, unknown> = r;
  for (const [k, v] of Object.entries(fields)) if (v instanceof Uint8Array) fields[k] = toBuffer(v);
  return r;
}
