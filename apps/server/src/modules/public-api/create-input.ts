// What POST /app/api/v1/swaps creates from: uploaded files (the same form, checks and face choice
// as the app's upload), or photos already held for the caller, named by id (never fetched from a URL).
import type { FastifyRequest } from 'fastify';
import { v1CreateSwapJson, v1SwapMode } from '@visage/contracts';
import { AppError, badRequest } from '../../http/errors.ts';
import { parseBody } from '../../http/validate.ts';
import { readSwapForm, type FacePicker } from '../swaps/index.ts';
import type { SwapInput, SwapMode, SwapsService } from '../swaps/service.ts';
import { requestHash } from './idempotency.ts';

/** Finds a catalogue photo's key by the entry's id, refusing one of another catalogue. */
export type CatalogueTargets = (kind: 'proshoot' | 'prosoccer', entryId: string) => Promise<string>;

export interface CreateInput {
  mode: SwapMode;
  item: SwapInput;
  /** Of the request as sent (the form's fields and files, or the JSON), for the Idempotency-Key check. */
  hash: string;
}

const UNAVAILABLE = 'That swap\'s photo is no longer kept (uploads are deleted after the retention period). Send the file instead.';

export interface CreateSources {
  swaps: SwapsService;
  picker: FacePicker;
  catalogue: CatalogueTargets;
}

export async function readCreateInput(req: FastifyRequest, uid: string, { swaps, picker, catalogue }: CreateSources): Promise<CreateInput> {
  if (req.isMultipart()) {
    const form = await readSwapForm(req);
    const { target, choice } = form;
    if (!target || choice.sources.length === 0) throw new AppError(400, 'images_missing', 'Please send both target and source images.');
    const mode = v1SwapMode.safeParse(form.fields.mode ?? 'main');
    if (!mode.success) throw badRequest('invalid_request', 'Please check: mode.', { field: 'mode' });
    // `fields` keeps only a repeated part's last value: the sources are hashed in order, one by one.
    const fields = Object.entries(form.fields).filter(([name]) => name !== 'source').sort(([a], [b]) => a.localeCompare(b)).flat();
    const sources = choice.sources.flatMap((s) => (s.kind === 'file' ? ['source', s.bytes] : ['saved', s.id]));
    const hash = requestHash(['multipart', ...fields, ...sources, 'target', target]);
    return { mode: mode.data, item: await picker.input(uid, choice, target), hash };
  }
  const body = parseBody(v1CreateSwapJson, req.body);
  const hash = requestHash(['json', JSON.stringify(body)]);
  const ownPhoto = async (swapId: string, which: 'source_key' | 'target_key') => {
    const row = await swaps.findOwned(swapId, uid, false);
    const key = row[which];
    if (key.startsWith('uploads/') && row.uploads_deleted_at !== null) throw badRequest('photo_unavailable', UNAVAILABLE, { swapId });
    return { key };
  };
  // A saved face is kept as the app's upload keeps one named alone: the key of its first photo
  // (every photo is read at run time). Checked first: someone else's face is 404 unknown_face.
  const source = 'savedFaceId' in body.source ? await swaps.savedFaceSource(uid, body.source.savedFaceId) : await ownPhoto(body.source.swapId, 'source_key');
  let target: { key: string };
  if ('catalogueId' in body.target) {
    if (body.mode === 'main') throw badRequest('invalid_request', 'A catalogue target needs mode proshoot or prosoccer.', { field: 'target.catalogueId' });
    target = { key: await catalogue(body.mode, body.target.catalogueId) };
  } else {
    target = await ownPhoto(body.target.swapId, 'target_key');
  }
  return { mode: body.mode, item: { source, target }, hash };
}
