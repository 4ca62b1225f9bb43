// The account page's API keys: list, create (the secret answered this once), revoke. Cookie
// routes like the rest of the account page; a key cannot manage keys.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createApiKeyRequest, MAX_API_KEYS, type ApiKeyList } from '@visage/contracts';
import { requireUser } from '../auth/guards.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import type { ApiKeysService } from './service.ts';

const idParams = z.object({ id: z.string().uuid() });
const noStore = { 'Cache-Control': 'no-store' };

export async function apiKeyRoutes(app: FastifyInstance, keys: ApiKeysService): Promise<void> {
  const user = { config: { auth: 'user' } } as const;

  app.get('/app/api/account/api-keys', user, async (req, reply): Promise<ApiKeyList> => {
    reply.headers(noStore);
    return { keys: await keys.list(requireUser(req).uid), max: MAX_API_KEYS };
  });

  app.post('/app/api/account/api-keys', { ...user, bodyLimit: 4096 }, async (req, reply) => {
    const { name } = parseBody(createApiKeyRequest, req.body);
    const created = await keys.create(requireUser(req).uid, name);
    return reply.status(201).headers(noStore).send(created);
  });

  app.delete('/app/api/account/api-keys/:id', user, async (req, reply) => {
    const { id } = parseParams(idParams, req.params);
    await keys.revoke(requireUser(req).uid, id);
    return reply.status(204).send();
  });
}
