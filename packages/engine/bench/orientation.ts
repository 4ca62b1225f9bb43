// Faces at any roll: every fixture photo turned by each of ROLLS (about its centre, the canvas grown
// to hold it, as a phone or an editor turns a photo) and read again. A face counts as read right when
// one is found where the upright face went, its eye line turned by the roll (within EYE_LINE_TOLERANCE)
// and its size kept (within SIZE_TOLERANCE). Face-less fixtures must stay face-less at every roll.
// Run: npm run bench:orientation (from the repo root). Environment: ROLLS (degrees,
// comma-separated, instead of the default set).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { FACES_DIR } from '../../../fixtures/index.mjs';
import { detectFaces, loadModels } from '../src/index.ts';
import type { Face } from '../src/face/face.ts';
import { angleDiff, eyeLine, percentile } from './metrics.ts';

const FIXTURES = FACES_DIR;
const ROLLS = process.env.ROLLS ? process.env.ROLLS.split(',').map(Number) : [45, 70, 90, 135, 180, 225, 270, 315];
const EYE_LINE_TOLERANCE = 15, SIZE_TOLERANCE = 0.1;
/** How near (share of the face's size) a face found must lie to where the upright one went. */
const PLACE_TOLERANCE = 0.25;

const RAD = Math.PI / 180;
const centre = (f: Face): [number, number] => [f.box.x + f.box.width / 2, f.box.y + f.box.height / 2];

/** Where a point of a w × h photo lands once turned `deg` clockwise onto a canvas grown to hold it. */
function turnedPoint([x, y]: [number, number], w: number, h: number, deg: number): [number, number] {
  const c = Math.cos(deg * RAD), s = Math.sin(deg * RAD);
  const tw = Math.abs(w * c) + Math.abs(h * s), th = Math.abs(w * s) + Math.abs(h * c);
  const dx = x - w / 2, dy = y - h / 2;
  return [dx * c - dy * s + tw / 2, dx * s + dy * c + th / 2];
}

type Verdict = 'right' | 'off' | 'none';

/** The verdict on one upright face, and for 'off' how far off the nearest reading is (eye line, size). */
function verdict(upright: Face, found: Face[], w: number, h: number, deg: number): { v: Verdict; why: string } {
  const [ex, ey] = turnedPoint(centre(upright), w, h, deg);
  const near = found.filter((f) => Math.hypot(centre(f)[0] - ex, centre(f)[1] - ey) < PLACE_TOLERANCE * upright.size);
  if (near.length === 0) return { v: 'none', why: '' };
  const eye = (f: Face) => angleDiff(eyeLine(f), eyeLine(upright) + deg), size = (f: Face) => f.size / upright.size;
  if (near.some((f) => Math.abs(eye(f)) < EYE_LINE_TOLERANCE && Math.abs(size(f) - 1) < SIZE_TOLERANCE)) return { v: 'right', why: '' };
  const f = near[0]!;
  return { v: 'off', why: ` (eye line ${eye(f).toFixed(0)}°, size ×${size(f).toFixed(2)})` };
}

async function main(): Promise<void> {
  await loadModels();
  const names = (await readdir(FIXTURES)).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  const totals = { right: 0, off: 0, none: 0 };
  const misses: string[] = [];
  const falseFaces: string[] = [];
  const ms: number[] = [];
  console.log(`| fixture | ${ROLLS.map((d) => `${d}°`).join(' | ')} |`);
  console.log(`|---|${ROLLS.map(() => '---').join('|')}|`);
  for (const name of names) {
    const buf = await readFile(path.join(FIXTURES, name));
    const meta = await sharp(buf).metadata();
    const upright = (await detectFaces(buf)).faces.filter((f) => !f.tooSmall);
    const cells: string[] = [];
    for (const deg of ROLLS) {
      const turned = await sharp(buf).flatten({ background: '#808080' }).rotate(deg, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer();
      const t = performance.now();
      const found = (await detectFaces(turned)).faces;
      ms.push(performance.now() - t);
      if (upright.length === 0) {
        cells.push(found.length === 0 ? 'no face' : `${found.length} found`);
        if (found.length > 0) falseFaces.push(`${name.slice(0, 3)} at ${deg}°`);
        continue;
      }
      const judged = upright.map((f) => verdict(f, found, meta.width!, meta.height!, deg));
      const verdicts = judged.map((j) => j.v);
      for (const v of verdicts) totals[v]++;
      if (verdicts.some((v) => v !== 'right')) misses.push(`${name.slice(0, 3)} at ${deg}°: ${judged.map((j) => j.v + j.why).join(', ')}`);
      cells.push(verdicts.length === 1 ? verdicts[0]! : `${verdicts.filter((v) => v === 'right').length}/${verdicts.length} right`);
    }
    console.log(`| ${name.replace(/\.\w+$/, '')} | ${cells.join(' | ')} |`);
  }
  const all = totals.right + totals.off + totals.none;
  console.log('');
  console.log(`faces read right at a roll: ${totals.right}/${all}; found but read off: ${totals.off}; not found: ${totals.none}`);
  console.log(`face-less fixtures with a face found at some roll: ${falseFaces.length === 0 ? 'none' : falseFaces.join(', ')}`);
  console.log(`detection of a turned photo: median ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`);
  if (misses.length > 0) console.log(`missed: ${misses.join('; ')}`);
}

await main();
