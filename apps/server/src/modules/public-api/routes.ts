// The public API under /app/api/v1, for programs holding an API key ('apiKey' access: the key
// is the only credential read, and the browser-only cross-site check is skipped for it). Thin:
// each route hands over to the services the app's own routes use.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildOpenApiDocument, v1ListQuery, v1SwapIdParams, type V1SwapPage } from '@visage/contracts';
import type { JobQueue } from '../../infra/queue/index.ts';
import { badRequest } from '../../http/errors.ts';
import { parseParams, parseQuery } from '../../http/validate.ts';
import { sendFile } from '../../http/send-file.ts';
import { sendStoredRange } from '../../http/send-range.ts';
import { requireUser } from '../auth/guards.ts';
import type { MyFacesService } from '../my-faces/index.ts';
import { SWAP_FORM_FILES, type FacePicker } from '../swaps/index.ts';
import type { SwapResultsService } from '../swaps/results.ts';
import type { SwapsService } from '../swaps/service.ts';
import { rejectOversizedBody } from '../uploads/index.ts';
import { readCreateInput, type CatalogueTargets } from './create-input.ts';
import { publicFaceRoutes } from './face-routes.ts';
import type { Idempotency } from './idempotency.ts';
import { keyRateLimit } from './key-rate-limit.ts';
import { progressOf, toV1Swap } from './swap-view.ts';

export interface PublicApiDeps {
  swaps: SwapsService;
  results: SwapResultsService;
  queue: Pick<JobQueue, 'get'>;
  idempotency: Idempotency;
  catalogue: CatalogueTargets;
  picker: FacePicker;
  myFaces: MyFacesService;
  requestsPerMinute: number;
}

/** A page cursor: the last swap's (created_at, id), opaque to the client. */
const encodeCursor = (row: { created_at: number; id: string }) => Buffer.from(`${row.created_at}.${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { created_at: number; id: string } {
  const match = /^(\d{1,16})\.([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badRequest('invalid_cursor', 'Please check: cursor (send nextCursor as it was answered).');
  return { created_at: Number(match[1]), id: match[2]! };
}

export async function publicApiRoutes(app: FastifyInstance, deps: PublicApiDeps): Promise<void> {
  const { swaps, results, queue, idempotency } = deps;
  const document = JSON.stringify(buildOpenApiDocument());
  const keyed = { config: { auth: 'apiKey' }, onRequest: keyRateLimit(app, deps.requestsPerMinute) } as const;
  const view = async (id: string, uid: string) => {
    const row = await swaps.findOwned(id, uid, false);
    return toV1Swap(row, await progressOf(row, queue, swaps));
  };

  app.get('/app/api/v1/openapi.json', { config: { auth: 'public' } }, async (_req, reply) => {
    return reply.header('Cache-Control', 'public, max-age=300').type('application/json; charset=utf-8').send(document);
  });

  app.post('/app/api/v1/swaps', { ...keyed, onRequest: [keyed.onRequest, async (req: FastifyRequest) => rejectOversizedBody(req, SWAP_FORM_FILES)] }, async (req, reply) => {
    const { uid } = requireUser(req);
    const input = await readCreateInput(req, uid, { swaps, picker: deps.picker, catalogue: deps.catalogue });
    const header = req.headers['idempotency-key'];
    const answer = await idempotency.run(uid, Array.isArray(header) ? header.join(',') : header, input.hash, async () => {
      const [created] = await swaps.createBatch(uid, input.mode, [input.item]);
      return { status: 202, body: await view(created!.id, uid) };
    });
    if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
    return reply.status(answer.status).header('Location', `/app/api/v1/swaps/${(answer.body as { id: string }).id}`).send(answer.body);
  });

  app.get('/app/api/v1/swaps', keyed, async (req): Promise<V1SwapPage> => {
    const { uid } = requireUser(req);
    const { cursor, limit } = parseQuery(v1ListQuery, req.query);
    const rows = await swaps.page(uid, limit + 1, cursor === undefined ? undefined : decodeCursor(cursor));
    const page = rows.slice(0, limit);
    const items = await Promise.all(page.map(async (row) => toV1Swap(row, await progressOf(row, queue, swaps))));
    return { items, nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
  });

  app.get('/app/api/v1/swaps/:id', keyed, async (req, reply) => {
    const { id } = parseParams(v1SwapIdParams, req.params);
    reply.header('Cache-Control', 'no-store');
    return view(id, requireUser(req).uid);
  });

  app.delete('/app/api/v1/swaps/:id', keyed, async (req, reply) => {
    const { id } = parseParams(v1SwapIdParams, req.params);
    await results.deleteOwned(id, requireUser(req).uid);
    return reply.status(204).send();
  });

  const media = (variant: 'result' | 'thumb') => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = parseParams(v1SwapIdParams, req.params);
    const row = await swaps.findOwned(id, requireUser(req).uid, false);
    // A video swap's result is its MP4, streamed by ranges (too large to hold); its thumb the poster.
    if (variant === 'result' && row.kind === 'video') {
      return sendStoredRange(req, reply, results.videoStream(row), { cacheControl: 'private, max-age=86400, immutable', disposition: `inline; filename="visage-${id.slice(0, 8)}.mp4"` });
    }
    const file = await swaps.media(row, variant);
    const name = `visage-${id.slice(0, 8)}${variant === 'thumb' ? '-thumb' : ''}.${file.contentType === 'image/webp' ? 'webp' : 'jpg'}`;
    return sendFile(reply, file, 'private, max-age=86400, immutable', `inline; filename="${name}"`);
  };
  app.get('/app/api/v1/swaps/:id/result', keyed, media('result'));
  app.get('/app/api/v1/swaps/:id/thumb', keyed, media('thumb'));

  await publicFaceRoutes(app, { picker: deps.picker, myFaces: deps.myFaces, limit: keyed.onRequest });
}
