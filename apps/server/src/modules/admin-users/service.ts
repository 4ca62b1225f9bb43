// The operators' view of the users, and the admins' edits: a role, and — while Stripe billing
// is off — a plan (with Stripe on, the plan is Stripe's to decide).
import type { AdminUser, AdminUserPatch, AdminUsersPage, AdminUsersQuery } from '@visage/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { allowanceOf, effectivePlan, videoAllowanceOf } from '../billing/plan.ts';
import { today } from '../users/profile.ts';
import type { UserRow } from '../users/repository.ts';
import type { AdminUsersRepository } from './repository.ts';

export function toAdminUser(row: UserRow, now = new Date()): AdminUser {
  return {
    uid: row.uid,
    email: row.email,
    nom: row.nom,
    prenom: row.prenom,
    role: row.role,
    plan: effectivePlan(row, now.getTime()),
    // A period whose reset date has passed counts from 0 (the row rolls on the user's next request).
    usage: today(now) >= row.reset_date ? 0 : row.usage,
    limit: allowanceOf(row, now.getTime()),
    videoUsage: today(now) >= row.reset_date ? 0 : row.video_usage,
    videoLimit: videoAllowanceOf(row, now.getTime()),
    resetDate: row.reset_date,
    createdAt: row.created_at,
    hasCustomer: row.customer_id !== '',
  };
}

export class AdminUsersService {
  constructor(
    private readonly repo: AdminUsersRepository,
    private readonly stripeBilling: () => boolean,
  ) {}

  async list(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const { rows, total } = await this.repo.page(query.q || undefined, (query.page - 1) * query.limit, query.limit);
    const now = new Date();
    return { users: rows.map((r) => toAdminUser(r, now)), total, page: query.page, limit: query.limit, plansEditable: !this.stripeBilling() };
  }

  async update(callerUid: string, uid: string, patch: AdminUserPatch): Promise<AdminUser> {
    const row = await this.repo.findByUid(uid);
    if (!row) throw notFound();
    if (patch.role !== undefined && uid === callerUid && patch.role !== row.role) {
      throw new AppError(400, 'own_role', 'You cannot change your own role.', { field: 'role' });
    }
    if (patch.plan !== undefined && this.stripeBilling()) {
      throw new AppError(409, 'plan_managed_by_stripe', 'Plans are managed by Stripe on this server.', { field: 'plan' });
    }
    const now = Date.now();
    await this.repo.update(uid, {
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      // A plan set by hand stands alone: no Stripe subscription state behind it.
      ...(patch.plan !== undefined ? { subscription: patch.plan, stripe_subscription_id: null, stripe_plan: null, subscription_status: null, current_period_end: null, cancel_at_period_end: 0 } : {}),
      updated_at: now,
    });
    const updated = await this.repo.findByUid(uid);
    if (!updated) throw notFound();
    return toAdminUser(updated);
  }
}
