// The repository's face fixtures, as every server test reads them.
import { FACES_DIR, faceFixture } from '../../../../fixtures/index.mjs';

export const FIXTURES_DIR = FACES_DIR;

export function fixture(name: string): Buffer {
  return faceFixture(name);
}
