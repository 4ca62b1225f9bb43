import { describe, expect, it } from 'vitest';
import { SWAP_WARNINGS } from '@visage/contracts';
import en from './en.json';

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('gallery locales', () => {
  it('name the viewer link as the product does', () => {
    expect(en.viewer.open).toBe('Open in the web browser');
  });

  it('word every warning a swap may carry (the list is defined once, in contracts), and no other', () => {
    expect(Object.keys(en.viewer.warning).sort()).toEqual([...SWAP_WARNINGS].sort());
  });
});
