// What a catalogue value shows as, in the page's language: attribute values by attribute (so
// French adjectives agree with "yeux", "lèvres", …), countries by name; player names and clubs are
// proper names and show as they are, except 'Retired', which is a word.
import type { TFunction } from 'i18next';
import type { FilterKey } from './filters';

export function valueLabel(t: TFunction<'catalogue'>, key: FilterKey, value: string): string {
  if (key === 'playerName') return value;
  if (key === 'country') return t(`countries.${value}`, { defaultValue: value });
  if (key === 'club') return t(`clubs.${value}`, { defaultValue: value });
  return t(`values.${key}.${value}`, { defaultValue: value });
}
