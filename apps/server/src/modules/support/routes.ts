// The support address the web app's footer and legal pages link to: public, since anyone (signed
// in or not) may need to write to it, and configured, so each deployment names its own.
import type { FastifyInstance } from 'fastify';
import type { SupportConfig } from '@visage/contracts';
import type { Config } from '../../config.ts';

export async function registerSupportRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'SUPPORT_EMAIL'> }): Promise<void> {
  app.get('/app/api/support', { config: { auth: 'public' } }, async (): Promise<SupportConfig> => ({ email: config.SUPPORT_EMAIL }));
}
