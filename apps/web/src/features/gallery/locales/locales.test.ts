import { describe, expect, it } from 'vitest';
import { SWAP_WARNINGS } from '@visage/contracts';
import en from './en.json';
import videoEn from './video/en.json';
import videoFr from './video/fr.json';

/** Every key path of a locale object. */
const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'object' && inner !== null ? keysOf(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('gallery locales', () => {
  it('name the viewer link as the product does', () => {
    expect(en.viewer.open).toBe('Open in the web browser');
  });

  it('word every warning a swap may carry (the list is defined once, in contracts), and no other', () => {
    expect(Object.keys(en.viewer.warning).sort()).toEqual([...SWAP_WARNINGS].sort());
  });

  it('has the texts of the video player (loaded with it) in both languages, with the same keys', () => {
    expect(keysOf(videoFr).sort()).toEqual(keysOf(videoEn).sort());
    expect(keysOf(videoEn)).toContain('viewer.video.originalGone');
  });
});
