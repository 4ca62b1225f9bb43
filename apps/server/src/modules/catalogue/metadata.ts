// Operator metadata (the `metadata` JSON string of an upload, or an edit's body) → stored
// columns. Any problem answers 400 naming the field, never a 5xx.
import { catalogueEdit, prosoccerMetadata, proshootMetadata, SOCCER_PLAYERS, type CatalogueKind } from '@visage/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { CatalogueRow } from './repository.ts';

export type StoredAttributes = Pick<
  CatalogueRow,
  'gender' | 'ethnicity' | 'age_range' | 'face_shape' | 'hair_type' | 'hair_length' | 'hair_color' | 'eyes_shape' | 'nose_shape' | 'lips_shape' | 'cheeks_shape' | 'player_id' | 'country' | 'club'
>;

/** Contract attribute name → column. */
export const COLUMN = {
  gender: 'gender', ethnicity: 'ethnicity', ageRange: 'age_range', faceShape: 'face_shape', hairType: 'hair_type', hairLength: 'hair_length',
  hairColor: 'hair_color', eyesShape: 'eyes_shape', noseShape: 'nose_shape', lipsShape: 'lips_shape', cheeksShape: 'cheeks_shape',
} as const;

export function fieldError(field: string, missing: boolean): AppError {
  return missing
    ? new AppError(400, 'missing_field', `${field} is required.`, { field })
    : new AppError(400, 'invalid_field', `${field} has a value that is not allowed.`, { field });
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const missing = !!value && typeof value === 'object' && !(key in value);
  const field = key ? `${prefix}${key}` : prefix.replace(/\.$/, '') || 'body';
  if (issue.code === 'unrecognized_keys') throw fieldError(`${prefix}${(issue as { keys: string[] }).keys[0]}`, false);
  throw fieldError(field, missing);
}

function toColumns(values: Record<string, string | undefined>): Partial<StoredAttributes> {
  const out: Partial<StoredAttributes> = {};
  for (const [key, column] of Object.entries(COLUMN)) if (values[key] !== undefined) out[column] = values[key];
  if (values.playerName !== undefined) out.player_id = SOCCER_PLAYERS.find((p) => p.name === values.playerName)!.id;
  if (values.country !== undefined) out.country = values.country;
  if (values.club !== undefined) out.club = values.club;
  return out;
}

/** The upload's `metadata` field (a JSON string). */
export function parseUploadMetadata(kind: CatalogueKind, raw: string | undefined): StoredAttributes {
  if (raw === undefined || raw === '') throw fieldError('metadata', true);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('metadata', false);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw fieldError('metadata', false);
  const parsed = kind === 'prosoccer' ? parseWith(prosoccerMetadata, value, 'metadata.') : parseWith(proshootMetadata, value, 'metadata.');
  return { player_id: null, country: null, club: null, ...toColumns(parsed as Record<string, string>) } as StoredAttributes;
}

/** An operator's edit (JSON body): only the fields given change. */
export function parseEdit(kind: CatalogueKind, body: unknown): Partial<StoredAttributes> {
  const parsed = parseWith(catalogueEdit, body ?? {}, '');
  if (kind === 'proshoot' && (parsed.playerName || parsed.country || parsed.club)) throw fieldError(parsed.playerName ? 'playerName' : parsed.country ? 'country' : 'club', false);
  return toColumns(parsed as Record<string, string>);
}
