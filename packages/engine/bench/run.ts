// npm run bench:engine — measures every figure of the engine issue's benchmark table over the
// fixture faces, prints the table, and writes bench-out/results.json and bench-out/contact-sheet.png.
// Environment: BENCH_PAIRS (limit pairs, for quick runs),
// BENCH_THROUGHPUT (swaps in the pool run, default 200), BENCH_TIMING (timed swaps, default 40),
// BENCH_QUALITY_ONLY=1 (pairs and contact sheet only), BENCH_FACES_ONLY=1 (the 4-face swap row only),
// BENCH_SOURCE_SHAPE / BENCH_RESHAPE (engine options for the pairs, to compare settings),
// BENCH_PHOTO_SETS_ONLY=1 (only the several-photos comparison, bench/photo-sets.ts),
// BENCH_PHOTO_SET_PERSONS (its persons, default 8),
// BENCH_HARD_ONLY=1 (only the hard pairs, bench/hard-pairs.ts), BENCH_HARD=0 (leave them out), BENCH_HARD_GROUPS / BENCH_HARD_PAIRS (some groups, fewer pairs).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FACES_DIR, HIRES_DIR } from '../../../fixtures/index.mjs';
import { photoSetTable, runPhotoSets, type PhotoSetRow } from './photo-sets.ts';
import { hardPairsBench } from './hard-pairs.ts';
import { createEnginePool, detectFaces, EngineError, swapFaces, loadModels, type SwapResult } from '../src/index.ts';
import { decodeImage } from '../src/io/decode.ts';
import type { RgbImage } from '../src/core/image.ts';
import { clearImageCache } from '../src/api/image-cache.ts';
import { loadFaceres } from '../src/models/models.ts';
import { workFactor } from '../src/swap/reduced-copy.ts';
import { SHARPEN_FULL_SOURCE } from '../src/stages/texture/sharpen.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import type { Face } from '../src/face/face.ts';
import { cosine, faceDescriptor } from '../src/detect/identity.ts';
import { tuneHeapForSwaps } from '../src/heap.ts';
import { skinFigures, type SkinFigures } from '../src/verdict/skin-figures.ts';
import { verdictScore } from './verdict-score.ts';
import { blownShare, cheekBalance, cheekLab, compareOutside, creaseColour, detailRatio, contourRing, lipsAgainstCheeks, lipTint, outsideFaces, percentile, seamRatio, toneShift } from './metrics.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const engineRoot = path.resolve(here, '..');
const FIXTURES = FACES_DIR;
const OUT = path.join(engineRoot, 'bench-out');
const PAIR_LIMIT = Number(process.env.BENCH_PAIRS ?? Infinity);
const THROUGHPUT_N = Number(process.env.BENCH_THROUGHPUT ?? 200);
const TIMING_N = Number(process.env.BENCH_TIMING ?? 40);
const HARD = process.env.BENCH_HARD !== '0';
const PAIR_OPTIONS = {
  ...(process.env.BENCH_SOURCE_SHAPE ? { sourceShape: Number(process.env.BENCH_SOURCE_SHAPE) } : {}),
  ...(process.env.BENCH_RESHAPE ? { reshape: Number(process.env.BENCH_RESHAPE) } : {}),
};

interface Fixture { name: string; buf: Buffer; img: RgbImage; faces: Face[]; desc?: Float32Array; creases?: number }

/** A fixture's own crease colour (see creaseColour), measured once. */
function creasesOf(f: Fixture): number {
  f.creases ??= creaseColour(f.img, f.faces[0]!.box);
  return f.creases;
}

/** Cheek chroma (CIELAB a*b*) under which a target counts as black and white. */
const GREY_CHROMA = 4;
/** Head turn (degrees) beyond which a face's far cheek landmark, or the middle of its box, may lie on hair or background. */
const COLOUR_MAX_YAW = 25;
const facing = (f: Face) => Math.abs(f.rotation.yaw) <= COLOUR_MAX_YAW;

/**
 * Whether the result's lips are the source's to judge against its cheeks (see lipTint): both faces
 * near frontal, the target in colour (a black-and-white one's lips are rightly grey) with its lips
 * showing (redder than its cheeks: a scarf is kept in front), and the source's mouth not covered.
 */
function lipsJudged(s: Fixture, t: Fixture, r: SwapResult): boolean {
  const sf = s.faces[0]!, tf = t.faces[0]!;
  if (!facing(sf) || !facing(tf)) return false;
  const tc = cheekLab(t.img, tf.landmarks, tf.size);
  return Math.hypot(tc[1], tc[2]) >= GREY_CHROMA && lipsAgainstCheeks({ img: t.img, landmarks: tf.landmarks, size: tf.size })[0] > 0 && !r.warnings.includes('source_covered');
}

function log(s: string): void { process.stderr.write(s + '\n'); }
const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : String(v));

async function loadFixtures(): Promise<{ faces: Fixture[]; negatives: string[]; multi: Fixture[] }> {
  const models = await loadModels();
  const manifest = readFileSync(path.join(FIXTURES, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
  const declaredNoFace = new Set(manifest.filter((r) => r[4]?.trim() === '0').map((r) => r[0]!));
  const names = (await readdir(FIXTURES)).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  const faces: Fixture[] = [], multi: Fixture[] = [], negatives: string[] = [];
  for (const name of names) {
    if (declaredNoFace.has(name)) { negatives.push(name); continue; }
    const buf = await readFile(path.join(FIXTURES, name));
    const img = await decodeImage(buf);
    const found = (await detectOnImage(models, img)).filter((f) => !f.tooSmall);
    const fx: Fixture = { name, buf, img, faces: found };
    if (found.length === 1) {
      fx.desc = await faceDescriptor(models, img, found[0]!);
      faces.push(fx);
    } else if (found.length > 1) multi.push(fx);
    else log(`warning: no usable face detected in ${name} (not declared face-less)`);
  }
  return { faces, negatives, multi };
}

async function negativeCases(negatives: string[], good: Buffer): Promise<Array<{ name: string; code: string; ms: number }>> {
  const cases: Array<[string, Buffer]> = [];
  for (const n of negatives) {
    const buf = await readFile(path.join(FIXTURES, n));
    cases.push([n, buf]);
    // A drawing with a transparent background reads as a face on black (see painted.ts).
    if ((await sharp(buf).metadata()).hasAlpha) cases.push([`${n.replace(/\.\w+$/, '')} on black, JPEG`, await sharp(buf).flatten({ background: '#000' }).jpeg({ quality: 85 }).toBuffer()]);
  }
  const jpg = (await readdir(FIXTURES)).find((f) => f.endsWith('.jpg'))!;
  const full = await readFile(path.join(FIXTURES, jpg));
  cases.push([`truncated ${jpg}`, full.subarray(0, Math.floor(full.length * 0.4))]);
  cases.push(['1×1 PNG', await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer()]);
  cases.push(['30000×30000 PNG header', bombPng(30000, 30000)]);
  const out = [];
  for (const [name, buf] of cases) {
    const t = performance.now();
    let code = 'no error';
    try { await swapFaces({ source: buf, target: good }); } catch (e) { code = e instanceof EngineError ? e.code : `untyped: ${(e as Error).message}`; }
    out.push({ name, code, ms: performance.now() - t });
  }
  return out;
}

function bombPng(width: number, height: number): Buffer {
  const table = new Int32Array(256).map((_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c; });
  const crc = (b: Buffer) => { let c = -1; for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ -1) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(8)), chunk('IEND', Buffer.alloc(0))]);
}

interface PairResult {
  source: string; target: string; ok: boolean; error?: string; ms: number;
  toSource?: number; toTarget?: number; retrievedRight?: boolean; poseError?: number;
  /** Result minus target head rotation, per axis (degrees). */
  poseDelta?: { yaw: number; pitch: number; roll: number };
  backgroundDiffering?: number; backgroundPsnr?: number; seam?: number;
  /** Share of the changed pixels blown to white where the target was not (see blownShare). */
  blown?: number;
  /** Face detail of the result against the target's (see detailRatio). */
  detail?: number;
  /** Cheek brightness ratio of the result against the target's (see cheekBalance). */
  balance?: number;
  /** Cheek colour distance of the result from the target's (see toneShift). */
  tone?: number;
  /** CIELAB ΔE of the result's cheeks against the target's own, and their blotchiness ratio (see src/verdict/skin-figures.ts). */
  skin?: SkinFigures;
  /** Crease colour of the result over the larger of its source's and its target's (see creaseColour); absent where either face is turned. */
  creases?: number;
  /** The lips' colour against the cheeks, result against source (see lipTint); absent where the lips are not the source's to judge (see runPairs). */
  lipTint?: number;
  /** Face sizes (px) of the source and the target. */
  sourceSize?: number; targetSize?: number;
  engineIdentity?: SwapResult['identity'];
  warnings?: SwapResult['warnings'];
  verdict?: SwapResult['verdict'];
  crop?: Buffer;
}

async function runPairs(fixtures: Fixture[]): Promise<PairResult[]> {
  const models = await loadModels();
  const results: PairResult[] = [];
  const pairs: Array<[Fixture, Fixture]> = [];
  for (const s of fixtures) for (const t of fixtures) if (s !== t) pairs.push([s, t]);
  // A limited run takes pairs spread over the whole grid, not just the first sources.
  const step = Number.isFinite(PAIR_LIMIT) && PAIR_LIMIT < pairs.length ? pairs.length / PAIR_LIMIT : 1;
  const chosen = step === 1 ? pairs : Array.from({ length: PAIR_LIMIT }, (_, k) => pairs[Math.floor(k * step)]!);
  for (const [s, t] of chosen) {
    const t0 = performance.now();
    let r: SwapResult;
    try {
      r = await swapFaces({ source: s.buf, target: t.buf, keepRaw: true, ...PAIR_OPTIONS });
    } catch (e) {
      results.push({ source: s.name, target: t.name, ok: false, error: e instanceof EngineError ? e.code : String(e), ms: performance.now() - t0 });
      log(`${s.name} × ${t.name}: FAILED ${(e as Error).message}`);
      continue;
    }
    const ms = performance.now() - t0;
    const pr: PairResult = { source: s.name, target: t.name, ok: true, ms, engineIdentity: r.identity, warnings: r.warnings, verdict: r.verdict, sourceSize: s.faces[0]!.size, targetSize: t.faces[0]!.size };
    // Identity and pose measured on the encoded JPEG, as a user would receive it.
    const decoded = await decodeImage(r.image);
    const found = await detectOnImage(models, decoded);
    const tf = t.faces[0]!;
    const match = found.sort((a, b) => dist(a, tf) - dist(b, tf))[0];
    if (match) {
      const d = await faceDescriptor(models, decoded, match);
      pr.toSource = cosine(d, s.desc!);
      pr.toTarget = cosine(d, t.desc!);
      let best = -2, bestName = '';
      for (const f of fixtures) { const c = cosine(d, f.desc!); if (f !== t && c > best) { best = c; bestName = f.name; } }
      pr.retrievedRight = bestName === s.name;
      const d3 = { yaw: match.rotation.yaw - tf.rotation.yaw, pitch: match.rotation.pitch - tf.rotation.pitch, roll: match.rotation.roll - tf.rotation.roll };
      pr.poseDelta = d3;
      pr.poseError = Math.hypot(d3.yaw, d3.pitch, d3.roll);
      if (lipsJudged(s, t, r)) {
        pr.lipTint = lipTint({ img: decoded, landmarks: match.landmarks, size: match.size }, { img: s.img, landmarks: s.faces[0]!.landmarks, size: s.faces[0]!.size });
      }
    }
    const raw = r.raw!;
    const keep = outsideFaces([tf.box], 0.25);
    pr.backgroundDiffering = compareOutside(raw.image, t.img, keep).differing;
    pr.backgroundPsnr = compareOutside(decoded, t.img, keep).psnr;
    const m = raw.masks[0]!;
    pr.seam = seamRatio(raw.image, t.img, contourRing(m.roi, m.support, raw.image.width));
    pr.blown = blownShare(raw.image, t.img, m.roi, m.support);
    pr.detail = detailRatio(raw.image, t.img, m.roi, m.support);
    pr.balance = cheekBalance(raw.image, t.img, tf.landmarks, tf.size);
    pr.tone = toneShift(raw.image, t.img, tf.landmarks, tf.size);
    pr.skin = skinFigures(raw.image, t.img, tf.landmarks, tf.size);
    if (facing(s.faces[0]!) && facing(tf)) pr.creases = creaseColour(raw.image, tf.box) / Math.max(creasesOf(s), creasesOf(t));
    pr.crop = await faceCrop(r.image, tf);
    results.push(pr);
    log(`${s.name.slice(0, 3)} × ${t.name.slice(0, 3)}: ${fmt(ms, 0)} ms id ${fmt(pr.toSource ?? NaN, 2)}/${fmt(pr.toTarget ?? NaN, 2)} pose ${fmt(pr.poseError ?? NaN)}° seam ${fmt(pr.seam, 2)} psnr ${fmt(pr.backgroundPsnr, 1)} ΔE ${fmt(pr.skin.toneShift)} blotch ${fmt(pr.skin.blotchiness, 2)}${r.warnings.length ? ` [${r.warnings.join(', ')}]` : ''}`);
  }
  return results;
}

/** Skin figures over the pairs: tone shift (ΔE) and blotchiness medians, and how many pairs stay within 10 and 1.5×. */
function skinLine(ok: PairResult[]): string {
  const withSkin = ok.filter((p) => p.skin);
  const tone = withSkin.map((p) => p.skin!.toneShift), blotch = withSkin.map((p) => p.skin!.blotchiness);
  return `skin: tone shift ΔE median ${fmt(percentile(tone, 50))} p90 ${fmt(percentile(tone, 90))} max ${fmt(Math.max(...tone))}, within 10: ${tone.filter((v) => v <= 10).length}/${tone.length}; blotchiness median ${fmt(percentile(blotch, 50), 2)} p90 ${fmt(percentile(blotch, 90), 2)} max ${fmt(Math.max(...blotch), 2)}, within 1.5×: ${blotch.filter((v) => v <= 1.5).length}/${blotch.length}`;
}

/**
 * The reference rows' figures over the pairs that produced a result, shared by the table and the
 * quality-only line. Softness is judged where it matters: sources whose face is less than half the
 * target's (those too small to be fully sharpened apart).
 */
function referenceFigures(ok: PairResult[]): { blown: number[]; balance: number[]; tone: number[]; creases: number[]; lips: number[]; detailAll: number[]; detailLarger: number[] } {
  const upscaled = ok.filter((p) => p.sourceSize! * 2 <= p.targetSize!);
  return {
    blown: ok.map((p) => 100 * p.blown!),
    balance: ok.map((p) => p.balance!),
    tone: ok.map((p) => p.tone!),
    creases: ok.flatMap((p) => (p.creases === undefined ? [] : [p.creases])),
    lips: ok.flatMap((p) => (p.lipTint === undefined ? [] : [p.lipTint])),
    detailAll: upscaled.map((p) => p.detail!),
    detailLarger: upscaled.filter((p) => p.sourceSize! >= SHARPEN_FULL_SOURCE).map((p) => p.detail!),
  };
}

/** Identity wins (closer to the source than to the target) and right retrievals among scored pairs. */
function identityCounts(scored: PairResult[]): { n: number; wins: number; retrieved: number } {
  return { n: scored.length, wins: scored.filter((p) => p.toSource! > p.toTarget!).length, retrieved: scored.filter((p) => p.retrievedRight).length };
}

/** Results the engine flagged (a side-on or covered source face) left out, for reference rows. */
const unflagged = (scored: PairResult[]) => scored.filter((p) => !p.warnings?.length);

function dist(a: Face, b: Face): number {
  return Math.hypot(a.box.x + a.box.width / 2 - b.box.x - b.box.width / 2, a.box.y + a.box.height / 2 - b.box.y - b.box.height / 2);
}

const TILE = 128;
async function faceCrop(image: Buffer | RgbImage, f: Face): Promise<Buffer> {
  const s = Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  const meta = Buffer.isBuffer(image) ? await sharp(image).metadata() : { width: image.width, height: image.height };
  const side = Math.max(f.box.width, f.box.height) * 1.4;
  const cx = f.box.x + f.box.width / 2, cy = f.box.y + f.box.height / 2;
  const left = Math.max(0, Math.round(cx - side / 2)), top = Math.max(0, Math.round(cy - side / 2));
  const width = Math.min(meta.width! - left, Math.round(side)), height = Math.min(meta.height! - top, Math.round(side));
  return s.extract({ left, top, width, height }).resize(TILE, TILE, { fit: 'contain', background: '#000' }).removeAlpha().png().toBuffer();
}

/** Contact-sheet strip colour per warning (see contactSheet). */
const WARNING_COLOUR: Record<SwapResult['warnings'][number], string> = { source_side_on: '#ff9800', source_covered: '#e53935', source_hand: '#8e24aa', source_partial: '#6d4c41', source_side_lit: '#43a047', source_blurry: '#00acc1', source_small: '#1e88e5', source_glasses_off: '#fdd835', result_covered: '#b71c1c', result_pose: '#e65100', result_tilted: '#ff6f00', result_tone: '#f06292', result_blotchy: '#795548', result_unlike: '#212121' };

async function contactSheet(fixtures: Fixture[], results: PairResult[]): Promise<Buffer> {
  const n = fixtures.length;
  const comps: sharp.OverlayOptions[] = [];
  for (let i = 0; i < n; i++) {
    const crop = await faceCrop(fixtures[i]!.img, fixtures[i]!.faces[0]!);
    comps.push({ input: crop, left: (i + 1) * TILE, top: 0 }); // column header: target
    comps.push({ input: crop, left: 0, top: (i + 1) * TILE }); // row header: source
  }
  for (const r of results) {
    const si = fixtures.findIndex((f) => f.name === r.source), ti = fixtures.findIndex((f) => f.name === r.target);
    if (r.crop) comps.push({ input: r.crop, left: (ti + 1) * TILE, top: (si + 1) * TILE });
    // A result that came with warnings carries a strip per warning along its top edge.
    (r.warnings ?? []).forEach((w, k) => {
      comps.push({ input: { create: { width: TILE / 4, height: 5, channels: 3, background: WARNING_COLOUR[w] } }, left: (ti + 1) * TILE + k * (TILE / 4 + 2), top: (si + 1) * TILE });
    });
  }
  return sharp({ create: { width: (n + 1) * TILE, height: (n + 1) * TILE, channels: 3, background: '#202020' } }).composite(comps).png().toBuffer();
}

async function timingSet(fixtures: Fixture[]): Promise<Array<{ source: Buffer; target: Buffer; label: string }>> {
  // ~1000 px targets: fixtures upscaled so the longest side is 1000 px (most fixtures are ~480 px).
  const targets: Buffer[] = [];
  for (const f of fixtures) {
    targets.push(await sharp(f.buf).resize(1000, 1000, { fit: 'inside' }).removeAlpha().jpeg({ quality: 92 }).toBuffer());
  }
  const set = [];
  for (let k = 0; k < TIMING_N; k++) {
    const si = k % fixtures.length, ti = (k * 5 + 3) % fixtures.length;
    if (si === ti) continue;
    set.push({ source: fixtures[si]!.buf, target: targets[ti]!, label: `${fixtures[si]!.name} × ${fixtures[ti]!.name}@1000` });
  }
  return set;
}

/**
 * A close-up in a large photo: the first frontal fixture of 700 px or more brought to 4000 px (its face
 * about 2800 px), with each other frontal fixture as the source; warm (the target's faces cached).
 */
async function largeTargetSwaps(fixtures: Fixture[]): Promise<{ ms: number[]; swapMs: number[]; faceSize: number; factor: number }> {
  const frontal = fixtures.filter((f) => Math.abs(f.faces[0]!.rotation.yaw) < 15);
  const base = frontal.find((f) => f.img.width >= 700) ?? frontal[0]!;
  const target = await sharp(base.buf).resize(4000, 4000, { fit: 'inside' }).removeAlpha().jpeg({ quality: 92 }).toBuffer();
  const ms: number[] = [], swapMs: number[] = [];
  let faceSize = 0, factor = 1;
  for (const s of frontal.filter((f) => f !== base).slice(0, 5)) {
    await swapFaces({ source: s.buf, target, identity: false });
    const t = performance.now();
    const r = await swapFaces({ source: s.buf, target, identity: false });
    ms.push(performance.now() - t);
    const tm = r.timings;
    swapMs.push(['reduce', 'warp', 'mask', 'relight', 'blend', 'upscale'].reduce((a, k) => a + (tm[k] ?? 0), 0));
    faceSize = r.faces.targets[0]!.size;
    factor = workFactor(r.faces.source.size, faceSize);
  }
  return { ms, swapMs, faceSize, factor };
}

async function fourFacePhoto(fixtures: Fixture[]): Promise<Buffer> {
  // A group photo: four near-frontal people side by side.
  const picks = fixtures.filter((f) => f.img.width >= 400 && Math.abs(f.faces[0]!.rotation.yaw) < 20).slice(0, 4);
  const comps = await Promise.all(picks.map(async (f, i) => ({ input: await sharp(f.buf).resize(460, 460, { fit: 'cover' }).removeAlpha().toBuffer(), left: 20 + i * 475, top: 300 })));
  return sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#7a8590' } }).composite(comps).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Engine time of a swap onto one face of the 4-face photo (each face with its own source), and onto
 * all four with a source each, every photo never seen (as a server job runs it): the pairs share one
 * decode, detection and encode of the target, each source is analysed once. The pairs differ in
 * cost (a source with glasses costs three times the others), so the one-face figure is the mean of
 * the four pairs' own medians: the 4-face swap does exactly those four pairs' work, and a median
 * over all one-face runs would land on a cheap pair and count the dear one four times.
 */
async function multiFaceSwaps(fixtures: Fixture[], group: Buffer): Promise<{ one: number[][]; four: number[] }> {
  const sources = fixtures.filter((f) => Math.abs(f.faces[0]!.rotation.yaw) < 20).slice(-4).map((f) => f.buf);
  const pairs = sources.map((_, k) => ({ target: k, source: k }));
  const one: number[][] = sources.map(() => []), four: number[] = [];
  for (let k = 0; k < 6; k++) {
    // Interleaved, so a slow spell of the machine falls on both figures alike.
    for (const j of k % 2 ? [0, 1] : [2, 3]) {
      clearImageCache();
      const t = performance.now();
      await swapFaces({ source: sources[j]!, target: group, pairs: [{ target: j, source: 0 }], identity: false });
      one[j]!.push(performance.now() - t);
    }
    clearImageCache();
    const t = performance.now();
    await swapFaces({ source: sources[0]!, moreSources: sources.slice(1), target: group, pairs, identity: false });
    four.push(performance.now() - t);
  }
  return { one, four };
}

function multiFaceRow({ one, four }: { one: number[][]; four: number[] }): [string, string, string, boolean] {
  const each = one.map((runs) => percentile(runs, 50));
  const single = each.reduce((a, b) => a + b, 0) / each.length;
  const ratio = percentile(four, 50) / single;
  const pooled = percentile(one.flat(), 50);
  return [
    'swap of 4 faces, 4 sources, onto the 4-face photo, all never seen, vs 1 face',
    `4 faces ${fmt(percentile(four, 50), 0)} ms, 1 face ${fmt(single, 0)} ms (mean of the pairs' medians ${each.map((v) => fmt(v, 0)).join(' / ')}): ×${fmt(ratio, 2)}; against the median of all one-face runs (${fmt(pooled, 0)} ms) ×${fmt(percentile(four, 50) / pooled, 2)}`,
    '≤ ×2.5',
    ratio <= 2.5,
  ];
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch { return NaN; }
}

/** Persons from fixtures/sfhq-hires (two tiles that repeat another's face left out), targets from fixtures/faces. */
async function photoSets(): Promise<{ rows: PhotoSetRow[]; table: string }> {
  const repeated = new Set(['sfhq-3x6-r3c1.jpg', 'sfhq-3x6-r1c5.jpg']);
  const names = (await readdir(HIRES_DIR)).filter((f) => f.endsWith('.jpg') && !repeated.has(f)).sort().slice(0, Number(process.env.BENCH_PHOTO_SET_PERSONS ?? 8));
  const persons = await Promise.all(names.map(async (name) => ({ name, buf: await readFile(path.join(HIRES_DIR, name)) })));
  const turned = await readFile(path.join(FIXTURES, '010_ai-sfhq-threequarter-elderly-man.jpg'));
  const targets = [
    { name: '010 three-quarter', buf: turned },
    { name: '010 mirrored', buf: await sharp(turned).flop().jpeg({ quality: 92 }).toBuffer() },
    ...['003_navy-grace-hopper.jpg', '007_ai-tpdne-older-woman.jpg', '012_ai-sfhq-east-asian-woman.jpg', '013_ai-sfhq-beard-glasses-elderly.jpg'].map((n) => ({ name: n.slice(0, 3), buf: readFileSync(path.join(FIXTURES, n)) })),
  ];
  log(`photo sets: ${persons.length} persons × ${targets.length} targets, first photo and best of the photos…`);
  const rows = await runPhotoSets({ persons, targets }, log);
  return { rows, table: photoSetTable(rows) };
}

async function main(): Promise<void> {
  // The in-process rows stand for one worker: the same garbage collector settings (see heap.ts).
  tuneHeapForSwaps();
  await mkdir(OUT, { recursive: true });
  if (process.env.BENCH_PHOTO_SETS_ONLY === '1') {
    const sets = await photoSets();
    process.stdout.write(sets.table + '\n');
    await writeFile(path.join(OUT, 'photo-sets.json'), JSON.stringify(sets.rows, null, 2));
    return;
  }
  if (process.env.BENCH_HARD_ONLY === '1') {
    process.stdout.write((await hardPairsBench(OUT, log)) + '\n');
    return;
  }
  log(`fixtures: ${FIXTURES}`);
  const tLoad = performance.now();
  const models = await loadModels();
  const inProcessLoad = models.loadMs;
  log(`models loaded in ${fmt(performance.now() - tLoad, 0)} ms`);
  const { faces, negatives } = await loadFixtures();
  log(`${faces.length} one-face fixtures, ${negatives.length} declared face-less`);

  // The negatives are timed on a warm engine, as every other row: the first swap after the models
  // load pays 30-60 ms of warm-up whatever it holds, and a worker serving requests is warm.
  const tWarm = performance.now();
  await swapFaces({ source: faces[0]!.buf, target: faces[1]!.buf, identity: false });
  log(`warm-up swap ${fmt(performance.now() - tWarm, 0)} ms`);
  if (process.env.BENCH_FACES_ONLY === '1') {
    const [a, b, c, d] = multiFaceRow(await multiFaceSwaps(faces, await fourFacePhoto(faces)));
    process.stdout.write(`| ${a} | ${b} | ${c} | ${d ? 'yes' : 'NO'} |\n`);
    return;
  }

  const neg = await negativeCases(negatives, faces[0]!.buf);
  const pairs = await runPairs(faces);
  if (process.env.BENCH_QUALITY_ONLY === '1') {
    const ok = pairs.filter((p) => p.ok && p.toSource !== undefined);
    const pose = ok.map((p) => p.poseError!);
    const all = identityCounts(ok), clean = identityCounts(unflagged(ok));
    const ref = referenceFigures(pairs.filter((p) => p.ok));
    process.stdout.write(`quality only: identity ${all.wins}/${all.n}, retrieval ${all.retrieved}/${all.n}, pose median ${fmt(percentile(pose, 50))}°, seam median ${fmt(percentile(ok.map((p) => p.seam!), 50), 2)}, balance median ${fmt(percentile(ref.balance, 50), 3)} p90 ${fmt(percentile(ref.balance, 90), 3)}, tone median ${fmt(percentile(ref.tone, 50), 1)} p90 ${fmt(percentile(ref.tone, 90), 1)}, creases median ${fmt(percentile(ref.creases, 50), 2)} p90 ${fmt(percentile(ref.creases, 90), 2)}, lips median ${fmt(percentile(ref.lips, 50), 1)} p90 ${fmt(percentile(ref.lips, 90), 1)}, blown p90 ${fmt(percentile(ref.blown, 90), 2)}%, max ${fmt(Math.max(...ref.blown), 2)}%, detail (source under half, ${SHARPEN_FULL_SOURCE} px or more) median ${fmt(percentile(ref.detailLarger, 50), 2)}; without a warning: identity ${clean.wins}/${clean.n}, retrieval ${clean.retrieved}/${clean.n}\n`);
    process.stdout.write(skinLine(ok) + '\n');
    process.stdout.write(verdictScore(pairs) + '\n');
    const sheet = process.env.BENCH_SHEET ?? 'contact-sheet.png';
    await writeFile(path.join(OUT, sheet), await contactSheet(faces, pairs));
    await writeFile(path.join(OUT, sheet.replace(/\.png$/, '') + '.json'), JSON.stringify(pairs.map(({ crop: _c, ...p }) => p), null, 2));
    if (HARD) process.stdout.write((await hardPairsBench(OUT, log)) + '\n');
    return;
  }

  log('timing one-face swaps on ~1000 px targets…');
  const set = await timingSet(faces);
  // Warm: both photos seen before (a catalogue target, a bulk job's source) — the cache holds their faces.
  for (const x of set) await swapFaces({ ...x, identity: false });
  await loadFaceres();
  const e2e: number[] = [], e2eNoId: number[] = [];
  for (const x of set) { const t = performance.now(); await swapFaces(x); e2e.push(performance.now() - t); }
  for (const x of set) { const t = performance.now(); await swapFaces({ ...x, identity: false }); e2eNoId.push(performance.now() - t); }
  // A never-seen target (the source seen before), and both photos never seen, as the server runs it.
  const e2eNewTarget: number[] = [], e2eCold: number[] = [];
  const primer = set.find((x) => x.target !== set[0]!.target)!.target;
  for (const x of set) {
    clearImageCache();
    await swapFaces({ source: x.source, target: primer, identity: false });
    const t = performance.now(); await swapFaces({ ...x, identity: false }); e2eNewTarget.push(performance.now() - t);
  }
  for (const x of set) { clearImageCache(); const t = performance.now(); await swapFaces({ ...x, identity: false }); e2eCold.push(performance.now() - t); }

  log('4-face 1920 px detection…');
  const group = await fourFacePhoto(faces);
  const det: number[] = [];
  let groupFaces = 0;
  for (let k = 0; k < 8; k++) { const r = await detectFaces(group); det.push(r.timings.decode! + r.timings.detect!); groupFaces = r.faces.length; }

  log('4 faces, 4 sources, in one swap…');
  const multi = await multiFaceSwaps(faces, group);

  log('large target: a 4000 px close-up…');
  const large = await largeTargetSwaps(faces);

  log(`pool of 2, ${THROUGHPUT_N} swaps…`);
  const pool = createEnginePool({ size: 2, maxQueue: THROUGHPUT_N + 10 });
  const tReady = performance.now();
  await pool.ready();
  const poolReadyMs = performance.now() - tReady;
  let maxRss = 0;
  const sampler = setInterval(() => { for (const p of pool.workerPids()) maxRss = Math.max(maxRss, rssMb(p) || 0); }, 100);
  // A fresh pool first: every photo is new to its worker (detection, descriptors, faceres load).
  const tFresh = performance.now();
  let poolFreshFailed = 0;
  await Promise.all(Array.from({ length: THROUGHPUT_N }, (_, k) => pool.swap(set[k % set.length]!).catch(() => { poolFreshFailed++; })));
  const poolFreshSecs = (performance.now() - tFresh) / 1000;
  // Then warm, as in the end-to-end figure: the workers have seen these photos.
  const t0 = performance.now();
  let poolFailed = 0;
  await Promise.all(Array.from({ length: THROUGHPUT_N }, (_, k) => pool.swap(set[k % set.length]!).catch(() => { poolFailed++; })));
  const poolSecs = (performance.now() - t0) / 1000;
  // The server's jobs skip the identity score: measure that configuration too.
  const t1 = performance.now();
  let poolNoIdFailed = 0;
  await Promise.all(Array.from({ length: THROUGHPUT_N }, (_, k) => pool.swap({ ...set[k % set.length]!, identity: false }).catch(() => { poolNoIdFailed++; })));
  const poolNoIdSecs = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  for (const p of pool.workerPids()) maxRss = Math.max(maxRss, rssMb(p) || 0);
  const workerLoad = pool.stats().modelLoadMs;
  await pool.close();

  // ---- figures
  const ok = pairs.filter((p) => p.ok);
  const idPairs = ok.filter((p) => p.toSource !== undefined);
  const { wins: idWins, retrieved } = identityCounts(idPairs);
  const clean = identityCounts(unflagged(idPairs));
  const poseErr = idPairs.map((p) => p.poseError!);
  const bgIdentical = ok.filter((p) => p.backgroundDiffering === 0).length;
  const psnrs = ok.map((p) => p.backgroundPsnr!);
  const seams = ok.map((p) => p.seam!).filter(Number.isFinite);
  const { blown, balance, tone, creases, lips, detailAll, detailLarger } = referenceFigures(ok);
  const pct = (a: number, b: number) => (b ? `${fmt((100 * a) / b)}%` : 'n/a');
  const rows: Array<[string, string, string, boolean]> = [
    ['pairs that produce a result', `${ok.length}/${pairs.length}`, 'every pair', ok.length === pairs.length],
    ['end-to-end swap, 1 face, ~1000 px, warm, 1 worker', `p50 ${fmt(percentile(e2e, 50), 0)} ms, p95 ${fmt(percentile(e2e, 95), 0)} ms`, 'p50 ≤ 250, p95 ≤ 400', percentile(e2e, 50) <= 250 && percentile(e2e, 95) <= 400],
    ['  same without identity score', `p50 ${fmt(percentile(e2eNoId, 50), 0)} ms, p95 ${fmt(percentile(e2eNoId, 95), 0)} ms`, '(for reference)', true],
    ['  same, never-seen target, no identity score', `p50 ${fmt(percentile(e2eNewTarget, 50), 0)} ms, p95 ${fmt(percentile(e2eNewTarget, 95), 0)} ms`, 'p50 ≤ 250, p95 ≤ 400', percentile(e2eNewTarget, 50) <= 250 && percentile(e2eNewTarget, 95) <= 400],
    ['  same, both photos never seen, no identity score', `p50 ${fmt(percentile(e2eCold, 50), 0)} ms, p95 ${fmt(percentile(e2eCold, 95), 0)} ms`, '(for reference)', true],
    ['detection, 4-face 1920 px photo', `${fmt(percentile(det, 50), 0)} ms median (${groupFaces} faces found)`, '≤ 300 ms', percentile(det, 50) <= 300 && groupFaces === 4],
    multiFaceRow(multi),
    [`  large target, 4000 px close-up (face ${fmt(large.faceSize, 0)} px, worked at 1/${large.factor}), warm, no identity`, `median ${fmt(percentile(large.ms, 50), 0)} ms; swap stages ${fmt(percentile(large.swapMs, 50), 0)} ms`, '(for reference)', true],
    [`throughput, pool of 2, ${THROUGHPUT_N} swaps`, `${fmt(THROUGHPUT_N / poolSecs, 2)} swaps/s (${poolFailed} failed)`, '≥ 5 swaps/s', THROUGHPUT_N / poolSecs >= 5 && poolFailed === 0],
    ['  same without identity score', `${fmt(THROUGHPUT_N / poolNoIdSecs, 2)} swaps/s (${poolNoIdFailed} failed)`, '(for reference)', true],
    ['  same, fresh pool (every photo new to its worker)', `${fmt(THROUGHPUT_N / poolFreshSecs, 2)} swaps/s (${poolFreshFailed} failed)`, '(for reference)', true],
    ['worker memory', `max RSS ${fmt(maxRss, 0)} MB`, '≤ 500 MB', maxRss <= 500],
    ['model load', `in-process ${fmt(inProcessLoad, 0)} ms; workers ${workerLoad.join(', ')} ms; pool ready ${fmt(poolReadyMs, 0)} ms`, '≤ 1.5 s', Math.max(inProcessLoad, ...workerLoad) <= 1500],
    ['  faceres (identity model), loaded on first use', `${fmt((await loadFaceres()).loadMs, 0)} ms`, '(for reference)', true],
    ['identity: cos(res,src) − cos(res,tgt) > 0', `${pct(idWins, idPairs.length)} (${idWins}/${idPairs.length})`, '≥ 95%', idWins >= 0.95 * idPairs.length],
    ['identity retrieval among fixture sources', `${pct(retrieved, idPairs.length)} (${retrieved}/${idPairs.length})`, '≥ 95%', retrieved >= 0.95 * idPairs.length],
    ['  both, results without a warning', `identity ${pct(clean.wins, clean.n)} (${clean.wins}/${clean.n}), retrieval ${pct(clean.retrieved, clean.n)} (${clean.retrieved}/${clean.n})`, '(for reference)', true],
    ['head pose preserved (L2 yaw/pitch/roll)', `median ${fmt(percentile(poseErr, 50))}°, p90 ${fmt(percentile(poseErr, 90))}° (${idPairs.length} re-detected)`, 'median ≤ 3°', percentile(poseErr, 50) <= 3],
    ['background outside face +25%: bit-identical', `${bgIdentical}/${ok.length} pairs`, 'all', bgIdentical === ok.length],
    ['background outside face +25%: JPEG PSNR', `min ${fmt(Math.min(...psnrs))} dB, median ${fmt(percentile(psnrs, 50))} dB`, '≥ 40 dB', Math.min(...psnrs) >= 40],
    ['seam: contour Sobel ratio result/target', `median ${fmt(percentile(seams, 50), 2)}, p90 ${fmt(percentile(seams, 90), 2)}`, 'median ≤ 1.15', percentile(seams, 50) <= 1.15],
    ['  over-contrast: face pixels blown to white (target not)', `median ${fmt(percentile(blown, 50), 2)}%, p90 ${fmt(percentile(blown, 90), 2)}%, max ${fmt(Math.max(...blown), 2)}%`, '(for reference)', true],
    ['  light balance: |ln(cheek ratio result / target)|', `median ${fmt(percentile(balance, 50), 3)}, p90 ${fmt(percentile(balance, 90), 3)}`, '(for reference)', true],
    ['  skin tone: cheek colour distance result / target (ΔE a*b*)', `median ${fmt(percentile(tone, 50))}, p90 ${fmt(percentile(tone, 90))}, max ${fmt(Math.max(...tone))}`, '(for reference)', true],
    ['  crease colour: result / larger of source\'s and target\'s', `median ${fmt(percentile(creases, 50), 2)}, p90 ${fmt(percentile(creases, 90), 2)}, max ${fmt(Math.max(...creases), 2)} (${creases.length} pairs facing the camera)`, '(for reference)', true],
    ['  lip tint: lips against cheeks, result / source (ΔE a*b*)', `median ${fmt(percentile(lips, 50))}, p90 ${fmt(percentile(lips, 90))}, max ${fmt(Math.max(...lips))} (${lips.length} pairs)`, '(for reference)', true],
    ['  face detail, result / target, source face under half the target\'s', `median ${fmt(percentile(detailAll, 50), 2)} (${detailAll.length} pairs); sources of ${SHARPEN_FULL_SOURCE} px or more: median ${fmt(percentile(detailLarger, 50), 2)} (${detailLarger.length})`, '(for reference)', true],
    ['negatives: typed error, < 200 ms, no crash', neg.map((n) => `${n.name.replace(/\.(png|jpe?g)$/, '')}: ${n.code} ${fmt(n.ms, 0)} ms`).join('; '), 'typed, < 200 ms', neg.every((n) => !n.code.startsWith('untyped') && n.code !== 'no error' && n.ms < 200)],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length)), w2 = Math.max(...rows.map((r) => r[2].length));
  const lines = [`| ${'figure'.padEnd(w0)} | measured | ${'target'.padEnd(w2)} | met |`, `|${'-'.repeat(w0 + 2)}|---|${'-'.repeat(w2 + 2)}|---|`];
  for (const [a, b, c, d] of rows) lines.push(`| ${a.padEnd(w0)} | ${b} | ${c.padEnd(w2)} | ${d ? 'yes' : 'NO'} |`);
  const table = lines.join('\n');
  process.stdout.write(table + '\n');

  const json = {
    date: new Date().toISOString(), fixtures: FIXTURES, machine: { cpus: (await import('node:os')).cpus().length, loadavg: (await import('node:os')).loadavg() },
    table: rows.map(([figure, measured, target, met]) => ({ figure, measured, target, met })),
    e2eMs: e2e, e2eNoIdentityMs: e2eNoId, e2eNewTargetMs: e2eNewTarget, e2eColdMs: e2eCold, faceresLoadMs: (await loadFaceres()).loadMs, detection4FaceMs: det, poolSwapsPerSecond: THROUGHPUT_N / poolSecs, poolSwapsPerSecondNoIdentity: THROUGHPUT_N / poolNoIdSecs, poolSwapsPerSecondFresh: THROUGHPUT_N / poolFreshSecs, maxWorkerRssMb: maxRss,
    negatives: neg,
    pairs: pairs.map(({ crop: _c, ...p }) => p),
  };
  const sets = await photoSets();
  process.stdout.write('\n' + sets.table + '\n');
  await writeFile(path.join(OUT, 'results.json'), JSON.stringify({ ...json, photoSets: sets.rows }, null, 2));
  await writeFile(path.join(OUT, 'contact-sheet.png'), await contactSheet(faces, pairs));
  await writeFile(path.join(OUT, 'table.md'), table + '\n\n' + sets.table + '\n');
  log(`wrote ${path.join(OUT, 'results.json')} and contact-sheet.png`);
  if (HARD) process.stdout.write('\n' + (await hardPairsBench(OUT, log)) + '\n');
}

await main();
