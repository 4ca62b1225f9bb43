// HTTP surface of the pro modes' catalogues (Proshoot, soccer): lists for every signed-in user, operator uploads,
// edits and removals, attribute suggestions, catalogue media, the player list, and the two
// pro-mode swap uploads (on the main swap's upload → job → gallery machinery).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_VALUES, ATTRIBUTE_KEYS, ATTRIBUTE_VALUES, SOCCER_CLUBS, SOCCER_COUNTRIES, SOCCER_PLAYERS, type CatalogueKind } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { assertOwnUid, requireUser } from '../auth/guards.ts';
import type { SwapsService } from '../swaps/service.ts';
import { readSwapForm, SWAP_FORM_FILES, type FacePicker } from '../swaps/index.ts';
import { rejectOversizedBody } from '../uploads/index.ts';
import { fieldError } from './metadata.ts';
import { MAX_CATALOGUE_PHOTOS, readPhotosForm } from './form.ts';
import type { CatalogueService } from './service.ts';
import { sendFile } from '../../http/send-file.ts';
import { parseParams } from '../../http/validate.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const mediaParams = z.object({ id: z.string().min(1).max(64), variant: z.enum(['image', 'thumb']) });
const KINDS: CatalogueKind[] = ['proshoot', 'prosoccer'];

/** `?gender=female&hairColor=red`: known attributes with known values; anything else is a 400 naming it. */
function listFilters(kind: CatalogueKind, query: unknown): Record<string, string> {
  const filters: Record<string, string> = {};
  const allowed: Record<string, readonly string[]> = Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, [...ATTRIBUTE_VALUES[k], ...ADMIN_VALUES[k]]]));
  if (kind === 'prosoccer') Object.assign(allowed, { playerName: SOCCER_PLAYERS.map((p) => p.name), country: SOCCER_COUNTRIES, club: SOCCER_CLUBS });
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === '' || value === undefined) continue;
    if (!(key in allowed)) throw new AppError(400, 'invalid_field', `${key} is not a filter.`, { field: key });
    if (typeof value !== 'string' || !allowed[key]!.includes(value)) throw fieldError(key, false);
    filters[key] = value;
  }
  return filters;
}

export async function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueService, swaps: SwapsService, picker: FacePicker): Promise<void> {
  for (const kind of KINDS) {
    const base = `/app/api/admin/${kind}`;
    const list = async (req: FastifyRequest, reply: FastifyReply) => {
      const { body, etag, gzip } = await catalogue.listJson(kind, listFilters(kind, req.query));
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('Content-Encoding', 'gzip').send(gzip);
      return reply.send(body);
    };
    // Clients call the list with a trailing slash; both spellings answer.
    app.get(`${base}/`, { config: { auth: 'user' } }, list);
    app.get(base, { config: { auth: 'user' } }, list);

    app.post(`${base}/upload`, { config: { auth: 'operator' }, onRequest: async (req) => rejectOversizedBody(req, MAX_CATALOGUE_PHOTOS) }, async (req, reply) => {
      const user = requireUser(req);
      const { fields, photos } = await readPhotosForm(req, 'images', MAX_CATALOGUE_PHOTOS);
      const result = await catalogue.upload(kind, user.uid, photos, fields.metadata);
      const added = result.results.some((r) => r.status === 'added');
      // 200 when every photo was refused: the answer still says why, photo by photo.
      return reply.status(added ? 201 : 200).send(result);
    });

    app.post(`${base}/suggest`, { config: { auth: 'operator' }, onRequest: async (req) => rejectOversizedBody(req, 1) }, async (req) => {
      const { photos } = await readPhotosForm(req, 'image', 1);
      const photo = photos[0];
      if (!photo) throw fieldError('image', true);
      if (!photo.body) throw new AppError(413, 'file_too_large', 'The file size should be less than 10 MB.');
      return catalogue.suggest(photo.body);
    });

    app.patch(`${base}/:id`, { config: { auth: 'operator' } }, async (req) => {
      const { id } = parseParams(idParams, req.params);
      return catalogue.edit(kind, id, req.body);
    });

    app.delete(`${base}/:id`, { config: { auth: 'operator' } }, async (req, reply) => {
      const { id } = parseParams(idParams, req.params);
      await catalogue.remove(kind, id);
      return reply.status(204).send();
    });

    // The pro-mode swap: a face photo onto one of our catalogue photos (targetImageUrl) or onto
    // a photo of the user's own (target).
    app.post(`/app/api/${kind}/upload`, { config: { auth: 'user' }, onRequest: async (req) => rejectOversizedBody(req, SWAP_FORM_FILES) }, async (req, reply) => {
      requireUser(req);
      const form = await readSwapForm(req);
      if (form.fields.uid === undefined) throw fieldError('uid', true);
      // Created in, and charged to, the caller's own account only (operators included).
      const user = assertOwnUid(req, form.fields.uid);
      const { target } = form;
      if (form.choice.sources.length === 0) throw fieldError('source', true);
      const url = form.fields.targetImageUrl?.trim() ?? '';
      if (url && target) throw new AppError(400, 'invalid_field', 'Send either targetImageUrl or a target file, not both.', { field: 'target' });
      if (!url && !target) throw fieldError('targetImageUrl', true);
      // Faces are chosen on a photo of the person's own; a catalogue photo's face is its largest.
      const input = await picker.input(user.uid, form.choice, target ?? { key: await catalogue.resolveTarget(kind, url) });
      const created = await swaps.create({ uid: user.uid, mode: kind, ...input });
      return reply.status(202).send(created);
    });
  }

  app.get('/app/api/prosoccer/players', { config: { auth: 'user' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=3600');
    return SOCCER_PLAYERS;
  });

  app.get('/app/api/media/catalogue/:id/:variant', { config: { auth: 'user' } }, async (req, reply) => {
    const { id, variant } = parseParams(mediaParams, req.params);
    const file = await catalogue.media(id, variant);
    return sendFile(reply, file, 'private, max-age=86400, immutable');
  });
}
