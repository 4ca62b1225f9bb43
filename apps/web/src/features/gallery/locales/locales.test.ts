import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('gallery locales', () => {
  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('name the viewer link as the spec does', () => {
    expect(en.viewer.open).toBe('Open in the web browser');
  });
});
