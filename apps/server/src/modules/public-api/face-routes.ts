// The public API's faces: a photo's faces for choosing which to swap (kept like the app's, so a
// create soon after on the same file does not detect again) and the key owner's saved faces.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { v1FacePhotoParams, type DetectFacesResponse, type V1SavedFaceList } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { sendFile } from '../../http/send-file.ts';
import { parseParams } from '../../http/validate.ts';
import { requireUser } from '../auth/guards.ts';
import type { MyFacesService } from '../my-faces/index.ts';
import type { FacePicker } from '../swaps/index.ts';
import { readUploadForm, rejectOversizedBody } from '../uploads/index.ts';
import { toV1SavedFaces } from './face-view.ts';

export interface FaceRoutesDeps {
  picker: FacePicker;
  myFaces: MyFacesService;
  /** The key's rate limit, shared by every v1 route. */
  limit: onRequestHookHandler;
}

export async function publicFaceRoutes(app: FastifyInstance, { picker, myFaces, limit }: FaceRoutesDeps): Promise<void> {
  const keyed = { config: { auth: 'apiKey' }, onRequest: limit } as const;

  app.post('/app/api/v1/faces/detect', { ...keyed, onRequest: [limit, async (req: FastifyRequest) => rejectOversizedBody(req, 1)] }, async (req): Promise<DetectFacesResponse> => {
    const { uid } = requireUser(req);
    const form = await readUploadForm(req, ['image']);
    if (!form.files.image) throw new AppError(400, 'images_missing', 'Please send an image.', { field: 'image' });
    return picker.detect(uid, form.files.image);
  });

  app.get('/app/api/v1/faces', keyed, async (req): Promise<V1SavedFaceList> => toV1SavedFaces(await myFaces.list(requireUser(req).uid)));

  app.get('/app/api/v1/faces/:id/photos/:photoId', keyed, async (req, reply) => {
    const { id, photoId } = parseParams(v1FacePhotoParams, req.params);
    // A photo id is never reused, so its bytes never change; only the key's holder may keep them.
    return sendFile(reply, await myFaces.photo(requireUser(req).uid, id, photoId), 'private, max-age=86400, immutable');
  });
}
