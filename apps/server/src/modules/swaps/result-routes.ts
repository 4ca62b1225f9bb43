// A finished swap's own actions: download the labelled result, delete the swap, and the target
// photo for the compare slider while retention keeps it. Another user's swap answers 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { requireUser } from '../auth/guards.ts';
import type { SwapResultsService } from './results.ts';
import type { SwapsService } from './service.ts';
import { sendFile } from '../../http/send-file.ts';
import { sendStoredRange } from '../../http/send-range.ts';

const idParams = z.object({ id: z.string().uuid() });

function parseId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw badRequest('invalid_id', 'Please check: id.');
  return parsed.data.id;
}

export async function swapResultRoutes(app: FastifyInstance, swaps: SwapsService, results: SwapResultsService): Promise<void> {
  // Only the owner (operators too are refused: a download is the person's own copy).
  const owned = async (params: unknown, uid: string) => {
    const id = parseId(params);
    return swaps.findOwned(id, uid, false);
  };

  app.get('/app/api/media/swaps/:id/download', { config: { auth: 'user' } }, async (req, reply) => {
    const row = await owned(req.params, requireUser(req).uid);
    const day = new Date(row.completed_at ?? row.created_at).toISOString().slice(0, 10);
    // The MP4 carries its label in its metadata; too large to hold, it is streamed.
    if (row.kind === 'video') {
      return sendStoredRange(req, reply, results.videoStream(row), { cacheControl: 'private, no-store', disposition: `attachment; filename="visage-ai-${day}-${row.id.slice(0, 8)}.mp4"` });
    }
    // The stored JPEG already carries its XMP "made with AI" label: sent as it is.
    const file = await swaps.media(row, 'result');
    return sendFile(reply, file, 'private, no-store', `attachment; filename="visage-ai-${day}-${row.id.slice(0, 8)}.jpg"`);
  });

  app.get('/app/api/media/swaps/:id/original', { config: { auth: 'user' } }, async (req, reply) => {
    const row = await owned(req.params, requireUser(req).uid);
    // A clip is seeked by the viewer's <video> element: ranges, streamed.
    if (row.kind === 'video') return sendStoredRange(req, reply, results.originalStream(row), { cacheControl: 'private, no-store' });
    const file = await results.original(row);
    // no-store: once retention deletes it, no cached copy should outlive it.
    return sendFile(reply, file, 'private, no-store');
  });

  // Under the owner's uid like the gallery list (the guard answers 404 for another's uid).
  app.delete('/app/api/swaps/:uid/:id', { config: { auth: 'user' } }, async (req, reply) => {
    const id = parseId({ id: (req.params as { id?: unknown }).id });
    await results.deleteOwned(id, requireUser(req).uid);
    return reply.status(204).send();
  });
}
