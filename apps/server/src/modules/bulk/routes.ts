// HTTP surface of bulk swaps, the passcode gates, the swap browser and the admin test page.
// Every route is for operators (admins included); thin: check input, call BulkService.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from './parse.ts';
import { adminSwapQuery, gateBody, gateName, MAX_BULK_TARGETS, setFaceIdBody } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { hasRole, requireUser } from '../auth/guards.ts';
import { rejectOversizedBody } from '../uploads/index.ts';
import { readSwapForm, SWAP_FORM_FILES, type FacePicker } from '../swaps/index.ts';
import { readBulkForm } from './bulk-form.ts';
import type { Gates } from './gate.ts';
import type { BulkService } from './service.ts';

const operator = { auth: 'operator' } as const;
const gateRoute = z.object({ name: gateName });

export async function bulkRoutes(app: FastifyInstance, bulk: BulkService, gates: Gates, picker: FacePicker): Promise<void> {
  // Per account and gate (the guard has resolved the caller by now), so one operator cannot lock
  // out another; ten tries a minute make guessing hopeless and typos harmless.
  const gateLimit = {
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `gate:${String((req.params as { name?: string }).name)}:${req.user?.uid ?? req.ip}`,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'Too many attempts. Please wait a minute.'),
  };
  app.get('/app/api/gate/:name', { config: operator }, async (req, reply) => {
    const { name } = parseOr400(gateRoute, req.params);
    reply.header('Cache-Control', 'no-store');
    return { required: gates.required(name), granted: gates.granted(req, name) };
  });
  app.post('/app/api/gate/:name', { config: { ...operator, rateLimit: gateLimit } }, async (req, reply) => {
    const { name } = parseOr400(gateRoute, req.params);
    const { value } = parseOr400(gateBody, req.body);
    if (!gates.check(name, value)) throw new AppError(403, 'wrong_passcode', 'Wrong passcode.');
    gates.issue(req, reply, name);
    return { ok: true };
  });

  const bulkLimit = { onRequest: async (req: FastifyRequest) => rejectOversizedBody(req, MAX_BULK_TARGETS + 1), config: operator };
  // What the gated screens change needs the passcode entered in this session; what they show is the caller's own.
  app.post('/app/api/69/bulk-upload', bulkLimit, async (req, reply) => {
    const user = requireUser(req);
    gates.assertGranted(req, 'bulk');
    const form = await readBulkForm(req, { targets: MAX_BULK_TARGETS, source: 1 });
    const created = await bulk.bulk(user.uid, form.files.targets ?? [], form.files.source?.[0]);
    return reply.status(202).send(created);
  });
  app.post('/app/api/v2/69/bulk-upload', bulkLimit, async (req, reply) => {
    const user = requireUser(req);
    gates.assertGranted(req, 'bulk');
    const form = await readBulkForm(req, { targets: MAX_BULK_TARGETS });
    const created = await bulk.bulkWithSavedFace(user.uid, form.files.targets ?? [], form.fields.faceImageUrl, form.fields.faceId);
    return reply.status(202).send(created);
  });

  app.get('/app/api/v2/admin/swaps', { config: operator }, async (req) => {
    const user = requireUser(req);
    const q = parseOr400(adminSwapQuery, req.query);
    // Another account's swaps: admins only; anyone else learns nothing about that uid.
    if (q.uid && q.uid !== user.uid && !hasRole(user, 'admin')) throw new AppError(404, 'not_found', 'Not found.');
    return bulk.page(q.uid ?? user.uid, q.page, q.limit, q.faceId);
  });
  app.post('/app/api/v2/69/setFaceId', { config: operator }, async (req) => {
    const user = requireUser(req);
    gates.assertGranted(req, 'bulk');
    const body = parseOr400(setFaceIdBody, req.body);
    return { updated: await bulk.setFaceId(user.uid, body.selectedImages, body.faceId) };
  });

  app.get('/app/api/admin/swaps', { config: operator }, async (req) => bulk.bulkResults(requireUser(req).uid));
  app.post('/app/api/admin/upload', { onRequest: async (req) => rejectOversizedBody(req, SWAP_FORM_FILES), config: operator }, async (req, reply) => {
    const user = requireUser(req);
    gates.assertGranted(req, 'admin-test');
    const form = await readSwapForm(req);
    if (!form.target || form.choice.sources.length === 0) {
      throw new AppError(400, 'images_missing', 'Please select both target and source images.', { field: form.target ? 'source' : 'target' });
    }
    return reply.status(202).send(await bulk.adminTest(user.uid, await picker.input(user.uid, form.choice, form.target)));
  });
}
