// The operator form's metadata: the admin enumerations (arab for ethnicity, darkBlonde added to
// hair colour), soccer's Player / Country / Club with gender preset to male.
import { ADMIN_VALUES, ATTRIBUTE_KEYS, SUGGESTED_KEYS, type AttributeSuggestion, type CatalogueKind, type SoccerPlayer } from '@visage/contracts';
import type { FilterKey } from './filters';

export type Metadata = Record<string, string>;

export function emptyMetadata(kind: CatalogueKind): Metadata {
  const base: Metadata = Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, '']));
  return kind === 'prosoccer' ? { ...base, gender: 'male', playerName: '', country: '', club: '' } : base;
}

export function metadataKeys(kind: CatalogueKind): FilterKey[] {
  return kind === 'prosoccer' ? ['playerName', 'country', 'club', ...ATTRIBUTE_KEYS] : [...ATTRIBUTE_KEYS];
}

export function metadataOptions(key: FilterKey, players: readonly SoccerPlayer[]): string[] {
  if (key === 'playerName') return players.map((p) => p.name);
  if (key === 'country') return [...new Set(players.map((p) => p.country))];
  if (key === 'club') return [...new Set(players.map((p) => p.club))];
  return [...ADMIN_VALUES[key]];
}

/** A field changes; choosing a player fills in their country and club. */
export function withField(meta: Metadata, key: string, value: string, players: readonly SoccerPlayer[]): Metadata {
  const next = { ...meta, [key]: value };
  if (key === 'playerName') {
    const player = players.find((p) => p.name === value);
    if (player) Object.assign(next, { country: player.country, club: player.club });
  }
  return next;
}

/** Suggestions pre-fill the form; soccer's gender preset stays unless a suggestion says otherwise. */
export function withSuggestion(meta: Metadata, s: AttributeSuggestion): Metadata {
  const next = { ...meta };
  for (const key of SUGGESTED_KEYS) if (s[key]) next[key] = s[key];
  return next;
}
