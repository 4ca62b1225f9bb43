// Demo content: the 30 synthetic Proshoot portraits in apps/server/demo/proshoot (MIT, see its
// LICENSE.txt) with their MANIFEST.tsv attributes (those it leaves empty read from each photo),
// added once at first start when DEMO_CONTENT is on.
// Recorded in catalogue_seeds when done, so an operator who empties the catalogue does not see it
// come back; a start stopped midway goes on where it stopped (each photo has a fixed id and key, so
// processes starting together never add one twice).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { CatalogueService } from './service.ts';
import type { StoredAttributes } from './metadata.ts';

export const DEMO_PROSHOOT_DIR = resolve(import.meta.dirname, '../../../demo/proshoot');
const SEED = 'demo-proshoot-v1';
const FILL = 'demo-proshoot-attributes-v1';

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

/**
 * Seeds the Proshoot catalogue once; returns how many photos were added. Stops between photos once
 * `stop` is aborted (the server shutting down), to go on at the next start.
 */
export async function seedDemoCatalogue(catalogue: CatalogueService, log: Logger, dir = DEMO_PROSHOOT_DIR, stop?: AbortSignal): Promise<number> {
  if (!existsSync(join(dir, 'MANIFEST.tsv'))) return 0;
  const photos = readManifest(dir);
  let added = 0;
  if (!(await catalogue.isSeeded(SEED))) {
    // Oldest first, so the list (newest first) shows p01 at the top.
    for (const [i, { file, attrs }] of [...photos.entries()].reverse()) {
      if (stop?.aborted) return added;
      const id = demoId(i);
      if (await catalogue.has(id)) continue;
      const problem = await catalogue.seedOne('proshoot', id, file, readFileSync(join(dir, file)), attrs);
      if (problem) log.warn({ file, problem }, 'demo catalogue photo refused');
      else added += 1;
    }
    await catalogue.markSeeded(SEED);
    log.info({ added }, 'demo Proshoot catalogue seeded');
  }
  await fillDemoAttributes(catalogue, log, photos.length, stop);
  return added;
}

/**
 * Once: demo photos seeded before suggestions covered every attribute get their empty ones filled
 * (seedOne fills them for photos added now, so those read as complete and are skipped).
 */
async function fillDemoAttributes(catalogue: CatalogueService, log: Logger, count: number, stop?: AbortSignal): Promise<void> {
  if (await catalogue.isSeeded(FILL)) return;
  let filled = 0;
  for (let i = 0; i < count; i++) {
    if (stop?.aborted) return;
    filled += await catalogue.fillEmptyAttributes(demoId(i));
  }
  await catalogue.markSeeded(FILL);
  if (filled > 0) log.info({ filled }, 'demo Proshoot attributes filled from the photos');
}

function demoId(index: number): string {
  return `demo-${String(index + 1).padStart(2, '0')}`;
}
