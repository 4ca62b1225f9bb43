// Body validation with a contracts schema: 400 invalid_request naming the fields at fault.
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).filter(Boolean);
    throw badRequest('invalid_request', `Please check: ${[...new Set(fields)].join(', ') || 'the request'}.`, parsed.error.issues);
  }
  return parsed.data;
}
