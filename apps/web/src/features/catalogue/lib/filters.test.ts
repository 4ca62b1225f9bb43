import { describe, expect, it } from 'vitest';
import { SOCCER_PLAYERS, type CatalogueEntry } from '@visage/contracts';
import { applyFilters, filterKeys, filterOptions, initialFilters } from './filters';

const entry = (id: string, attrs: Partial<CatalogueEntry>): CatalogueEntry => ({
  id, url: `/u/${id}`, thumbUrl: `/t/${id}`, createdAt: 0, gender: '', ethnicity: '', ageRange: '', faceShape: '', hairType: '', hairLength: '',
  hairColor: '', eyesShape: '', noseShape: '', lipsShape: '', cheeksShape: '', ...attrs,
});

describe('catalogue filters', () => {
  const entries = [
    entry('a', { gender: 'female', hairColor: 'red' }),
    entry('b', { gender: 'female', hairColor: 'brown' }),
    entry('c', { gender: 'male', hairColor: 'red', playerName: 'Lionel Messi', club: 'Inter Miami' }),
  ];

  it('combines filters with AND, an empty value matching all', () => {
    expect(applyFilters(entries, {}).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(applyFilters(entries, { gender: 'female', hairColor: '' }).map((e) => e.id)).toEqual(['a', 'b']);
    expect(applyFilters(entries, { gender: 'female', hairColor: 'red' }).map((e) => e.id)).toEqual(['a']);
    expect(applyFilters(entries, { gender: 'male', hairColor: 'brown' })).toEqual([]);
    expect(applyFilters(entries, { playerName: 'Lionel Messi' }).map((e) => e.id)).toEqual(['c']);
  });

  it('has the eleven filters, plus Player, Country and Club with gender preset to male for soccer', () => {
    expect(filterKeys('proshoot')).toHaveLength(11);
    expect(filterKeys('prosoccer').slice(0, 3)).toEqual(['playerName', 'country', 'club']);
    expect(initialFilters('prosoccer')).toEqual({ gender: 'male' });
    expect(initialFilters('proshoot')).toEqual({});
    expect(filterOptions('club', SOCCER_PLAYERS)).toContain('Retired');
    expect(filterOptions('hairLength', SOCCER_PLAYERS)[0]).toBe('bald');
  });
});
