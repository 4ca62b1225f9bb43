// A photo's attribute suggestions (the engine's description of its face), as the operator form
// receives them and as demo seeding fills the attributes its manifest leaves empty.
import { SUGGESTED_KEYS, type AttributeSuggestion, type SuggestedKey } from '@visage/contracts';
import type { FaceDescription } from '@visage/engine';
import { COLUMN, type StoredAttributes } from './metadata.ts';

export function suggestionOf(d: FaceDescription): AttributeSuggestion {
  return Object.fromEntries(SUGGESTED_KEYS.map((k) => [k, d[k]])) as AttributeSuggestion;
}

/** The suggested attributes `attrs` leaves empty. */
export function emptySuggestedKeys(attrs: Partial<StoredAttributes>): SuggestedKey[] {
  return SUGGESTED_KEYS.filter((k) => !attrs[COLUMN[k]]);
}

/** The columns still empty in `attrs`, with the value suggested for each; a value already set is never replaced. */
export function emptyColumnsFilled(attrs: Partial<StoredAttributes>, d: FaceDescription): Partial<StoredAttributes> {
  return Object.fromEntries(emptySuggestedKeys(attrs).map((k) => [COLUMN[k], d[k]]));
}
