// HTTP surface of the e-mail links: forgotten password, reset, confirmation (public: the person
// arrives from a mail), and the signed-in account's "send the link again" and change of address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeEmailRequest,
  confirmEmailRequest,
  forgotPasswordRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  type CheckInboxResponse,
  type ConfirmEmailResponse,
  type MailLanguage,
} from '@visage/contracts';
import type { Config } from '../../config.ts';
import { authFloodLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { clientIp, type TrustedProxies } from '../auth/client-ip.ts';
import { requireUser } from '../auth/guards.ts';
import type { EmailLinksService } from './service.ts';

const checkInbox: CheckInboxResponse = { status: 'check_inbox' };

/** The language the page sent, else the browser's first choice when it is French, else English. */
export function mailLanguageOf(req: FastifyRequest, chosen: MailLanguage | undefined): MailLanguage {
  if (chosen) return chosen;
  return /^\s*fr\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'fr' : 'en';
}

export async function emailLinksRoutes(app: FastifyInstance, deps: { links: EmailLinksService; config: Config; trustedProxies: TrustedProxies }): Promise<void> {
  const { links, config, trustedProxies } = deps;
  const rateLimit = authFloodLimit(config);
  const ip = (req: FastifyRequest) => clientIp(req, trustedProxies);

  app.post('/app/api/auth/password/forgot', { config: { auth: 'public', rateLimit }, bodyLimit: 4096 }, async (req, reply) => {
    const body = parseBody(forgotPasswordRequest, req.body);
    await links.requestReset(body.email, mailLanguageOf(req, body.language), ip(req));
    return reply.status(202).send(checkInbox);
  });

  app.post('/app/api/auth/password/reset', { config: { auth: 'public', rateLimit }, bodyLimit: 4096 }, async (req, reply) => {
    const body = parseBody(resetPasswordRequest, req.body);
    await links.resetPassword(body.token, body.password);
    return reply.status(204).send();
  });

  app.post('/app/api/auth/email/confirm', { config: { auth: 'public', rateLimit }, bodyLimit: 1024 }, async (req, reply): Promise<ConfirmEmailResponse> => {
    const body = parseBody(confirmEmailRequest, req.body);
    reply.header('Cache-Control', 'no-store');
    return links.confirm(body.token);
  });

  app.post('/app/api/account/email/verification', { config: { auth: 'user' }, bodyLimit: 1024 }, async (req, reply) => {
    const body = parseBody(resendVerificationRequest, req.body);
    await links.resendConfirmation(requireUser(req).uid, mailLanguageOf(req, body.language), ip(req));
    return reply.status(202).send(checkInbox);
  });

  app.post('/app/api/account/email', { config: { auth: 'user' }, bodyLimit: 4096 }, async (req, reply) => {
    const body = parseBody(changeEmailRequest, req.body);
    await links.requestChange(requireUser(req).uid, body, mailLanguageOf(req, body.language), ip(req));
    return reply.status(202).send(checkInbox);
  });
}
