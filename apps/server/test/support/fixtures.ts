// The shared face fixtures (../shared/fixtures/faces beside the repository), or VISAGE_FIXTURES.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FIXTURES_DIR = process.env.VISAGE_FIXTURES ?? resolve(import.meta.dirname, '../../../../../shared/fixtures/faces');

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, name));
}
