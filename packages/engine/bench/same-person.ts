// npx tsx bench/same-person.ts (packages/engine) — the identity descriptor's cosine similarity
// between copies of one person (photo-sets.ts) and between different people, over 28 faces of
// fixtures/sfhq-hires and 8 of fixtures/faces: what the server's same-person threshold for a
// face's further photos (SAME_PERSON_MIN_SIMILARITY) is read from. About 4 minutes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FACES_DIR, HIRES_DIR } from '../../../fixtures/index.mjs';
import { profilePhoto } from '../src/index.ts';
import { personPhotos } from './photo-sets.ts';

const FROM_FACES = ['001_nasa-eileen-collins.png', '003_navy-grace-hopper.jpg', '006_cc0-codait-luciano.png', '007_ai-tpdne-older-woman.jpg', '008_ai-sfhq-frontal-glasses-darkskin.jpg', '010_ai-sfhq-threequarter-elderly-man.jpg', '012_ai-sfhq-east-asian-woman.jpg', '013_ai-sfhq-beard-glasses-elderly.jpg'];
const files = [...readdirSync(HIRES_DIR).filter((f) => f.endsWith('.jpg')).map((f) => path.join(HIRES_DIR, f)), ...FROM_FACES.map((f) => path.join(FACES_DIR, f))];
const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);

const people: Array<{ name: string; descs: number[][] }> = [];
for (const f of files) {
  const descs: number[][] = [];
  for (const p of await personPhotos(readFileSync(f))) {
    const d = (await profilePhoto(p.buf)).profile?.descriptor;
    if (d) descs.push(d);
  }
  people.push({ name: path.basename(f), descs });
  process.stderr.write('.');
}
const same: number[] = [], other: Array<[number, string, string]> = [];
for (const p of people) for (let i = 0; i < p.descs.length; i++) for (let j = i + 1; j < p.descs.length; j++) same.push(dot(p.descs[i]!, p.descs[j]!));
for (const [i, p] of people.entries()) for (const q of people.slice(i + 1)) if (p.descs[0] && q.descs[0]) other.push([dot(p.descs[0], q.descs[0]), p.name, q.name]);
other.sort((a, b) => b[0] - a[0]);
const f3 = (v: number) => v.toFixed(3);
process.stdout.write(`\nsame person (copies), ${same.length} pairs: lowest ${f3(Math.min(...same))}\n`);
process.stdout.write(`different fixtures, ${other.length} pairs; the most alike:\n`);
for (const [s, a, b] of other.slice(0, 6)) process.stdout.write(`  ${f3(s)} ${a} ${b}\n`);
