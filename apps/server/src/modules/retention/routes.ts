// The retention settings the web app's texts state (privacy page, data export): public, since
// they describe what happens to anyone's uploads.
import type { FastifyInstance } from 'fastify';
import type { RetentionConfig } from '@visage/contracts';
import type { Config } from '../../config.ts';

export async function registerRetentionRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'UPLOAD_RETENTION_HOURS' | 'EXPORT_TTL_HOURS'> }): Promise<void> {
  app.get('/app/api/retention', { config: { auth: 'public' } }, async (): Promise<RetentionConfig> => ({
    uploadRetentionHours: config.UPLOAD_RETENTION_HOURS,
    exportTtlHours: config.EXPORT_TTL_HOURS,
  }));
}
