// How well the result verdict (src/verdict/verdict.ts) agrees with the pairs labelled by eye in
// labels.tsv (source id, target id, good|bad, why): precision and recall of its warnings as they
// stand, and leave-one-source-out figures, where the limits are tuned on the other sources' pairs
// and judged on the one left out, so tuning on these few pairs shows how far it overfits.
// Run alone on a saved quality run: npx tsx bench/verdict-score.ts bench-out/contact-sheet.json
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeFace, VERDICT_LIMITS, type FaceVerdict } from '../src/verdict/verdict.ts';

type Limits = typeof VERDICT_LIMITS;
/** What the score reads of a benchmark pair (bench/run.ts keeps the swap's verdict with it). */
export interface ScoredPair { source: string; target: string; ok: boolean; verdict?: { faces: FaceVerdict[] }; warnings?: string[] }
interface Row { source: string; target: string; bad: boolean; verdict: FaceVerdict; warned: boolean }

const LABELS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'labels.tsv');
const id = (name: string) => name.slice(0, 3);

/** The labelled pairs: `${source id} ${target id}` → bad. */
export function readLabels(file = LABELS): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [s, t, label] = line.split('\t');
    if (!s || !t || s.startsWith('#') || (label !== 'good' && label !== 'bad')) continue;
    out.set(`${id(s)} ${id(t)}`, label === 'bad');
  }
  return out;
}

interface Counts { tp: number; fp: number; fn: number; tn: number }
const flagged = (r: Row, limits: Limits) => !judgeFace(r.verdict.figures, limits).convincing;

function count(rows: Row[], limits: Limits): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const r of rows) {
    const f = flagged(r, limits);
    if (f && r.bad) c.tp++; else if (f) c.fp++; else if (r.bad) c.fn++; else c.tn++;
  }
  return c;
}

/** Warnings wrong either way, a false alarm weighing as much as a miss. */
const errors = (c: Counts) => c.fp + c.fn;

/** Candidate values per limit, around the shipped ones. */
const GRID: { [K in keyof Limits]: number[] } = {
  toneShift: [6, 7, 8, 9, 9.5, 10, 11, 12, 14],
  blotchiness: [1.2, 1.3, 1.4, 1.45, 1.5, 1.6, 1.8, 2],
  covered: [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.65, 1e9],
  coveredSource: [0.04, 0.08, 0.12, 0.16, 0.2, 0.3, 0.4, 0.5, 0.65, 1e9],
  poseGap: [15, 20, 25, 30, 35, 40, 50, 60, 80, 1e9],
  sourceTurn: [10, 15, 20, 25, 30, 35, 40, 1e9],
  sourceTilt: [10, 15, 20, 25, 30, 40, 1e9],
  likeness: [-0.5, -0.3, -0.1, -0.06, -0.02, 0, 0.02, 0.04, -1e9],
};

/** Coordinate descent from the shipped limits: each limit in turn set to its grid value with the fewest errors. */
export function tune(rows: Row[], start: Limits = VERDICT_LIMITS): Limits {
  let best = { ...start };
  for (let round = 0; round < 3; round++) {
    for (const key of Object.keys(GRID) as Array<keyof Limits>) {
      for (const v of GRID[key]) {
        const next = { ...best, [key]: v };
        if (errors(count(rows, next)) < errors(count(rows, best))) best = next;
      }
    }
  }
  return best;
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${Math.round((100 * a) / b)}% (${a}/${b})`);
const line = (c: Counts) => `precision ${pct(c.tp, c.tp + c.fp)}, recall ${pct(c.tp, c.tp + c.fn)}, false alarms on good ${pct(c.fp, c.fp + c.tn)}`;

/** The summary lines: the shipped limits on every labelled pair, then left-one-source-out. */
export function verdictScore(pairs: ScoredPair[], labels = readLabels()): string {
  const rows: Row[] = [];
  for (const p of pairs) {
    const bad = labels.get(`${id(p.source)} ${id(p.target)}`);
    const v = p.verdict?.faces[0];
    if (p.ok && bad !== undefined && v) rows.push({ source: id(p.source), target: id(p.target), bad, verdict: v, warned: (p.warnings ?? []).length > 0 });
  }
  const shipped = count(rows, VERDICT_LIMITS);
  const sources = [...new Set(rows.map((r) => r.source))];
  const held: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of sources) {
    const c = count(rows.filter((r) => r.source === s), tune(rows.filter((r) => r.source !== s)));
    held.tp += c.tp; held.fp += c.fp; held.fn += c.fn; held.tn += c.tn;
  }
  const warned: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const r of rows) warned[r.warned ? (r.bad ? 'tp' : 'fp') : r.bad ? 'fn' : 'tn']++;
  const missed = rows.filter((r) => r.bad && !flagged(r, VERDICT_LIMITS)).map((r) => `${r.source}×${r.target}`);
  const false_ = rows.filter((r) => !r.bad && flagged(r, VERDICT_LIMITS)).map((r) => `${r.source}×${r.target}`);
  return [
    `verdict: ${rows.length} labelled pairs (${rows.filter((r) => r.bad).length} bad); shipped limits: ${line(shipped)}`,
    `verdict: any warning, of the face photo or the result: ${line(warned)}`,
    `verdict, leave one source out (${sources.length} folds, limits tuned on the other sources): ${line(held)}`,
    `verdict: missed ${missed.join(' ') || 'none'}; false alarms ${false_.join(' ') || 'none'}`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const pairs = JSON.parse(readFileSync(process.argv[2] ?? 'bench-out/contact-sheet.json', 'utf8')) as ScoredPair[];
  process.stdout.write(verdictScore(pairs) + '\n');
  if (process.argv.includes('--tune')) process.stdout.write(`tuned on all: ${JSON.stringify(tune(pairs.flatMap((p) => {
    const bad = readLabels().get(`${id(p.source)} ${id(p.target)}`), v = p.verdict?.faces[0];
    return p.ok && bad !== undefined && v ? [{ source: id(p.source), target: id(p.target), bad, verdict: v, warned: false }] : [];
  })))}\n`);
}
