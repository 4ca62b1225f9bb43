// Demo content: the 30 synthetic Proshoot portraits in apps/server/demo/proshoot (MIT, see its
// LICENSE.txt) with their MANIFEST.tsv attributes, added once at first start when DEMO_CONTENT is on.
// Claimed in catalogue_seeds first, so several processes starting together seed once, and an
// operator who empties the catalogue does not see it come back.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { CatalogueService } from './service.ts';
import type { StoredAttributes } from './metadata.ts';

export const DEMO_PROSHOOT_DIR = resolve(import.meta.dirname, '../../../demo/proshoot');
const SEED = 'demo-proshoot-v1';

export function readManifest(dir = DEMO_PROSHOOT_DIR): Array<{ file: string; attrs: StoredAttributes }> {
  const [head, ...rows] = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
  const at = (row: string[], name: string) => row[head!.indexOf(name)]?.trim() ?? '';
  return rows.map((row) => ({
    file: row[0]!,
    attrs: {
      gender: at(row, 'gender'), ethnicity: at(row, 'ethnicity'), age_range: at(row, 'ageRange'), face_shape: at(row, 'faceShape'), hair_type: at(row, 'hairType'),
      hair_length: at(row, 'hairLength'), hair_color: at(row, 'hairColor'), eyes_shape: '', nose_shape: '', lips_shape: '', cheeks_shape: '',
      player_id: null, country: null, club: null,
    },
  }));
}

/** Seeds the Proshoot catalogue once; returns how many photos were added. */
export async function seedDemoCatalogue(catalogue: CatalogueService, log: Logger, dir = DEMO_PROSHOOT_DIR): Promise<number> {
  if (!existsSync(join(dir, 'MANIFEST.tsv'))) return 0;
  if (!(await catalogue.claimSeed(SEED))) return 0;
  let added = 0;
  try {
    const photos = readManifest(dir);
    // Oldest first, so the list (newest first) shows p01 at the top.
    for (const [i, { file, attrs }] of [...photos.entries()].reverse()) {
      const problem = await catalogue.seedOne('proshoot', `demo-${String(i + 1).padStart(2, '0')}`, file, readFileSync(join(dir, file)), attrs);
      if (problem) log.warn({ file, problem }, 'demo catalogue photo refused');
      else added += 1;
    }
  } catch (err) {
    // Not seeded after all: the next start tries again (entries already added are kept once).
    await catalogue.releaseSeed(SEED);
    throw err;
  }
  log.info({ added }, 'demo Proshoot catalogue seeded');
  return added;
}
