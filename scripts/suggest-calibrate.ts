// Compares the operator form's suggestions (packages/engine/src/api/describe.ts) with the demo
// MANIFEST.tsv: prints each photo's measures and how often each suggestion agreed. Attributes the
// manifest leaves empty are printed with '(?)' and not scored.
//   npx tsx scripts/suggest-calibrate.ts [--raw]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeImage } from '../packages/engine/src/index.ts';

const dir = resolve(import.meta.dirname, '../apps/server/demo/proshoot');
const [head, ...rows] = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
const col = (name: string) => head!.indexOf(name);
const keys = ['gender', 'ageRange', 'faceShape', 'hairColor', 'hairType', 'hairLength', 'eyesShape', 'noseShape', 'lipsShape', 'cheeksShape'] as const;
const agree: Record<string, [number, number]> = Object.fromEntries(keys.map((k) => [k, [0, 0]]));
const f2 = (v: number) => v.toFixed(2);
for (const row of rows) {
  const file = row[0]!;
  const d = (await describeImage(readFileSync(join(dir, file)))).description;
  if (!d) { console.log(file, 'no face'); continue; }
  const line = [file.slice(0, 3)];
  for (const k of keys) {
    const want = col(k) >= 0 ? (row[col(k)] ?? '') : '';
    if (!want) { line.push(`${k}=${d[k]}(?)`); continue; }
    agree[k]![1]++;
    if (want === d[k]) agree[k]![0]++;
    line.push(`${k}=${d[k]}${want === d[k] ? '' : `≠${want}`}`);
  }
  if (process.argv.includes('--raw')) {
    const m = d.measures, h = m.hairStyle;
    line.push(`age=${d.age} len=${f2(m.length)} jaw=${f2(m.jaw)} fh=${f2(m.forehead)} hair L=${m.hair.l.toFixed(0)} C=${m.hair.c.toFixed(0)} h=${m.hair.h.toFixed(0)}`);
    line.push(`toSkin=${h.hairToSkin.toFixed(0)} reach=${f2(h.reach)} crown=${f2(h.crown)} coh=${f2(h.coherence)}`);
    line.push(Object.entries(m.features).map(([k, v]) => `${k}=${f2(v)}`).join(' '));
  }
  console.log(line.join('  '));
}
for (const k of keys) console.log(`${k}: ${agree[k]![0]}/${agree[k]![1]} agree with the manifest`);
process.exit(0);
