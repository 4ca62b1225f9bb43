// Replacing one saved face twice at once, on every database: each replace learns the key it took
// the place of, so every file but the last one is dropped and none is dropped twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/infra/db/database.ts';
import { FacesRepository } from '../../src/modules/faces/repository.ts';
import { databaseTargets, openMigrated } from '../support/databases.ts';

describe.each(databaseTargets.filter((d) => d.enabled))('saved face replaced twice at once on $kind', (target) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openMigrated(target));
  });
  afterAll(async () => close?.());

  it('hands each replace its own previous key', async () => {
    const repo = new FacesRepository(db);
    const face = (key: string) => ({ uid: 'u1', id: 'grace', key, created_at: 1, updated_at: 2 });
    await repo.save(face('faces/u1/k0.jpg'), false);
    for (let round = 1; round <= 5; round++) {
      const before = (await repo.find('u1', 'grace'))!.key;
      const keys = Array.from({ length: 4 }, (_, i) => `faces/u1/r${round}-${i}.jpg`);
      const results = await Promise.all(keys.map((k) => repo.save(face(k), true)));
      const after = (await repo.find('u1', 'grace'))!.key;
      // The previous keys are the old key and every new key but the last: a chain, no repeats.
      const previous = results.map((r) => r.previousKey).sort();
      expect(results.every((r) => r.saved)).toBe(true);
      expect(previous).toEqual([before, ...keys.filter((k) => k !== after)].sort());
    }
  });
});
