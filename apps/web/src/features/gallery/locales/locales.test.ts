import { describe, expect, it } from 'vitest';
import en from './en.json';

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('gallery locales', () => {
  it('name the viewer link as the spec does', () => {
    expect(en.viewer.open).toBe('Open in the web browser');
  });
});
