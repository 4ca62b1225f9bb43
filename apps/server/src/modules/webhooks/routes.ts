// Webhook endpoints of the signed-in account: list, register (the secret shown once), turn on or
// off, change events, rotate the secret, delete, and their recent deliveries with a re-send.
// Every route is the caller's own: another account's endpoint or delivery answers 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createWebhookRequest, updateWebhookRequest } from '@visage/contracts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { requireUser } from '../auth/guards.ts';
import type { WebhookEndpoints } from './endpoints.ts';

const user = { auth: 'user' } as const;
const endpointParams = z.object({ id: z.string().uuid() });
const deliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });
const noStore = { 'Cache-Control': 'no-store' };

export async function webhookRoutes(app: FastifyInstance, endpoints: WebhookEndpoints): Promise<void> {
  app.get('/app/api/account/webhooks', { config: user }, async (req, reply) => {
    reply.headers(noStore);
    return endpoints.list(requireUser(req).uid);
  });

  app.post('/app/api/account/webhooks', { config: user, bodyLimit: 8192 }, async (req, reply) => {
    const created = await endpoints.create(requireUser(req).uid, parseBody(createWebhookRequest, req.body));
    return reply.status(201).headers(noStore).send(created);
  });

  app.patch('/app/api/account/webhooks/:id', { config: user, bodyLimit: 4096 }, async (req) => {
    const { id } = parseParams(endpointParams, req.params);
    return endpoints.update(requireUser(req).uid, id, parseBody(updateWebhookRequest, req.body));
  });

  app.delete('/app/api/account/webhooks/:id', { config: user }, async (req, reply) => {
    const { id } = parseParams(endpointParams, req.params);
    await endpoints.remove(requireUser(req).uid, id);
    return reply.status(204).send();
  });

  app.post('/app/api/account/webhooks/:id/secret', { config: user, bodyLimit: 1024 }, async (req, reply) => {
    const { id } = parseParams(endpointParams, req.params);
    return reply.headers(noStore).send(await endpoints.rotateSecret(requireUser(req).uid, id));
  });

  app.get('/app/api/account/webhooks/:id/deliveries', { config: user }, async (req, reply) => {
    const { id } = parseParams(endpointParams, req.params);
    reply.headers(noStore);
    return endpoints.listDeliveries(requireUser(req).uid, id);
  });

  app.post('/app/api/account/webhooks/:id/deliveries/:deliveryId/resend', { config: user, bodyLimit: 1024 }, async (req, reply) => {
    const { id, deliveryId } = parseParams(deliveryParams, req.params);
    return reply.status(202).send(await endpoints.resend(requireUser(req).uid, id, deliveryId));
  });
}
