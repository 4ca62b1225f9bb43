import { describe, expect, it } from 'vitest';
import { ImageCache, type ImageEntry } from './image-cache.ts';
import type { Face } from '../face/face.ts';
import { ImageFacts } from '../face/facts.ts';
import { REDUCED } from '../face/reduce-face.ts';

const entry = (bytes: number): ImageEntry => ({ img: { data: new Uint8Array(bytes), width: bytes / 3, height: 1 }, faces: [], facts: new ImageFacts() });

describe('image cache', () => {
  it('drops the least recently used images beyond its limit, keeping the two newest', () => {
    const cache = new ImageCache(100);
    cache.remember('a', entry(48));
    cache.remember('b', entry(48));
    cache.remember('c', entry(48));
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b') && cache.has('c')).toBe(true);
    // Used again, b becomes the most recent: c goes next.
    cache.remember('b', cache.get('b')!);
    cache.remember('d', entry(30));
    expect([cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true]);
  });

  it('counts the reduced copies of a face against its limit', () => {
    const cache = new ImageCache(100);
    const a = entry(30);
    cache.remember('a', a);
    cache.remember('b', entry(30));
    cache.remember('c', entry(30));
    expect(cache.bytes()).toBe(90);
    // A reduced copy grows the newest entry past the limit: the oldest image goes.
    const face = {} as Face;
    cache.get('c')!.facts.set(REDUCED, '0:2', { img: { data: new Uint8Array(21), width: 7, height: 1 }, face });
    cache.trim();
    expect(cache.has('a')).toBe(false);
    expect(cache.bytes()).toBe(81);
  });
});
