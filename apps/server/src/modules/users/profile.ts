// Pure helpers for the profile fields: names, reset dates and the stored row → API shape.
import type { MeResponse, UserProfile } from '@visage/contracts';
import type { UsersTable } from '../../infra/db/schema.ts';
import { allowanceOf, effectivePlan, planStatusOf } from '../billing/plan.ts';

/** Served by users/routes.ts; every new e-mail account starts with it. */
export const DEFAULT_AVATAR_PATH = '/app/api/avatars/default.svg';

/**
 * 'jean-luc  DE la fontaine' → 'Jean-Luc De La Fontaine': capitalised word by word, each part of a
 * hyphenated name a word (French compound first names), spaces collapsed.
 */
export function capitalizeWords(value: string): string {
  const word = (w: string) => w.charAt(0).toLocaleUpperCase() + w.slice(1).toLocaleLowerCase();
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.split('-').map(word).join('-'))
    .join(' ');
}

/** Provider display name split at the first space: 'Ada King Lovelace' → ['Ada', 'King Lovelace']. */
export function splitAtFirstSpace(name: string): [string, string] {
  const trimmed = name.trim();
  const i = trimmed.indexOf(' ');
  return i < 0 ? [trimmed, ''] : [trimmed.slice(0, i), trimmed.slice(i + 1).trim()];
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** First day of the calendar month after `now` (UTC), as 'YYYY-MM-DD'. */
export function nextResetDate(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toISOString().slice(0, 10);
}

/** Today as 'YYYY-MM-DD' (UTC); compares correctly with resetDate as text. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function toProfile(row: UsersTable, now = Date.now()): UserProfile {
  return {
    createdAt: row.created_at,
    uid: row.uid,
    pic: row.pic,
    nom: row.nom,
    prenom: row.prenom,
    gender: row.gender,
    birthday: row.birthday,
    pays: row.pays,
    ville: row.ville,
    email: row.email,
    emailVerified: row.email_verified === 1,
    ip: row.ip,
    // The plan in force now (a cancelled plan ends with its period, a failed payment suspends it).
    subscription: effectivePlan(row, now),
    customerId: row.customer_id,
  };
}

export function toMe(row: UsersTable, now = Date.now()): MeResponse {
  // The limit shown is the one the allowance applies: none for operators, whatever their plan.
  const limit = allowanceOf(row, now);
  return {
    uid: row.uid,
    role: row.role,
    profile: toProfile(row, now),
    usage: row.usage,
    resetDate: row.reset_date,
    swapsLeft: limit === null ? null : Math.max(0, limit - row.usage),
    colorScheme: row.color_scheme,
    billing: { ...planStatusOf(row, now), limit },
  };
}
