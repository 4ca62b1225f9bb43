// Admin users wiring: the operators' list of users and the admins' role / plan edits.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { AdminUsersRepository } from './repository.ts';
import { adminUsersRoutes } from './routes.ts';
import { AdminUsersService } from './service.ts';

export { AdminUsersService } from './service.ts';

/** `stripeBilling` says whether plans are Stripe's to change (then admins cannot edit them). */
export function createAdminUsersService(db: Db, stripeBilling: () => boolean): AdminUsersService {
  return new AdminUsersService(new AdminUsersRepository(db), stripeBilling);
}

export async function registerAdminUsersRoutes(app: FastifyInstance, deps: { adminUsers: AdminUsersService }): Promise<void> {
  await adminUsersRoutes(app, deps.adminUsers);
}
