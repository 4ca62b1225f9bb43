// Admin users wiring: the operators' list of users and the admins' role / plan edits.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { AdminUsersRepository } from './repository.ts';
import { adminUsersRoutes } from './routes.ts';
import { AdminUsersService } from './service.ts';

export async function registerAdminUsers(app: FastifyInstance, db: Db, stripeBilling: () => boolean): Promise<void> {
  await adminUsersRoutes(app, new AdminUsersService(new AdminUsersRepository(db), stripeBilling));
}
