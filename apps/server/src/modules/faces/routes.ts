// Saved faces: list, upload (with an explicit replace), the photo itself, delete. Operators only;
// the `:uid` routes are also checked by the guard (an operator may read another's, admins too).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { faceId } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { assertOwnUid, requireUser } from '../auth/guards.ts';
import { readUploadForm, rejectOversizedBody } from '../uploads/index.ts';
import { parseOr400 } from '../bulk/parse.ts';
import type { FacesService } from './service.ts';
import { sendFile } from '../../http/send-file.ts';

const operator = { auth: 'operator' } as const;
const uidParams = z.object({ uid: z.string().min(1).max(64) });
const faceParams = z.object({ uid: z.string().min(1).max(64), id: faceId });
const uploadFields = z.object({ uid: z.string().min(1).max(64), id: faceId, replace: z.enum(['true', 'false']).optional() });

export async function faceRoutes(app: FastifyInstance, faces: FacesService): Promise<void> {
  app.get('/app/api/user/face/:uid', { config: operator }, async (req) => {
    const { uid } = parseOr400(uidParams, req.params);
    return faces.list(uid);
  });

  app.get('/app/api/user/face/:uid/:id/image', { config: operator }, async (req, reply) => {
    const { uid, id } = parseOr400(faceParams, req.params);
    const file = await faces.image(uid, id);
    return sendFile(reply, file, 'private, max-age=86400');
  });

  app.post('/app/api/user/face/upload', { onRequest: async (req) => rejectOversizedBody(req, 1), config: operator }, async (req, reply) => {
    requireUser(req);
    const form = await readUploadForm(req, ['image']);
    const fields = parseOr400(uploadFields, form.fields);
    // The form's uid is the owner: the caller's own (an operator may not write into another's library).
    assertOwnUid(req, fields.uid);
    if (!form.files.image) throw new AppError(400, 'image_missing', 'Please select an image.', { field: 'image' });
    const saved = await faces.upload(fields.uid, fields.id, form.files.image, fields.replace === 'true');
    return reply.status(201).send(saved);
  });

  app.delete('/app/api/user/face/:uid/:id', { config: operator }, async (req, reply) => {
    const { uid, id } = parseOr400(faceParams, req.params);
    if (uid !== req.user?.uid) throw new AppError(404, 'not_found', 'Not found.');
    await faces.remove(uid, id);
    return reply.status(204).send();
  });
}
