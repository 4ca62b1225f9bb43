// Typed arrays kept from one swap to the next. A swap allocated ~27 MB of arrays of 64 KB or more,
// and V8 runs a full collection each time some 64 MB of array memory has been allocated since the
// last one: in a pool worker, one every ~2.3 swaps. Only for arrays that never outlive a synchronous
// stretch of code (a swap's own steps run without awaiting), so no two users hold one at once.

type Reusable = Float32Array | Uint8Array | Int16Array;

export class Scratch<T extends Reusable> {
  private buf: T;

  /** `kind`: the typed array's constructor (Float32Array, …). */
  constructor(private readonly kind: new (n: number) => T) {
    this.buf = new kind(0);
  }

  /** A view of `n` elements. Its contents are what the last user left: fill it where that matters. */
  take(n: number): T {
    if (this.buf.length < n) this.buf = new this.kind(n);
    return this.buf.subarray(0, n) as T;
  }
}
