// Users wiring: the one UsersService (built by the composition in services.ts) and its routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { UsersRepository } from './repository.ts';
import { usersRoutes } from './routes.ts';
import { UsersService } from './service.ts';

export { UsersService } from './service.ts';

/** `confirmationRequired`: false when no mail can be sent, so unconfirmed addresses are never stopped. */
export function createUsersService(db: Db, confirmationRequired = true): UsersService {
  return new UsersService(new UsersRepository(db), confirmationRequired);
}

export async function registerUsersRoutes(app: FastifyInstance, deps: { users: UsersService }): Promise<void> {
  await usersRoutes(app, deps.users);
}
