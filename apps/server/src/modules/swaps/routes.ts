// HTTP surface of swaps: upload, the face picker's detection, gallery list, media and live job events. Thin: each route
// checks the caller and hands over to SwapsService.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasRole, assertOwnUid, assertReadableUid, requireUser } from '../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { parseParams, parseQuery } from '../../http/validate.ts';
import type { SwapsService, SwapMode } from './service.ts';
import { readUploadForm, rejectOversizedBody } from '../uploads/index.ts';
import { MAX_STREAMS_PER_USER, OpenStreams, streamJobEvents, type JobWatch } from './job-events.ts';
import { sendFile } from '../../http/send-file.ts';
import { measure } from '../../http/server-timing.ts';
import type { FacePicker } from './face-picker.ts';
import { readSwapForm, SWAP_FORM_FILES } from './swap-form.ts';

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const jobParams = z.object({ id: z.string().min(1).max(64) });
const mediaParams = z.object({ id: z.string().uuid(), variant: z.enum(['result', 'thumb']) });
const listQuery = z.object({ include: z.enum(['pending']).optional() });

export async function swapRoutes(app: FastifyInstance, swaps: SwapsService, jobs: JobWatch, picker: FacePicker): Promise<void> {
  const streams = new OpenStreams();
  app.addHook('preClose', async () => streams.endAll());
  const listFor = (mode: SwapMode) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { uid } = parseParams(uidParams, req.params);
    assertReadableUid(req, uid);
    const { include } = parseQuery(listQuery, req.query);
    const list = await swaps.listJson(uid, mode, include === 'pending');
    reply.header('ETag', list.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === list.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    // Writing the compressed copy costs the server (and the reader) a fraction of the JSON.
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('Content-Encoding', 'gzip').send(list.gzip);
    return reply.send(list.body);
  };
  const user = { config: { auth: 'user' } } as const;
  app.get('/app/api/swaps/:uid', user, listFor('main'));
  app.get('/app/api/proshoot/swaps/:uid', user, listFor('proshoot'));
  app.get('/app/api/prosoccer/swaps/:uid', user, listFor('prosoccer'));

  app.post('/app/api/upload', { ...user, onRequest: async (req) => rejectOversizedBody(req, SWAP_FORM_FILES) }, async (req, reply) => {
    requireUser(req);
    const form = await measure('read', () => readSwapForm(req));
    // The swap is created in, and charged to, the caller's own account only (operators included).
    const user = assertOwnUid(req, form.fields.uid);
    if (!form.target || form.choice.sources.length === 0) throw new AppError(400, 'images_missing', 'Please select both target and source images.');
    const input = await picker.input(user.uid, form.choice, form.target);
    const created = await swaps.create({ uid: user.uid, mode: 'main', ...input });
    return reply.status(202).send(created);
  });

  // The faces of a photo the person is about to swap, for the face picker.
  app.post('/app/api/faces/detect', { ...user, onRequest: async (req) => rejectOversizedBody(req, 1) }, async (req) => {
    const caller = requireUser(req);
    const form = await measure('read', () => readUploadForm(req, ['image']));
    if (!form.files.image) throw new AppError(400, 'images_missing', 'Please select an image.', { field: 'image' });
    return picker.detect(caller.uid, form.files.image);
  });

  app.get('/app/api/media/swaps/:id/:variant', user, async (req, reply) => {
    const { id, variant } = parseParams(mediaParams, req.params);
    const user = requireUser(req);
    const row = await swaps.findOwned(id, user.uid, hasRole(user, 'operator'));
    const file = await swaps.media(row, variant);
    const name = `visage-${id.slice(0, 8)}${variant === 'thumb' ? '-thumb' : ''}.${file.contentType === 'image/webp' ? 'webp' : 'jpg'}`;
    return sendFile(reply, file, 'private, max-age=86400, immutable', `inline; filename="${name}"`);
  });

  app.get('/app/api/jobs/:id/events', user, async (req, reply) => {
    const { id } = parseParams(jobParams, req.params);
    const user = requireUser(req);
    const row = await swaps.findByJob(id, user.uid, hasRole(user, 'operator'));
    if (streams.countFor(user.uid) >= MAX_STREAMS_PER_USER) throw new AppError(429, 'too_many_streams', 'Too many progress streams are open. Close other tabs and try again.');
    streamJobEvents(req, reply, { swapId: row.id, jobId: id, ownerUid: row.uid, viewerUid: user.uid }, swaps, jobs, streams);
  });
}
