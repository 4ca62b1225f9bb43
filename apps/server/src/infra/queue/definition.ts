// A job's definition: its name, payload schema and retry settings, declared next to the module
// that enqueues it (defineJob). Apart from the registry so the queue's types can name it.
import type { z } from 'zod';

/** P: the payload a handler receives (schema output); I: what enqueue accepts (schema input). */
export interface JobDefinition<P = unknown, I = P> {
  readonly name: string;
  readonly schema: z.ZodType<P, I>;
  readonly maxAttempts?: number;
  /** First retry delay for this job; defaults to JOB_BACKOFF_MS. */
  readonly backoffMs?: number;
}

const NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  opts: { maxAttempts?: number; backoffMs?: number } = {},
): JobDefinition<z.output<S>, z.input<S>> {
  if (!NAME.test(name)) throw new Error(`Invalid job name "${name}"`);
  return { name, schema: schema as z.ZodType<z.output<S>, z.input<S>>, ...opts };
}

/** Any job definition, whatever its payload type. */
export type AnyJobDefinition = Pick<JobDefinition, 'name' | 'maxAttempts' | 'backoffMs'> & { readonly schema: z.ZodType };
