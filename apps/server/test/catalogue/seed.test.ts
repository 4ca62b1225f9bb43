// Demo seeding: the portraits in apps/server/demo/proshoot with their MANIFEST.tsv attributes,
// analysed like an operator upload, added once (a second start adds nothing).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { CatalogueEntry } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { DEMO_PROSHOOT_DIR, readManifest, seedDemoCatalogue } from '../../src/modules/catalogue/seed.ts';
import type { CatalogueService } from '../../src/modules/catalogue/service.ts';
import { lazyEngine } from '../../src/modules/swaps/index.ts';
import { signUpAs } from './support.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1' });
  // Three of the 30 keep the test short; the manifest is cut to them.
  dir = mkdtempSync(join(tmpdir(), 'visage-demo-'));
  const lines = readFileSync(join(DEMO_PROSHOOT_DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  writeFileSync(join(dir, 'MANIFEST.tsv'), [lines[0], lines[2], lines[3], lines[17]].join('\n'));
  for (const row of readManifest(dir)) copyFileSync(join(DEMO_PROSHOOT_DIR, row.file), join(dir, row.file));
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo Proshoot catalogue', () => {
  it('ships 30 portraits with their licence and manifest', () => {
    expect(readManifest()).toHaveLength(30);
    expect(readFileSync(join(DEMO_PROSHOOT_DIR, 'LICENSE.txt'), 'utf8')).toContain('MIT License');
  });

  it('seeds the catalogue once, with the manifest attributes', async () => {
    const log = pino({ level: 'silent' });
    expect(await seedDemoCatalogue(t.ctx.catalogue, log, dir)).toBe(3);
    expect(await seedDemoCatalogue(t.ctx.catalogue, log, dir)).toBe(0);
    const user = await signUpAs(t, 'user');
    const list = (await t.app.inject({ url: '/app/api/admin/proshoot/', headers: { cookie: user.cookie } })).json<CatalogueEntry[]>();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ gender: 'female', ethnicity: 'caucasian', ageRange: '18-25', hairColor: 'red', hairLength: 'long' });
    expect(list[1]).toMatchObject({ ethnicity: 'asian', hairLength: '' });
    const thumb = await t.app.inject({ url: list[2]!.thumbUrl, headers: { cookie: user.cookie } });
    expect(thumb.headers['content-type']).toBe('image/webp');
  }, 60_000);

  it('goes on where a stopped start left off, adding nothing twice', async () => {
    const log = pino({ level: 'silent' });
    // As if the last start stopped before the last photo and before recording the seeding.
    await t.ctx.db.deleteFrom('catalogue_seeds').execute();
    await t.ctx.db.deleteFrom('catalogue_entries').where('id', '=', 'demo-01').execute();
    expect(await seedDemoCatalogue(t.ctx.catalogue, log, dir)).toBe(1);
    const rows = await t.ctx.db.selectFrom('catalogue_entries').select('id').execute();
    expect(rows.map((r) => r.id).sort()).toEqual(['demo-01', 'demo-02', 'demo-03']);
  }, 60_000);

  it('stops between photos when the server shuts down, and goes on at the next start', async () => {
    const log = pino({ level: 'silent' });
    await t.ctx.db.deleteFrom('catalogue_seeds').execute();
    await t.ctx.db.deleteFrom('catalogue_entries').execute();
    const stop = new AbortController();
    const catalogue = t.ctx.catalogue;
    // Shutdown arrives while the first photo is being added.
    const stopping = Object.assign(Object.create(catalogue) as CatalogueService, {
      seedOne: async (...args: Parameters<CatalogueService['seedOne']>) => {
        stop.abort();
        return catalogue.seedOne(...args);
      },
    });
    expect(await seedDemoCatalogue(stopping, log, dir, stop.signal)).toBe(1);
    expect(await catalogue.isSeeded('demo-proshoot-v1')).toBe(false);
    expect(await seedDemoCatalogue(catalogue, log, dir)).toBe(2);
    expect(await catalogue.isSeeded('demo-proshoot-v1')).toBe(true);
  }, 60_000);

  it('refuses engine work once the engine is closed, rather than starting a new pool', async () => {
    const engine = lazyEngine(1, 500);
    await engine.close();
    await expect(engine.describe(readFileSync(join(dir, readManifest(dir)[0]!.file)))).rejects.toMatchObject({ code: 'pool_closed' });
  });
});
