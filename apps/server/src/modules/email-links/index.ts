// E-mail links wiring: the service (built once by the composition in services.ts) and its routes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import type { MailOutbox } from '../../infra/mail/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { UsersService } from '../users/service.ts';
import { MailLimits } from './limits.ts';
import { EmailLinksRepository } from './repository.ts';
import { emailLinksRoutes } from './routes.ts';
import { EmailLinksService } from './service.ts';

export { EmailLinksService, CONFIRM_TTL_MS, RESET_TTL_MS } from './service.ts';
export { MAX_MAILS_PER_ACCOUNT, MAX_MAILS_PER_ADDRESS } from './limits.ts';

export function createEmailLinks(deps: { config: Config; db: Db; auth: AuthModule; users: UsersService; outbox: MailOutbox | null }): EmailLinksService {
  return new EmailLinksService(deps.config, new EmailLinksRepository(deps.db), new MailLimits(deps.auth.repo), deps.users, deps.outbox);
}

export async function registerEmailLinksRoutes(app: FastifyInstance, deps: { emailLinks: EmailLinksService; auth: AuthModule; config: Config }): Promise<void> {
  await emailLinksRoutes(app, { links: deps.emailLinks, config: deps.config, trustedProxies: deps.auth.trustedProxies });
}
