// Demo seeding: the portraits in apps/server/demo/proshoot with their MANIFEST.tsv attributes,
// analysed like an operator upload, added once (a second start adds nothing).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ATTRIBUTE_KEYS, ATTRIBUTE_VALUES, SUGGESTED_KEYS, type CatalogueEntry } from '@visage/contracts';
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
    // What the manifest leaves empty is read from the photo: every entry has every attribute but
    // ethnicity, which stays as the manifest gives it.
    expect(list[1]).toMatchObject({ ethnicity: 'asian', hairLength: expect.stringMatching(/./) });
    for (const entry of list) for (const key of SUGGESTED_KEYS) expect(ATTRIBUTE_VALUES[key], `${entry.id} ${key}`).toContain(entry[key]);
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

  it('fills the empty attributes of demo photos seeded earlier, once, keeping what an operator set', async () => {
    const log = pino({ level: 'silent' });
    // As a start before suggestions covered every attribute left them, one value set by an operator.
    await t.ctx.db.updateTable('catalogue_entries').set({ eyes_shape: '', nose_shape: '', lips_shape: '', cheeks_shape: '' }).execute();
    await t.ctx.db.updateTable('catalogue_entries').set({ nose_shape: 'roman' }).where('id', '=', 'demo-02').execute();
    await t.ctx.db.deleteFrom('catalogue_seeds').where('name', '=', 'demo-proshoot-attributes-v1').execute();
    expect(await seedDemoCatalogue(t.ctx.catalogue, log, dir)).toBe(0);
    const rows = await t.ctx.db.selectFrom('catalogue_entries').select(['id', 'eyes_shape', 'nose_shape', 'lips_shape', 'cheeks_shape']).orderBy('id').execute();
    for (const row of rows) for (const v of [row.eyes_shape, row.nose_shape, row.lips_shape, row.cheeks_shape]) expect(v, row.id).not.toBe('');
    expect(rows.find((r) => r.id === 'demo-02')!.nose_shape).toBe('roman');
    // Once: an operator who empties a value later keeps it empty.
    await t.ctx.db.updateTable('catalogue_entries').set({ eyes_shape: '' }).where('id', '=', 'demo-01').execute();
    await seedDemoCatalogue(t.ctx.catalogue, log, dir);
    expect((await t.ctx.db.selectFrom('catalogue_entries').select('eyes_shape').where('id', '=', 'demo-01').executeTakeFirstOrThrow()).eyes_shape).toBe('');
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

  it('seeds all 30 portraits so that every filter value they use finds them, each face read in full', async () => {
    const log = pino({ level: 'silent' });
    await t.ctx.db.deleteFrom('catalogue_seeds').execute();
    await t.ctx.db.deleteFrom('catalogue_entries').execute();
    expect(await seedDemoCatalogue(t.ctx.catalogue, log)).toBe(30);
    const user = await signUpAs(t, 'user');
    const get = async (query: string) => (await t.app.inject({ url: `/app/api/admin/proshoot/${query}`, headers: { cookie: user.cookie } })).json<CatalogueEntry[]>();
    const all = await get('');
    for (const key of ATTRIBUTE_KEYS) {
      const used = [...new Set(all.map((e) => e[key]).filter(Boolean))];
      for (const value of used) {
        expect(ATTRIBUTE_VALUES[key], `${key}=${value} is a filter option`).toContain(value);
        expect((await get(`?${key}=${encodeURIComponent(value)}`)).length, `${key}=${value}`).toBeGreaterThan(0);
      }
      if (key === 'ethnicity') continue;
      expect(all.filter((e) => !e[key]).map((e) => e.id), `${key} empty`).toEqual([]);
      // A filter that matched every portrait would not help choose.
      expect(used.length, `${key} values`).toBeGreaterThanOrEqual(2);
    }
  }, 240_000);

  it('refuses engine work once the engine is closed, rather than starting a new pool', async () => {
    const engine = lazyEngine(1, 500);
    await engine.close();
    await expect(engine.describe(readFileSync(join(dir, readManifest(dir)[0]!.file)))).rejects.toMatchObject({ code: 'pool_closed' });
  });
});
