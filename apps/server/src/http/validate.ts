// Input validation for routes: a bad path parameter names nothing we have (404), a bad query
// string or body is the caller's mistake (400 naming the fields). Never a 5xx.
import type { z } from 'zod';
import { badRequest, notFound } from './errors.ts';

function fieldsOf(error: z.ZodError): string {
  const fields = error.issues.map((i) => i.path.join('.')).filter(Boolean);
  return [...new Set(fields)].join(', ') || 'the request';
}

/** Path parameters: anything that does not parse cannot name one of our objects. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw badRequest('invalid_query', `Please check: ${fieldsOf(parsed.error)}.`, parsed.error.issues);
  return parsed.data;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest('invalid_request', `Please check: ${fieldsOf(parsed.error)}.`, parsed.error.issues);
  return parsed.data;
}

/** For the error handler: a schema failure that reached it unhandled is still the caller's mistake. */
export function isZodError(err: unknown): err is z.ZodError {
  return err instanceof Error && err.name === 'ZodError' && Array.isArray((err as { issues?: unknown }).issues);
}
