import { z } from 'zod';
import { planId } from './billing.ts';
import { role } from './users.ts';

/** GET /app/api/admin/users?q=&page=&limit= (operators and admins). */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUser = z.object({
  uid: z.string(),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  role,
  plan: planId,
  /** Image swaps used this period (0 once the reset date has passed). */
  usage: z.number().int(),
  /** Image swaps a month on the plan; null = unlimited. */
  limit: z.number().int().nullable(),
  /** Video swaps used this period, and the plan's allowance (null = unlimited). */
  videoUsage: z.number().int(),
  videoLimit: z.number().int().nullable(),
  resetDate: z.string(),
  createdAt: z.number(),
  hasCustomer: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** An admin may set plans by hand only while Stripe billing is off. */
  plansEditable: z.boolean(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** PATCH /app/api/admin/users/{uid} (admins): a role, and — without Stripe — a plan. */
export const adminUserPatch = z
  .object({ role: role.optional(), plan: planId.optional() })
  .refine((v) => v.role !== undefined || v.plan !== undefined, { message: 'Give a role or a plan.' });
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
