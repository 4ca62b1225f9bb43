// API keys wiring: the service (built by services.ts, read by the guard) and the account page's routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { ApiKeysRepository } from './repository.ts';
import { apiKeyRoutes } from './routes.ts';
import { ApiKeysService } from './service.ts';

export { ApiKeysService } from './service.ts';
export { apiKeysAccountData } from './account-data.ts';

export function createApiKeysService(db: Db): ApiKeysService {
  return new ApiKeysService(new ApiKeysRepository(db));
}

export async function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }): Promise<void> {
  await apiKeyRoutes(app, deps.apiKeys);
}
