import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@visage/contracts';
import type { Config } from '../../config.ts';

export async function registerHealthRoutes(app: FastifyInstance, ctx: { version: string; config: Config }): Promise<void> {
  app.get('/app/api/health', { config: { auth: 'public' } }, async (): Promise<HealthResponse> => ({
    status: 'ok',
    version: ctx.version,
    database: ctx.config.databaseKind,
    storage: ctx.config.STORAGE_DRIVER,
    queue: ctx.config.QUEUE_DRIVER,
    role: ctx.config.ROLE,
  }));
}
