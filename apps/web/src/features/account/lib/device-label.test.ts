// The sessions list words a device in the page's language.
import { describe, expect, it } from 'vitest';
import { i18nWith } from '../../../test-i18n';
import { deviceLabel } from './device-label';

const i18n = await i18nWith('account');

const t = (lang: 'en' | 'fr') => i18n[lang].getFixedT(lang, 'account');

describe('deviceLabel', () => {
  it('says "on" in English and "sous" in French, names as they are', () => {
    expect(deviceLabel(t('en'), { browser: 'Chrome', system: 'Linux' })).toBe('Chrome on Linux');
    expect(deviceLabel(t('fr'), { browser: 'Chrome', system: 'Linux' })).toBe('Chrome sous Linux');
    expect(deviceLabel(t('fr'), { browser: 'Firefox', system: null })).toBe('Firefox');
    expect(deviceLabel(t('en'), { browser: null, system: null })).toBe('Unknown device');
    expect(deviceLabel(t('fr'), { browser: null, system: null })).toBe('Appareil inconnu');
  });
});
