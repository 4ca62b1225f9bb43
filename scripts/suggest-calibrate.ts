// Compares the operator form's suggestions (packages/engine/src/api/describe.ts) with the demo
// MANIFEST.tsv: prints each photo's measures and how often each suggestion agreed.
//   npx tsx scripts/suggest-calibrate.ts [--raw]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeImage } from '../packages/engine/src/index.ts';

const dir = resolve(import.meta.dirname, '../apps/server/demo/proshoot');
const [head, ...rows] = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
const col = (name: string) => head!.indexOf(name);
const keys = ['gender', 'ageRange', 'faceShape', 'hairColor'] as const;
const agree: Record<string, [number, number]> = Object.fromEntries(keys.map((k) => [k, [0, 0]]));
for (const row of rows) {
  const file = row[0]!;
  const d = (await describeImage(readFileSync(join(dir, file)))).description;
  if (!d) { console.log(file, 'no face'); continue; }
  const got: Record<string, string> = { gender: d.gender, ageRange: d.ageRange, faceShape: d.faceShape, hairColor: d.hairColor };
  const line = [file.slice(0, 3)];
  for (const k of keys) {
    const want = row[col(k)] ?? '';
    if (!want) { line.push(`${k}=${got[k]}(?)`); continue; }
    agree[k]![1]++;
    if (want === got[k]) agree[k]![0]++;
    line.push(`${k}=${got[k]}${want === got[k] ? '' : `≠${want}`}`);
  }
  if (process.argv.includes('--raw')) line.push(`age=${d.age} len=${d.measures.length.toFixed(2)} jaw=${d.measures.jaw.toFixed(2)} fh=${d.measures.forehead.toFixed(2)} hair L=${d.measures.hair.l.toFixed(0)} C=${d.measures.hair.c.toFixed(0)} h=${d.measures.hair.h.toFixed(0)}`);
  console.log(line.join('  '));
}
for (const k of keys) console.log(`${k}: ${agree[k]![0]}/${agree[k]![1]} agree with the manifest`);
process.exit(0);
