// Every value a catalogue select or list shows has a label of its own in English and French: no
// raw key ('veryShort') in English, no English word left in French.
import { describe, expect, it } from 'vitest';
import { ADMIN_VALUES, ATTRIBUTE_KEYS, ATTRIBUTE_VALUES, SOCCER_CLUBS, SOCCER_COUNTRIES } from '@visage/contracts';
import { i18nWith } from '../../../test-i18n';
import { valueLabel } from './labels';
import type { FilterKey } from './filters';

// Written the same in both languages: age ranges, and the countries French spells as English does.
const SAME_IN_BOTH = new Set(['18-25', '26-35', '36-45', '46-55', '56+', 'France', 'Portugal']);

const { en, fr } = await i18nWith('catalogue');
const label = (lang: typeof en, key: FilterKey, value: string) => valueLabel(lang.getFixedT(lang.language, 'catalogue'), key, value);

/** Every option of every select: filter and operator values per attribute, countries, clubs. */
const OPTIONS: Array<[FilterKey, string]> = [
  ...ATTRIBUTE_KEYS.flatMap((k) => [...new Set([...ATTRIBUTE_VALUES[k], ...ADMIN_VALUES[k]])].map((v): [FilterKey, string] => [k, v])),
  ...SOCCER_COUNTRIES.map((v): [FilterKey, string] => ['country', v]),
];

describe('catalogue value labels', () => {
  it.each(OPTIONS)('%s %s has its own English and French label', (key, value) => {
    const ns = key === 'country' ? `countries.${value}` : `values.${key}.${value}`;
    expect(en.exists(ns, { ns: 'catalogue', lng: 'en', fallbackLng: false })).toBe(true);
    expect(fr.exists(ns, { ns: 'catalogue', lng: 'fr', fallbackLng: false })).toBe(true);
    const english = label(en, key, value), french = label(fr, key, value);
    expect(english, 'no raw camelCase key').not.toMatch(/[a-z][A-Z]/);
    if (!SAME_IN_BOTH.has(value)) expect(french).not.toBe(english);
  });

  it('shows clubs as their names, but translates "Retired"', () => {
    expect(label(fr, 'club', 'Retired')).toBe('Retraité');
    for (const club of SOCCER_CLUBS.filter((c) => c !== 'Retired')) expect(label(fr, 'club', club)).toBe(club);
  });

  it('makes French values agree with the attribute they describe', () => {
    expect(label(fr, 'eyesShape', 'round')).toBe('ronds');
    expect(label(fr, 'lipsShape', 'round')).toBe('rondes');
    expect(label(fr, 'cheeksShape', 'long')).toBe('allongées');
    expect(label(fr, 'noseShape', 'straight')).toBe('droit');
    expect(label(fr, 'hairColor', 'white')).toBe('blancs');
  });
});
