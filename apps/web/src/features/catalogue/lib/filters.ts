// The modal's filters (/app/proshoot, /app/prosoccer): each attribute with an empty "all"
// option, combined with AND; soccer adds Player, Country and Club and presets gender to male.
import { ATTRIBUTE_KEYS, ATTRIBUTE_VALUES, type CatalogueEntry, type CatalogueKind, type SoccerPlayer } from '@visage/contracts';

export type FilterKey = (typeof ATTRIBUTE_KEYS)[number] | 'playerName' | 'country' | 'club';
export type Filters = Partial<Record<FilterKey, string>>;

export function filterKeys(kind: CatalogueKind): FilterKey[] {
  return kind === 'prosoccer' ? ['playerName', 'country', 'club', ...ATTRIBUTE_KEYS] : [...ATTRIBUTE_KEYS];
}

export function initialFilters(kind: CatalogueKind): Filters {
  return kind === 'prosoccer' ? { gender: 'male' } : {};
}

/** The options of one filter: the attribute's listed values (contracts), or the player list's names, countries and clubs. */
export function filterOptions(key: FilterKey, players: readonly SoccerPlayer[]): string[] {
  if (key === 'playerName') return players.map((p) => p.name);
  if (key === 'country') return [...new Set(players.map((p) => p.country))];
  if (key === 'club') return [...new Set(players.map((p) => p.club))];
  return [...ATTRIBUTE_VALUES[key]];
}

/** Entries matching every filter set (an empty value matches all). */
export function applyFilters(entries: readonly CatalogueEntry[], filters: Filters): CatalogueEntry[] {
  const wanted = Object.entries(filters).filter(([, v]) => v) as Array<[FilterKey, string]>;
  if (wanted.length === 0) return [...entries];
  return entries.filter((e) => wanted.every(([k, v]) => (e as Record<string, unknown>)[k] === v));
}
