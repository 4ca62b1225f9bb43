// A bulk's form: its `targets` field repeats (up to 15), read by the shared multipart reader.
import type { FastifyRequest } from 'fastify';
import { MAX_BULK_TARGETS } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { readMultiFileForm, type MultiFileForm } from '../uploads/index.ts';

export const tooManyTargets = () =>
  new AppError(400, 'too_many_targets', `You can only upload up to ${MAX_BULK_TARGETS} target images.`, { field: 'targets', max: MAX_BULK_TARGETS });

export function readBulkForm(req: FastifyRequest, limits: Record<string, number>): Promise<MultiFileForm> {
  return readMultiFileForm(req, limits, (field, limit) => (field === 'targets' ? tooManyTargets() : new AppError(400, 'unexpected_file', `Only ${limit} file(s) in "${field}".`, { field })));
}
