// HTTP surface of the account page, "Download my data" and "Delete my account". Every route is
// the caller's own: nothing here takes another account's id, and a foreign export or avatar is 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changePasswordRequest, colorSchemeRequest, deleteAccountRequest, updateProfileRequest } from '@visage/contracts';
import { badRequest } from '../../http/errors.ts';
import { requireUser } from '../auth/guards.ts';
import { cookieOptions, type CookieNames } from '../auth/cookies.ts';
import { parseBody } from '../../http/validate.ts';
import { hashToken } from '../auth/tokens.ts';
import { readUploadForm, rejectOversizedBody } from '../uploads/index.ts';
import type { DataExportService } from './exports.ts';
import type { AccountService } from './service.ts';
import { sendFile } from '../../http/send-file.ts';

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw badRequest('invalid_request', `Please check: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}.`);
  return parsed.data;
}

export async function accountRoutes(app: FastifyInstance, account: AccountService, exportsService: DataExportService, cookies: CookieNames): Promise<void> {
  const currentHash = (req: FastifyRequest) => {
    const token = req.cookies[cookies.session];
    return token ? hashToken(token) : null;
  };
  const signedOut = { 'Cache-Control': 'no-store' };

  app.get('/app/api/account', { config: { auth: 'user' } }, async (req, reply) => {
    reply.headers(signedOut);
    return account.summary(requireUser(req).uid, currentHash(req));
  });

  app.patch('/app/api/account', { config: { auth: 'user' }, bodyLimit: 4096 }, async (req, reply) => {
    await account.updateProfile(requireUser(req).uid, parseBody(updateProfileRequest, req.body));
    return reply.status(204).send();
  });

  app.put('/app/api/account/color-scheme', { config: { auth: 'user' }, bodyLimit: 1024 }, async (req, reply) => {
    await account.setColorScheme(requireUser(req).uid, parseBody(colorSchemeRequest, req.body).colorScheme);
    return reply.status(204).send();
  });

  app.post('/app/api/account/avatar', { config: { auth: 'user' }, onRequest: async (req) => rejectOversizedBody(req, 1) }, async (req) => {
    const user = requireUser(req);
    const form = await readUploadForm(req, ['avatar']);
    if (!form.files.avatar) throw badRequest('avatar_missing', 'Please choose a photo.', [{ path: ['avatar'] }]);
    return { avatarUrl: await account.setAvatar(user.uid, form.files.avatar) };
  });

  app.get('/app/api/media/avatars/:uid/:name', { config: { auth: 'user' } }, async (req, reply) => {
    const { uid, name } = parseParams(z.object({ uid: z.string().regex(/^[A-Za-z0-9]{1,64}$/), name: z.string().regex(/^[a-f0-9]{30}\.jpg$/) }), req.params);
    const body = await account.avatar(requireUser(req).uid, uid, name);
    return sendFile(reply, { body, contentType: 'image/jpeg' }, 'private, max-age=3600');
  });

  app.post('/app/api/account/password', { config: { auth: 'user' }, bodyLimit: 8192 }, async (req, reply) => {
    await account.changePassword(requireUser(req).uid, parseBody(changePasswordRequest, req.body), currentHash(req));
    return reply.status(204).send();
  });

  app.delete('/app/api/account/sessions/:id', { config: { auth: 'user' } }, async (req, reply) => {
    const { id } = parseParams(z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) }), req.params);
    await account.revokeSession(requireUser(req).uid, id);
    return reply.status(204).send();
  });

  // "Sign out everywhere": this browser included.
  app.post('/app/api/account/sessions/revoke-all', { config: { auth: 'user' }, bodyLimit: 1024 }, async (req, reply) => {
    await account.revokeAllSessions(requireUser(req).uid);
    reply.clearCookie(cookies.session, cookieOptions(cookies, 0));
    return reply.status(204).send();
  });

  app.get('/app/api/account/exports', { config: { auth: 'user' } }, async (req, reply) => {
    reply.headers(signedOut);
    return exportsService.list(requireUser(req).uid);
  });

  app.post('/app/api/account/exports', { config: { auth: 'user' }, bodyLimit: 1024 }, async (req, reply) => {
    const created = await exportsService.create(requireUser(req).uid);
    return reply.status(202).send(created);
  });

  app.get('/app/api/account/exports/:id/download', { config: { auth: 'user' } }, async (req, reply) => {
    const { id } = parseParams(z.object({ id: z.string().uuid() }), req.params);
    const { file, row } = await exportsService.download(id, requireUser(req).uid);
    const day = new Date(row.completed_at ?? row.created_at).toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="visage-my-data-${day}.zip"`)
      .header('Content-Length', file.size)
      .send(file.stream);
  });

  // "Delete my account": confirmed by typing the account's e-mail; signs this browser out.
  app.delete('/app/api/me', { config: { auth: 'user' }, bodyLimit: 4096 }, async (req, reply) => {
    const { email } = parseBody(deleteAccountRequest, req.body);
    await account.erase(requireUser(req).uid, email);
    reply.clearCookie(cookies.session, cookieOptions(cookies, 0));
    return reply.status(204).send();
  });
}
