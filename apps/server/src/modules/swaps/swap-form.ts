// The swap forms' multipart body (dashboard, pro modes, admin test): a target file, up to
// MAX_SWAP_SOURCES `source` parts in order (a file, or a text part naming a saved face) and the
// optional `faces` / `sourceFaces` fields the face picker sends.
import type { FastifyRequest } from 'fastify';
import { MAX_SWAP_SOURCES } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { readMultiFileForm } from '../uploads/index.ts';
import { tooManySources, type FaceChoice } from './face-picker.ts';

export interface SwapForm {
  fields: Record<string, string>;
  target?: Buffer;
  choice: FaceChoice;
}

export async function readSwapForm(req: FastifyRequest): Promise<SwapForm> {
  const form = await readMultiFileForm(req, { target: 1, source: MAX_SWAP_SOURCES }, (field, limit) =>
    field === 'source' ? tooManySources() : new AppError(400, 'unexpected_file', `Only ${limit} file(s) in "${field}".`, { field }));
  const sources: FaceChoice['sources'] = form.parts
    .filter((p) => p.field === 'source')
    .map((p) => (Buffer.isBuffer(p.value) ? { kind: 'file', bytes: p.value } : { kind: 'saved', id: p.value.trim() }));
  const { faces, sourceFaces } = form.fields;
  return {
    fields: form.fields,
    ...(form.files.target?.[0] ? { target: form.files.target[0] } : {}),
    choice: { sources, ...(faces !== undefined ? { faces } : {}), ...(sourceFaces !== undefined ? { sourceFaces } : {}) },
  };
}

/** The declared body a swap form may carry: the target and every face photo. */
export const SWAP_FORM_FILES = 1 + MAX_SWAP_SOURCES;
