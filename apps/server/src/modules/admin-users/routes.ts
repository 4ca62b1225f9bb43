// GET /app/api/admin/users (operators and admins) and PATCH /app/api/admin/users/{uid} (admins).
import type { FastifyInstance } from 'fastify';
import { adminUserPatch, adminUsersQuery, type AdminUser, type AdminUsersPage } from '@visage/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { requireUser } from '../auth/guards.ts';
import type { AdminUsersService } from './service.ts';

const uidParams = z.object({ uid: z.string().min(1).max(64) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
    throw new AppError(400, 'invalid_request', `Missing or invalid field: ${field}.`, { field });
  }
  return parsed.data;
}

export async function adminUsersRoutes(app: FastifyInstance, service: AdminUsersService): Promise<void> {
  app.get('/app/api/admin/users', { config: { auth: 'operator' } }, async (req, reply): Promise<AdminUsersPage> => {
    reply.header('Cache-Control', 'no-store');
    return service.list(parse(adminUsersQuery, req.query));
  });

  app.patch('/app/api/admin/users/:uid', { config: { auth: 'admin' } }, async (req): Promise<AdminUser> => {
    const caller = requireUser(req);
    const { uid } = parse(uidParams, req.params);
    return service.update(caller.uid, uid, parse(adminUserPatch, req.body));
  });
}
