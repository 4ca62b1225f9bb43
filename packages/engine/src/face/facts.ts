// What is judged once of a face in a photo and kept with the photo (see api/image-cache.ts): a bulk
// job's face photo, or a catalogue photo many swaps land on, is not judged again for every swap.
// Each special case declares its own kind of fact beside its stage (hands/find.ts, …).
import type { RgbImage } from '../core/image.ts';
import type { Face } from './face.ts';

/** One kind of fact, keyed by face index (or index and more, as its kind says). */
export interface FactKind<T> {
  name: string;
  /** Pixel bytes a value holds, counted against the image cache's limit (an image copy). */
  bytes?: (value: T) => number;
}

export function factKind<T>(name: string, bytes?: (value: T) => number): FactKind<T> {
  return { name, ...(bytes ? { bytes } : {}) };
}

/** The facts judged of one image's faces. */
export class ImageFacts {
  private readonly byKind = new Map<FactKind<unknown>, Map<string, unknown>>();

  private table<T>(kind: FactKind<T>): Map<string, T> {
    let t = this.byKind.get(kind as FactKind<unknown>);
    if (!t) this.byKind.set(kind as FactKind<unknown>, (t = new Map()));
    return t as Map<string, T>;
  }

  get<T>(kind: FactKind<T>, key: string | number): T | undefined {
    return this.table(kind).get(String(key));
  }

  has<T>(kind: FactKind<T>, key: string | number): boolean {
    return this.table(kind).has(String(key));
  }

  set<T>(kind: FactKind<T>, key: string | number, value: T): void {
    this.table(kind).set(String(key), value);
  }

  /** The fact, judged now unless it was before (a judged `null` counts; `undefined` does not). */
  once<T>(kind: FactKind<T>, key: string | number, judge: () => T): T {
    let v = this.get(kind, key);
    if (v === undefined) {
      v = judge();
      this.set(kind, key, v);
    }
    return v;
  }

  /** Pixel bytes the facts hold (see FactKind.bytes). */
  bytes(): number {
    let bytes = 0;
    for (const [kind, t] of this.byKind) if (kind.bytes) for (const v of t.values()) bytes += kind.bytes(v);
    return bytes;
  }
}

/** A decoded photo, its faces, and what was judged of them. */
export interface AnalysedImage {
  img: RgbImage;
  faces: Face[];
  facts: ImageFacts;
}
