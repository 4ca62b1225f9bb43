// The typed job registry: job name → zod payload schema → handler. Definitions live with
// their module (defineJob); handlers are attached where their dependencies exist
// (context.ts). assertComplete() makes start-up fail when a defined job has no handler.
import type { AnyJobDefinition, JobDefinition } from './definition.ts';
import { InvalidJobPayloadError, UnknownJobError, type Json, type JobContext } from './types.ts';

export { defineJob, type AnyJobDefinition, type JobDefinition } from './definition.ts';

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<Json | void>;

/**
 * Called once a job has failed for good (its last attempt failed, a permanent error, or its
 * worker vanished on the last attempt), by whichever process saw it fail; so the module can
 * settle what the job was for. Must be idempotent: a crash may make it run again (see reconcile).
 */
export type JobFailedHook<P> = (payload: P, error: string) => Promise<void>;

export interface JobHooks<P> {
  onFailed?: JobFailedHook<P>;
}

interface Entry {
  definition: JobDefinition<unknown>;
  handler?: JobHandler<unknown>;
  hooks?: JobHooks<unknown>;
}

export interface JobRegistry {
  /** Attaches the handler for a defined job (or defines and attaches in one go). */
  handle<P, I>(definition: JobDefinition<P, I>, handler: JobHandler<P>, hooks?: JobHooks<P>): JobRegistry;
  /** Runs the job's onFailed hook, if any, with its parsed payload; adapters call it on a terminal failure. */
  failed(name: string, payload: unknown, error: string): Promise<void>;
  definition(name: string): JobDefinition<unknown>;
  handler(name: string): JobHandler<unknown>;
  has(name: string): boolean;
  names(): string[];
  /** Parses a payload with the job's schema; throws UnknownJobError / InvalidJobPayloadError. */
  parse(name: string, payload: unknown): unknown;
  /** Throws listing every defined job that has no handler. */
  assertComplete(): void;
}

export function createJobRegistry(definitions: readonly AnyJobDefinition[] = []): JobRegistry {
  const entries = new Map<string, Entry>();
  const add = (definition: JobDefinition<unknown>) => {
    const existing = entries.get(definition.name);
    if (existing && existing.definition !== definition) throw new Error(`Job "${definition.name}" is defined twice`);
    if (!existing) entries.set(definition.name, { definition });
  };
  for (const d of definitions) add(d as JobDefinition<unknown>);

  const registry: JobRegistry = {
    handle(definition, handler, hooks) {
      add(definition as JobDefinition<unknown>);
      const entry = entries.get(definition.name)!;
      if (entry.handler) throw new Error(`Job "${definition.name}" already has a handler`);
      entry.handler = handler as JobHandler<unknown>;
      entry.hooks = hooks as JobHooks<unknown> | undefined;
      return registry;
    },
    async failed(name, payload, error) {
      const hook = entries.get(name)?.hooks?.onFailed;
      if (hook) await hook(registry.parse(name, payload), error);
    },
    definition(name) {
      const entry = entries.get(name);
      if (!entry) throw new UnknownJobError(name);
      return entry.definition;
    },
    handler(name) {
      const h = entries.get(name)?.handler;
      if (!h) throw new UnknownJobError(name);
      return h;
    },
    has: (name) => Boolean(entries.get(name)?.handler),
    names: () => [...entries.keys()],
    parse(name, payload) {
      const def = registry.definition(name);
      const parsed = def.schema.safeParse(payload);
      if (!parsed.success) {
        throw new InvalidJobPayloadError(name, parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
      }
      return parsed.data;
    },
    assertComplete() {
      const missing = [...entries.values()].filter((e) => !e.handler).map((e) => e.definition.name);
      if (missing.length) throw new Error(`Start-up failed: no handler registered for job(s) ${missing.join(', ')}`);
    },
  };
  return registry;
}
