// `npm run user:create` runs in apps/server, `npm start` in the repository root: a relative
// DATA_DIR must name the same folder for both, or the new admin cannot sign in.
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../src/config.ts';

const cwd = process.cwd();
afterEach(() => process.chdir(cwd));

describe('DATA_DIR', () => {
  it('is read from the repository root whatever the working directory', () => {
    expect(REPO_ROOT).toBe(resolve(import.meta.dirname, '../../../..'));
    for (const dir of [REPO_ROOT, join(REPO_ROOT, 'apps/server')]) {
      process.chdir(dir);
      const config = loadConfig({});
      expect(config.DATA_DIR).toBe(join(REPO_ROOT, 'data'));
      expect(config.databaseUrl).toBe(join(REPO_ROOT, 'data/visage.db'));
      expect(config.storageDir).toBe(join(REPO_ROOT, 'data/media'));
    }
    expect(loadConfig({ DATA_DIR: '/srv/visage' }).DATA_DIR).toBe('/srv/visage');
  });
});
