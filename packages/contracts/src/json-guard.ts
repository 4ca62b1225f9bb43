// A small checker for the JSON Schemas zod writes (z.toJSONSchema), with no zod: the web app's
// first screen checks its answers with it instead of loading the whole schema library.
// It reads the keywords those schemas use and, like zod's parse, drops the keys an object does
// not declare (zod writes `additionalProperties: false` for a plain object, yet strips them).

export interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  /** `false` after `prefixItems`: a tuple takes nothing past its listed places. */
  items?: JsonSchema | false;
  prefixItems?: readonly JsonSchema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  $schema?: string;
}

/** Anything with a `parse` method: a zod schema, or a guard made by `jsonGuard`. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export class JsonGuardError extends Error {
  override readonly name = 'JsonGuardError';
}

const KNOWN = new Set(['type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'prefixItems', 'minItems', 'maxItems', 'anyOf', 'oneOf', 'minimum', 'maximum', 'exclusiveMinimum', 'pattern', 'format', '$schema']);

/** A guard also answers as zod's safeParse does, for values that may be of another shape. */
export interface Guard<T> extends Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: JsonGuardError };
}

/** A guard for `schema` whose values have type T (test/first-load.test.ts holds T and the schema to zod's). */
export function jsonGuard<T>(schema: JsonSchema): Guard<T> {
  assertKnown(schema);
  const parse = (data: unknown) => check(schema, data, '') as T;
  return {
    parse,
    safeParse(data) {
      try {
        return { success: true, data: parse(data) };
      } catch (error) {
        if (error instanceof JsonGuardError) return { success: false, error };
        throw error;
      }
    },
  };
}

/** A schema keyword this checker does not read would be skipped silently: refuse it at once. */
function assertKnown(schema: JsonSchema): void {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`jsonGuard: unsupported keyword ${key}`);
  const children = [...Object.values(schema.properties ?? {}), ...(schema.prefixItems ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (schema.items) children.push(schema.items);
  if (schema.propertyNames) children.push(schema.propertyNames);
  if (typeof schema.additionalProperties === 'object') children.push(schema.additionalProperties);
  children.forEach(assertKnown);
}

function fail(path: string, what: string): never {
  throw new JsonGuardError(`${path || 'answer'}: ${what}`);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function check(schema: JsonSchema, value: unknown, path: string): unknown {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const ok: unknown[] = [];
    for (const alt of alternatives) {
      try {
        ok.push(check(alt, value, path));
      } catch (err) {
        if (!(err instanceof JsonGuardError)) throw err;
      }
    }
    if (ok.length === 0 || (schema.oneOf && ok.length > 1)) fail(path, 'matches none of its forms');
    return ok[0];
  }
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) fail(path, `expected ${types.join(' or ')}`);
  }
  if (schema.const !== undefined && value !== schema.const) fail(path, `expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) fail(path, 'not one of the known values');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, 'not a finite number');
    if (schema.minimum !== undefined && value < schema.minimum) fail(path, `below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(path, `above ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) fail(path, `not above ${schema.exclusiveMinimum}`);
  }
  if (typeof value === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) fail(path, 'malformed');
  if (Array.isArray(value)) return checkArray(schema, value, path);
  if (typeOf(value) === 'object' && (schema.properties || schema.additionalProperties !== undefined)) return checkObject(schema, value as Record<string, unknown>, path);
  return value;
}

function checkArray(schema: JsonSchema, value: unknown[], path: string): unknown[] {
  if (schema.minItems !== undefined && value.length < schema.minItems) fail(path, `fewer than ${schema.minItems} items`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(path, `more than ${schema.maxItems} items`);
  const places = schema.prefixItems ?? [];
  return value.map((item, i) => {
    const sub = places[i] ?? schema.items;
    if (sub === false) fail(`${path}[${i}]`, 'not expected');
    return sub ? check(sub, item, `${path}[${i}]`) : item;
  });
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) if (!Object.hasOwn(value, key)) fail(`${path}.${key}`, 'missing');
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (!Object.hasOwn(value, key)) continue;
    // An optional key set to undefined (never in JSON, but in objects built here) stays so, as in zod.
    out[key] = value[key] === undefined && !schema.required?.includes(key) ? undefined : check(sub, value[key], `${path}.${key}`);
  }
  const rest = schema.additionalProperties;
  if (typeof rest === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (schema.properties && Object.hasOwn(schema.properties, key)) continue;
      if (schema.propertyNames) check(schema.propertyNames, key, `${path}.${key}`);
      out[key] = check(rest, item, `${path}.${key}`);
    }
  }
  return out;
}
