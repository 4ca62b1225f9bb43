// Writes src/first-load-schemas.ts: the JSON Schemas (z.toJSONSchema) of the answers the web
// app's first screen checks without zod. test/first-load.test.ts fails until they match again.
// Run: npx tsx packages/contracts/scripts/write-first-load-schemas.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_LOAD_SCHEMAS, firstLoadJsonSchemas } from '../test/first-load-sources.ts';

const body = Object.keys(FIRST_LOAD_SCHEMAS)
  .map((name) => `export const ${name}Json = ${JSON.stringify(firstLoadJsonSchemas()[name as keyof typeof FIRST_LOAD_SCHEMAS])} as const satisfies JsonSchema;\n`)
  .join('\n');
const text = `// Written by scripts/write-first-load-schemas.ts from the zod schemas of the same names; do not edit.\nimport type { JsonSchema } from './json-guard.ts';\n\n${body}`;
writeFileSync(join(import.meta.dirname, '../src/first-load-schemas.ts'), text);
