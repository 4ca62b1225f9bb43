// The operators' users list and the admins' edits.
import { adminUser, adminUsersPage, type AdminUser, type AdminUserPatch, type AdminUsersPage } from '@visage/contracts';
import { api } from '../../../lib/api-client';

export function fetchUsers(q: string, page: number, limit: number, signal?: AbortSignal): Promise<AdminUsersPage> {
  return api.get('/admin/users', { query: { q: q || undefined, page, limit }, schema: adminUsersPage, signal });
}

export function updateUser(uid: string, patch: AdminUserPatch): Promise<AdminUser> {
  return api.patch(`/admin/users/${encodeURIComponent(uid)}`, patch, { schema: adminUser });
}
