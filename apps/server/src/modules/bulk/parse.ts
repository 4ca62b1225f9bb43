// Input checks with contracts' zod schemas: a bad value is a 400 naming the field, never a 5xx.
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';

/** Zod's first issue as a 400 naming the field (never a 5xx on bad input). */
export function parseOr400<T>(schema: z.ZodType<T>, data: unknown): T {
  const res = schema.safeParse(data);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new AppError(400, 'invalid_request', `${field ?? 'request'}: ${issue?.message ?? 'invalid'}`, { field });
}
