import { describe, expect, it } from 'vitest';
import { detectLanguage, initialLanguage, LANGUAGE_STORAGE_KEY, primaryLanguageCode, rememberLanguage } from './language';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('language detection', () => {
  it('takes the primary language code of the browser language', () => {
    expect(primaryLanguageCode('fr-FR')).toBe('fr');
    expect(primaryLanguageCode('fr_CA')).toBe('fr');
    expect(primaryLanguageCode('EN-us')).toBe('en');
    expect(primaryLanguageCode('')).toBe('');
  });

  it('maps French browsers to fr and everything else to en', () => {
    expect(detectLanguage('fr-FR')).toBe('fr');
    expect(detectLanguage('fr')).toBe('fr');
    expect(detectLanguage('FR-be')).toBe('fr');
    expect(detectLanguage('en-GB')).toBe('en');
    expect(detectLanguage('de-DE')).toBe('en');
    expect(detectLanguage('frr')).toBe('en');
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
    expect(detectLanguage(null)).toBe('en');
  });

  it('prefers a language chosen earlier on this device, if supported', () => {
    expect(initialLanguage({ navigator: { language: 'en-US' }, storage: storage('fr') })).toBe('fr');
    expect(initialLanguage({ navigator: { language: 'fr-FR' }, storage: storage('en') })).toBe('en');
    expect(initialLanguage({ navigator: { language: 'fr-FR' }, storage: storage('xx') })).toBe('fr');
    expect(initialLanguage({ navigator: { language: 'fr-FR' }, storage: storage(null) })).toBe('fr');
    expect(initialLanguage({ navigator: { language: 'es-ES' } })).toBe('en');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialLanguage({ navigator: { language: 'fr-FR' }, storage: broken })).toBe('fr');
    expect(() => rememberLanguage('fr', broken)).not.toThrow();
  });

  it('remembers a choice', () => {
    const saved = new Map<string, string>();
    rememberLanguage('fr', { setItem: (k, v) => void saved.set(k, v) });
    expect(saved.get(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});
