// The hard pairs: about 140 swaps built from the repository's photos to test what the 15 × 15
// fixture grid rarely does — the darkest faces onto the fairest and back (picked by measured
// cheek L*), same-tone controls, sources and targets with something in front of the face (drawn
// at bench time, bench/coverings.ts), and heads raised, lowered or tilted (the most by measure,
// plus copies turned ±15°). Prints a line per pair and per group, writes bench-out/hard-pairs.json
// and bench-out/hard-sheet.png.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EngineError, loadModels, swapFaces, type SwapResult } from '../src/index.ts';
import { decodeImage } from '../src/io/decode.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import { cosine, faceDescriptor } from '../src/detect/identity.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Face } from '../src/face/face.ts';
import { skinFigures } from '../src/verdict/skin-figures.ts';
import { cover, COVERING_TEXT, rolled, type CoveringKind, type Covered } from './coverings.ts';
import { BLOTCH_LIMIT, coveringCarried, coveringKept, coveringPatch, ovalMask, summaryLine, TONE_LIMIT, type HardFigures } from './hard-figures.ts';
import { descriptorOf, surveyPhotos, toneReadable, type HardPhoto } from './hard-photos.ts';
import { faceTile, hardSheet, type SheetCell } from './hard-sheet.ts';

export const GROUPS = ['dark→fair', 'fair→dark', 'control', 'covering', 'pose'] as const;
export type HardGroup = (typeof GROUPS)[number];

/** A photo as the engine is given it (as it is, covered or turned), with the person it shows. */
interface Input { label: string; buf: Buffer; img: RgbImage; face: Face; person: HardPhoto; covered?: Covered & { kind: CoveringKind } }

interface PairPlan { group: HardGroup; source: Input; target: Input; bare?: { source: Input; target: Input } }

export interface HardPairResult extends HardFigures {
  name: string; group: HardGroup; source: string; target: string;
  /** The people shown: the photos the inputs were made from. */
  sourcePerson: string; targetPerson: string;
  sourceCheekL: number; targetCheekL: number;
  covering?: { kind: CoveringKind; on: 'source' | 'target'; what: string };
  error?: string; ms?: number; warnings?: SwapResult['warnings'];
  poseDelta?: { yaw: number; pitch: number; roll: number };
  targetRotation: Face['rotation']; sourceRotation: Face['rotation'];
}

/** Least face size (px) for a photo to stand for its skin tone or its pose: smaller faces are other tests. */
const MIN_PICK_SIZE = 100;
/** Turned copies for tilt: degrees, clockwise. */
const ROLLS = [15, -15];
const SOURCE_COVERINGS: CoveringKind[] = ['hat', 'hood', 'hand', 'mic', 'strands'];
const TARGET_COVERINGS: CoveringKind[] = ['brim', 'hand'];

const short = (name: string) => name.replace(/^demo-(p\d+)_.*/, '$1').replace(/^(\d{3})_.*/, '$1');

async function asInput(label: string, buf: Buffer, person: HardPhoto, covered?: Input['covered']): Promise<Input | undefined> {
  const img = await decodeImage(buf);
  const face = (await detectOnImage(await loadModels(), img)).filter((f) => !f.tooSmall).sort((a, b) => b.size - a.size)[0];
  return face ? { label, buf, img, face, person, ...(covered ? { covered } : {}) } : undefined;
}
const asIs = (p: HardPhoto): Input => ({ label: short(p.name), buf: p.buf, img: p.img, face: p.face, person: p });

/** The pairs, from the measured photos. */
async function plan(photos: HardPhoto[], log: (s: string) => void): Promise<{ pairs: PairPlan[]; picks: Record<string, string[]> }> {
  const pickable = photos.filter((p) => toneReadable(p) && p.face.size >= MIN_PICK_SIZE);
  const byL = [...pickable].sort((a, b) => a.cheekL - b.cheekL);
  const dark = byL.slice(0, 6), fair = byL.slice(-6).reverse();
  const mid = byL.slice(Math.floor(byL.length / 2) - 1, Math.floor(byL.length / 2) + 1);
  const used = new Set([...dark, ...fair, ...mid]);
  // The most frontal large faces carry the drawn coverings and serve as the pose pairs' other side.
  const frontal = pickable.filter((p) => !used.has(p) && p.face.size >= 300).sort((a, b) => Math.abs(a.face.rotation.yaw) + Math.abs(a.face.rotation.roll) - Math.abs(b.face.rotation.yaw) - Math.abs(b.face.rotation.roll)).slice(0, 4);
  if (frontal.length < 4) throw new Error('hard pairs: fewer than 4 frontal photos of 300 px found');
  const [f0, f1, f2, f3] = frontal as [HardPhoto, HardPhoto, HardPhoto, HardPhoto];
  const posed = photos.filter((p) => Math.abs(p.face.rotation.yaw) <= 30 && p.face.size >= MIN_PICK_SIZE && !frontal.includes(p));
  const byPitch = [...posed].sort((a, b) => a.face.rotation.pitch - b.face.rotation.pitch);
  const pitched = [...byPitch.slice(0, 2), ...byPitch.slice(-2)];
  const tilted = posed.filter((p) => !pitched.includes(p)).sort((a, b) => Math.abs(b.face.rotation.roll) - Math.abs(a.face.rotation.roll)).slice(0, 2);

  const pairs: PairPlan[] = [];
  for (const s of dark) for (const t of fair) pairs.push({ group: 'dark→fair', source: asIs(s), target: asIs(t) });
  for (const s of fair) for (const t of dark) pairs.push({ group: 'fair→dark', source: asIs(s), target: asIs(t) });
  for (const set of [dark, fair]) for (const k of [0, 2, 4]) pairs.push({ group: 'control', source: asIs(set[k]!), target: asIs(set[k + 1]!) });
  pairs.push({ group: 'control', source: asIs(mid[0]!), target: asIs(mid[1]!) }, { group: 'control', source: asIs(mid[1]!), target: asIs(mid[0]!) });

  const frame015 = photos.find((p) => p.name.startsWith('015_'))!.face;
  const frame = { cx: frame015.box.x + frame015.box.width / 2, cy: frame015.box.y + frame015.box.height / 2, size: frame015.size };
  const coveredInput = async (p: HardPhoto, kind: CoveringKind) => {
    const c = await cover(p.buf, p.face, kind, frame);
    return asInput(`${short(p.name)}+${kind}`, c.buf, p, { ...c, kind });
  };
  for (const kind of SOURCE_COVERINGS) {
    for (const s of [f0, f1]) {
      const covered = await coveredInput(s, kind);
      if (!covered) { log(`hard pairs: no face found in ${short(s.name)} with ${kind}, left out`); continue; }
      for (const t of [f2, f3]) pairs.push({ group: 'covering', source: covered, target: asIs(t), bare: { source: asIs(s), target: asIs(t) } });
    }
  }
  for (const kind of TARGET_COVERINGS) {
    for (const t of [f2, f3]) {
      const covered = await coveredInput(t, kind);
      if (!covered) { log(`hard pairs: no face found in ${short(t.name)} with ${kind}, left out`); continue; }
      for (const s of [f0, f1]) pairs.push({ group: 'covering', source: asIs(s), target: covered });
    }
  }

  const poseInputs: Input[] = [...pitched, ...tilted].map(asIs);
  for (const p of [f0, f1]) {
    for (const deg of ROLLS) {
      const input = await asInput(`${short(p.name)}@${deg > 0 ? '+' : ''}${deg}°`, await rolled(p.buf, deg), p);
      if (input) poseInputs.push(input); else log(`hard pairs: no face found in ${short(p.name)} turned ${deg}°, left out`);
    }
  }
  for (const x of poseInputs) {
    for (const t of [f2, f3]) if (x.person !== t) pairs.push({ group: 'pose', source: x, target: asIs(t) });
    const s = x.person === f0 ? f1 : f0;
    pairs.push({ group: 'pose', source: asIs(s), target: x });
  }
  const names = (ps: HardPhoto[]) => ps.map((p) => `${short(p.name)} (L* ${p.cheekL.toFixed(1)}, pitch ${p.face.rotation.pitch.toFixed(1)}°, roll ${p.face.rotation.roll.toFixed(1)}°)`);
  const picks = { dark: names(dark), fair: names(fair), middle: names(mid), frontal: names(frontal), pitched: names(pitched), tilted: names(tilted) };
  return { pairs, picks };
}

const fmt = (v: number | undefined, d = 1) => (v !== undefined && Number.isFinite(v) ? v.toFixed(d) : 'n/a');

function nearest(found: Face[], f: Face): Face | undefined {
  const c = (x: Face) => [x.box.x + x.box.width / 2, x.box.y + x.box.height / 2];
  const [tx, ty] = c(f);
  return found.sort((a, b) => Math.hypot(c(a)[0]! - tx!, c(a)[1]! - ty!) - Math.hypot(c(b)[0]! - tx!, c(b)[1]! - ty!))[0];
}

/** Runs every hard pair; returns the summary lines, writes the JSON and the contact sheet into `out`. */
export async function hardPairsBench(out: string, log: (s: string) => void): Promise<string> {
  const models = await loadModels();
  const photos = await surveyPhotos(log);
  const planned = await plan(photos, log);
  const picks = planned.picks;
  // BENCH_HARD_GROUPS keeps some groups (comma-separated names); BENCH_HARD_PAIRS limits a quick run to pairs spread over them.
  const groups = process.env.BENCH_HARD_GROUPS?.split(',').map((g) => g.trim());
  const wanted = groups ? planned.pairs.filter((p) => groups.includes(p.group)) : planned.pairs;
  const limit = Number(process.env.BENCH_HARD_PAIRS ?? Infinity);
  const step = Number.isFinite(limit) && limit < wanted.length ? wanted.length / limit : 1;
  const pairs = step === 1 ? wanted : Array.from({ length: limit }, (_, k) => wanted[Math.floor(k * step)]!);
  log(`hard pairs: ${pairs.length} pairs (${GROUPS.map((g) => `${g} ${pairs.filter((p) => p.group === g).length}`).join(', ')})`);
  for (const [k, v] of Object.entries(picks)) log(`  ${k}: ${v.join(', ')}`);

  // The bare swaps a covered source is compared with, each made once.
  const bareCarried = new Map<string, RgbImage>();
  const results: HardPairResult[] = [];
  const cells: SheetCell[] = [];
  for (const p of pairs) {
    const { source: s, target: t } = p;
    const name = `${p.group} ${s.label} × ${t.label}`;
    const sourceCover = s.covered, targetCover = t.covered;
    const r: HardPairResult = {
      name, group: p.group, source: s.label, target: t.label, sourcePerson: s.person.name, targetPerson: t.person.name,
      sourceCheekL: s.person.cheekL, targetCheekL: t.person.cheekL, ok: false, sourceRotation: s.face.rotation, targetRotation: t.face.rotation,
      ...(sourceCover ? { covering: { kind: sourceCover.kind, on: 'source' as const, what: COVERING_TEXT[sourceCover.kind] } } : {}),
      ...(targetCover ? { covering: { kind: targetCover.kind, on: 'target' as const, what: COVERING_TEXT[targetCover.kind] } } : {}),
    };
    const t0 = performance.now();
    let res: SwapResult;
    try {
      res = await swapFaces({ source: s.buf, target: t.buf, keepRaw: true });
    } catch (e) {
      r.error = e instanceof EngineError ? e.code : String(e);
      results.push(r);
      log(`${name}: FAILED ${r.error}`);
      cells.push({ tiles: [await faceTile(s.buf, s.face), await faceTile(t.buf, t.face), undefined], lines: [name, `failed: ${r.error}`], over: true });
      continue;
    }
    r.ms = performance.now() - t0;
    r.ok = true;
    r.warnings = res.warnings;
    const raw = res.raw!.image, tf = t.face;
    const skin = skinFigures(raw, t.img, tf.landmarks, tf.size);
    r.toneShift = skin.toneShift;
    r.blotchiness = skin.blotchiness;
    // Identity and pose on the JPEG a user receives, as the main pairs measure them.
    const decoded = await decodeImage(res.image);
    const match = nearest(await detectOnImage(models, decoded), tf);
    if (match) {
      const d = await faceDescriptor(models, decoded, match);
      r.toSource = cosine(d, await descriptorOf(s.person.img, s.person.face));
      r.toTarget = cosine(d, await descriptorOf(t.person.img, t.person.face));
      r.poseDelta = { yaw: match.rotation.yaw - tf.rotation.yaw, pitch: match.rotation.pitch - tf.rotation.pitch, roll: match.rotation.roll - tf.rotation.roll };
      r.poseError = Math.hypot(r.poseDelta.yaw, r.poseDelta.pitch, r.poseDelta.roll);
    }
    if (sourceCover || targetCover) {
      const oval = ovalMask(t.img.width, t.img.height, tf);
      if (sourceCover) {
        r.carried = coveringCarried(raw, t.img, oval, sourceCover.palette);
        const bare = p.bare!, key = `${bare.source.label}>${bare.target.label}`;
        let bareImg = bareCarried.get(key);
        if (!bareImg) {
          bareImg = (await swapFaces({ source: bare.source.buf, target: bare.target.buf, keepRaw: true, identity: false })).raw!.image;
          bareCarried.set(key, bareImg);
        }
        r.carriedBare = coveringCarried(bareImg, t.img, oval, sourceCover.palette);
        r.patch = coveringPatch(raw, bareImg, oval, sourceCover.palette);
      } else if (targetCover) {
        r.kept = coveringKept(raw, t.img, oval, targetCover.mask);
      }
    }
    results.push(r);
    const coverText = r.carried !== undefined ? ` carried ${fmt(100 * r.carried)}% (bare ${fmt(100 * r.carriedBare!)}%) patch ${fmt(100 * r.patch!)}%` : r.kept !== undefined ? ` kept ${fmt(100 * r.kept, 0)}%` : '';
    const figures = `ΔE ${fmt(r.toneShift)} blotch ${fmt(r.blotchiness, 2)} pose ${fmt(r.poseError)}° id ${fmt(r.toSource, 2)}/${fmt(r.toTarget, 2)}${coverText}`;
    log(`${name}: ${fmt(r.ms, 0)} ms ${figures}${res.warnings.length ? ` [${res.warnings.join(', ')}]` : ''}`);
    const over = r.toneShift > TONE_LIMIT || r.blotchiness > BLOTCH_LIMIT;
    cells.push({ tiles: [await faceTile(s.buf, s.face), await faceTile(t.buf, tf), await faceTile(res.image, tf)], lines: [name, figures.replace(' pose', '  pose').replace(' id ', '  id ')], over });
  }

  const lines = [
    `hard pairs (${results.length}; limits ΔE ${TONE_LIMIT}, blotchiness ${BLOTCH_LIMIT}×):`,
    ...GROUPS.filter((g) => results.some((r) => r.group === g)).map((g) => '  ' + summaryLine(g, results.filter((r) => r.group === g))),
    '  ' + summaryLine('overall', results),
  ];
  const summary = Object.fromEntries([...GROUPS, 'overall'].map((g) => [g, summaryLine(g, g === 'overall' ? results : results.filter((r) => r.group === g))]));
  const json = {
    date: new Date().toISOString(), machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    limits: { toneShift: TONE_LIMIT, blotchiness: BLOTCH_LIMIT },
    photos: photos.map((p) => ({ name: p.name, cheekL: p.cheekL, rotation: p.face.rotation, size: p.face.size, partial: p.face.partial })),
    picks, summary, pairs: results,
  };
  await writeFile(path.join(out, 'hard-pairs.json'), JSON.stringify(json, null, 2));
  await writeFile(path.join(out, 'hard-sheet.png'), await hardSheet(cells));
  log(`wrote ${path.join(out, 'hard-pairs.json')} and hard-sheet.png`);
  return lines.join('\n');
}
