// "My faces" over HTTP: every route is the caller's own (no uid in the path), for any signed-in user.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { myFaceName, renameMyFaceBody } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { sendFile } from '../../http/send-file.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { requireUser } from '../auth/guards.ts';
import { readUploadForm, rejectOversizedBody } from '../uploads/index.ts';
import type { MyFacesService } from './service.ts';

const user = { auth: 'user' } as const;
const faceParams = z.object({ id: z.string().uuid() });
const photoParams = z.object({ id: z.string().uuid(), photoId: z.string().uuid() });
const createFields = z.object({ name: myFaceName });
const photoMissing = () => new AppError(400, 'photo_missing', 'Please select a photo.', { field: 'photo' });

export async function myFacesRoutes(app: FastifyInstance, faces: MyFacesService): Promise<void> {
  app.get('/app/api/me/faces', { config: user }, async (req) => faces.list(requireUser(req).uid));

  app.post('/app/api/me/faces', { config: user, onRequest: async (req) => rejectOversizedBody(req, 1) }, async (req, reply) => {
    const { uid } = requireUser(req);
    const form = await readUploadForm(req, ['photo']);
    const { name } = parseBody(createFields, form.fields);
    if (!form.files.photo) throw photoMissing();
    return reply.status(201).send(await faces.create(uid, name, form.files.photo));
  });

  app.patch('/app/api/me/faces/:id', { config: user }, async (req) => {
    const { id } = parseParams(faceParams, req.params);
    const { name } = parseBody(renameMyFaceBody, req.body);
    return faces.rename(requireUser(req).uid, id, name);
  });

  app.delete('/app/api/me/faces/:id', { config: user }, async (req, reply) => {
    const { id } = parseParams(faceParams, req.params);
    await faces.remove(requireUser(req).uid, id);
    return reply.status(204).send();
  });

  app.post('/app/api/me/faces/:id/photos', { config: user, onRequest: async (req) => rejectOversizedBody(req, 1) }, async (req, reply) => {
    const { uid } = requireUser(req);
    const { id } = parseParams(faceParams, req.params);
    const form = await readUploadForm(req, ['photo']);
    if (!form.files.photo) throw photoMissing();
    return reply.status(201).send(await faces.addPhoto(uid, id, form.files.photo));
  });

  app.get('/app/api/me/faces/:id/photos/:photoId', { config: user }, async (req, reply) => {
    const { id, photoId } = parseParams(photoParams, req.params);
    // A photo id is never reused: the browser may keep it, the owner's browser only.
    return sendFile(reply, await faces.photo(requireUser(req).uid, id, photoId), 'private, max-age=86400, immutable');
  });

  app.delete('/app/api/me/faces/:id/photos/:photoId', { config: user }, async (req) => {
    const { id, photoId } = parseParams(photoParams, req.params);
    return faces.removePhoto(requireUser(req).uid, id, photoId);
  });
}
