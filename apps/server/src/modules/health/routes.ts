import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@visage/contracts';
import type { AppContext } from '../../context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/app/api/health', { config: { auth: 'public' } }, async (): Promise<HealthResponse> => ({
    status: 'ok',
    version: ctx.version,
    database: ctx.config.databaseKind,
    storage: ctx.config.STORAGE_DRIVER,
    queue: ctx.config.QUEUE_DRIVER,
    role: ctx.config.ROLE,
  }));
}
