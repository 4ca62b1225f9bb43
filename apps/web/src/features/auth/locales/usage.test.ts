import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';

// The plan line said "1 image swaps": the count picks the singular or the plural.
describe('plan line usage', () => {
  it('is singular for one swap and plural otherwise, in English and French', () => {
    const en = createI18n('en');
    expect(en.t('auth:account.usage', { count: 1, date: 'D' })).toBe('1 image swap this month · resets on D');
    expect(en.t('auth:account.usage', { count: 0, date: 'D' })).toBe('0 image swaps this month · resets on D');
    const fr = createI18n('fr');
    expect(fr.t('auth:account.usage', { count: 1, date: 'D' })).toBe('1 échange d’image ce mois-ci · remise à zéro le D');
    expect(fr.t('auth:account.usage', { count: 2, date: 'D' })).toBe('2 échanges d’images ce mois-ci · remise à zéro le D');
  });
});
