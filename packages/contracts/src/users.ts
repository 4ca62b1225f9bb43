import { z } from 'zod';
import { planStatus } from './billing.ts';
import { COLOR_SCHEMES } from './constants.ts';

/** Account roles: operators may act on other users' data; admins also manage accounts. */
export const role = z.enum(['user', 'operator', 'admin']);
export type Role = z.infer<typeof role>;

/** Light or dark pages, or 'system': whichever the device's own setting (prefers-color-scheme) says. */
export const colorScheme = z.enum(COLOR_SCHEMES);
export type ColorScheme = z.infer<typeof colorScheme>;

/** users/{uid}/personaldata: the stored profile, field for field, under its stored names. */
export const userProfile = z.object({
  createdAt: z.number().int(),
  uid: z.string(),
  pic: z.string(),
  /** First name (the stored field's name). */
  nom: z.string(),
  /** Last name (the stored field's name). */
  prenom: z.string(),
  gender: z.string(),
  birthday: z.string(),
  pays: z.string(),
  ville: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  ip: z.string(),
  subscription: z.string(),
  customerId: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /app/api/me: the signed-in caller with profile, usage counter and reset date. */
export const meResponse = z.object({
  uid: z.string(),
  role,
  profile: userProfile,
  /** Image swaps counted in the current period (users/{uid}/usage). */
  usage: z.number().int().min(0),
  /** First day of the next period, 'YYYY-MM-DD' (users/{uid}/resetDate). */
  resetDate: z.string(),
  /** Image swaps the caller may still start this period; null = no limit (paid plans, operators). */
  swapsLeft: z.number().int().min(0).nullable(),
  /** The pages' colours the user chose (the pro modes keep their own). */
  colorScheme,
  /** The plan in force and its subscription's state. */
  billing: planStatus.optional(),
});
export type MeResponse = z.infer<typeof meResponse>;
