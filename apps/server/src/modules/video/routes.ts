// HTTP surface of video swaps: status, the people in a clip, the upload, cancelling, and the MP4
// (streamed by ranges: a <video> element seeks). Thin: each route checks the caller and hands over.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@visage/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { sendStoredRange } from '../../http/send-range.ts';
import { parseParams } from '../../http/validate.ts';
import { assertOwnUid, hasRole, requireUser } from '../auth/guards.ts';
import type { SwapResultsService } from '../swaps/results.ts';
import type { SwapImage, SwapsService } from '../swaps/service.ts';
import { cutOffWith } from '../uploads/index.ts';
import { unknownPerson, videoMissing, videoTooLarge } from './errors.ts';
import type { VideoService } from './service.ts';
import { readVideoForm, type VideoForm } from './video-form.ts';

const idParams = z.object({ id: z.string().uuid() });

export async function videoRoutes(app: FastifyInstance, video: VideoService, swaps: SwapsService, results: SwapResultsService): Promise<void> {
  const user = { config: { auth: 'user' } } as const;
  const maxBytes = video.limits.maxBytes;
  // A declared body that cannot fit the clip and a face photo is refused before any of it is read.
  const declared = (photos: number) => async (req: FastifyRequest) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + photos * MAX_UPLOAD_BYTES + 64 * 1024) throw cutOffWith(req, videoTooLarge(maxBytes));
  };
  /** Reads the form into a temp folder, runs `use`, and removes the folder whatever happens. */
  const withForm = async <T>(req: FastifyRequest, source: boolean, use: (form: VideoForm) => Promise<T>): Promise<T> => {
    const dir = await mkdtemp(join(tmpdir(), 'visage-upload-'));
    try {
      return await use(await readVideoForm(req, dir, maxBytes, { source }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  app.get('/app/api/video/status', user, async (req) => video.status(requireUser(req).uid));

  app.post('/app/api/video/people', { ...user, onRequest: declared(0) }, async (req) => {
    const caller = requireUser(req);
    await video.assertCanStart(caller.uid);
    return withForm(req, false, async (form) => {
      if (!form.target) throw videoMissing();
      return video.peopleOf(caller.uid, form.target);
    });
  });

  app.post('/app/api/video/upload', { ...user, onRequest: declared(1) }, async (req, reply) => {
    const caller = requireUser(req);
    // Refused before the clip is read: video off, no video on the plan, none left this month.
    await video.assertCanStart(caller.uid);
    const created = await withForm(req, true, async (form) => {
      // The swap is created in, and charged to, the caller's own account only.
      const owner = assertOwnUid(req, form.fields.uid);
      if (!form.target) throw videoMissing();
      if (!form.source) throw new AppError(400, 'images_missing', 'Please select a face photo.', { field: 'source' });
      const person = form.fields.person?.trim() ?? '0';
      if (!/^\d{1,3}$/.test(person)) throw unknownPerson();
      const source: SwapImage = form.source.kind === 'file' ? form.source.bytes : await swaps.savedFaceSource(owner.uid, form.source.id);
      return video.create(owner.uid, { clip: form.target, source, person: Number(person) });
    });
    return reply.status(202).send(created);
  });

  app.post('/app/api/video/:id/cancel', user, async (req) => {
    const { id } = parseParams(idParams, req.params);
    return video.cancel(requireUser(req).uid, id);
  });

  app.get('/app/api/media/swaps/:id/video', user, async (req, reply) => {
    const { id } = parseParams(idParams, req.params);
    const caller = requireUser(req);
    const row = await swaps.findOwned(id, caller.uid, hasRole(caller, 'operator'));
    return sendStoredRange(req, reply, results.videoStream(row), { cacheControl: 'private, max-age=86400, immutable', disposition: `inline; filename="visage-${id.slice(0, 8)}.mp4"` });
  });
}
