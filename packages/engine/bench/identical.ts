// npm run check:engine-identical — proof that a change to the engine changed no output byte.
// Runs every source × target pair of the fixture faces through the engine in four ways and hashes
// everything a caller gets back:
//   cli-bulk     one `visage-swap --pairs` process, each source onto every target in turn: the
//                bulk path, where the image cache keeps a source's faces, reduced copies, light and
//                glasses-off copy from one target to the next;
//   cli-all      one `--pairs --all-faces` process, each target under every source (the target's
//                entry cached instead), every face of a group photo swapped;
//   api-fresh    swapFaces in this process with the cache cleared before each pair (a single swap),
//                hashing the JPEG, the thumbnail, the warnings, the faces and the identity score;
//   api-extra    what the fixtures alone never reach: a close-up brought to 4000 px (the reduced-copy
//                path), targets passed as a kept analysis (catalogue photos), a reference face, and
//                a few single CLI swaps in processes of their own.
// Usage (from the repository root):
//   npm run check:engine-identical -- --write-baseline FILE   record the hashes of this tree
//   npm run check:engine-identical -- --against FILE          compare this tree with a record
//   npm run check:engine-identical -- --ref REF --write-baseline FILE
//                                    record the hashes of another commit (run in a temporary
//                                    git worktree of REF that borrows this tree's node_modules)
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, copyFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FACES_DIR } from '../../../fixtures/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const engineRoot = path.resolve(here, '..');
const repoRoot = path.resolve(engineRoot, '..', '..');
const FIXTURES = FACES_DIR;

const { values: args } = parseArgs({
  options: { 'write-baseline': { type: 'string' }, against: { type: 'string' }, ref: { type: 'string' } },
});

// npm runs scripts in the workspace's folder: a relative FILE is read from where the command was typed.
const fromCwd = (f: string | undefined) => (f ? path.resolve(process.env.INIT_CWD ?? process.cwd(), f) : undefined);
args['write-baseline'] = fromCwd(args['write-baseline']);
args.against = fromCwd(args.against);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex').slice(0, 32);
const log = (s: string) => process.stderr.write(s + '\n');

if (args.ref) {
  await baselineOfRef(args.ref, args['write-baseline']);
  process.exit(0);
}

const names = readdirSync(FIXTURES).filter((n) => /\.(png|jpe?g|webp)$/i.test(n)).sort();
if (names.length === 0) throw new Error(`no fixture photos in ${FIXTURES}`);
const hashes = new Map<string, string>();
const t0 = performance.now();

const work = mkdtempSync(path.join(os.tmpdir(), 'visage-identical-'));
try {
  const bin = path.join(engineRoot, 'bin', 'visage-swap.mjs');
  const bySource = names.flatMap((s) => names.map((t) => [s, t]));
  const byTarget = names.flatMap((t) => names.map((s) => [s, t]));
  const cliPass = async (label: string, pairs: string[][], extra: string[]) => {
    const file = path.join(work, `${label}.tsv`), out = path.join(work, label);
    writeFileSync(file, ['source\ttarget', ...pairs.map((p) => p.join('\t'))].join('\n') + '\n');
    await run(process.execPath, [bin, '--pairs', file, '--faces', FIXTURES, '--out', out, ...extra]);
    for (const n of readdirSync(out).sort()) {
      let body = readFileSync(path.join(out, n));
      // The last column is the time each swap took: not an output.
      if (n === 'results.tsv') body = Buffer.from(body.toString('utf8').split('\n').map((l) => l.split('\t').slice(0, 4).join('\t')).join('\n'));
      hashes.set(`${label}/${n}`, sha(body));
    }
    log(`${label}: ${pairs.length} pairs (${Math.round((performance.now() - t0) / 1000)} s)`);
  };
  // The two CLI processes run beside the in-process pass (two cores at least).
  const cli = Promise.all([cliPass('cli-bulk', bySource, ['--no-identity']), cliPass('cli-all', byTarget, ['--all-faces', '--no-identity'])]);
  await apiPasses();
  await cli;
  await singleCli(bin);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const manifest = [...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}\t${v}`).join('\n') + '\n';
log(`${hashes.size} outputs hashed in ${Math.round((performance.now() - t0) / 1000)} s`);
if (args['write-baseline']) {
  writeFileSync(args['write-baseline'], manifest);
  log(`baseline written to ${args['write-baseline']}`);
}
if (args.against) {
  const want = new Map(readFileSync(args.against, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t') as [string, string]));
  const diff: string[] = [];
  for (const [k, v] of want) if (hashes.get(k) !== v) diff.push(`${hashes.has(k) ? 'changed' : 'missing'}: ${k}`);
  for (const k of hashes.keys()) if (!want.has(k)) diff.push(`new: ${k}`);
  if (diff.length > 0) {
    log(diff.slice(0, 40).join('\n') + (diff.length > 40 ? `\n… and ${diff.length - 40} more` : ''));
    log(`NOT IDENTICAL: ${diff.length} of ${want.size} outputs differ`);
    process.exit(1);
  }
  log(`IDENTICAL: all ${want.size} outputs (${names.length}×${names.length} pairs in each pass) match ${args.against}`);
}
if (!args['write-baseline'] && !args.against) process.stdout.write(manifest);

function run(cmd: string, argv: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, argv, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('exit', (code) => (code === 0 || code === 1 ? resolve(out) : reject(new Error(`${cmd} ${argv.join(' ')} exited ${code}: ${err}`))));
  });
}

interface EngineApi {
  swapFaces(o: Record<string, unknown>): Promise<{ image: Buffer; thumbnail: Buffer; thumbnailType: string; width: number; height: number; faces: unknown; identity: unknown; warnings: string[] }>;
  describeImage(b: Buffer): Promise<{ analysis: unknown }>;
  clearImageCache(): void;
}

/** The engine of the tree this script runs in (clearImageCache is found wherever that tree keeps it). */
async function engine(): Promise<EngineApi> {
  const index = await import(pathToFileURL(path.join(engineRoot, 'src', 'index.ts')).href);
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.ts') ? [path.join(d, e.name)] : []));
  const home = walk(path.join(engineRoot, 'src')).find((f) => /export function clearImageCache\b/.test(readFileSync(f, 'utf8')));
  if (!home) throw new Error('clearImageCache not found in this tree');
  const { clearImageCache } = await import(pathToFileURL(home).href);
  return { swapFaces: index.swapFaces, describeImage: index.describeImage, clearImageCache };
}

function record(key: string, r: Awaited<ReturnType<EngineApi['swapFaces']>> | Error): void {
  if (r instanceof Error) { hashes.set(key, sha(`error ${(r as { code?: string }).code ?? r.message}`)); return; }
  hashes.set(`${key}/image`, sha(r.image));
  hashes.set(`${key}/thumbnail`, sha(r.thumbnail));
  hashes.set(`${key}/result`, sha(JSON.stringify({ type: r.thumbnailType, w: r.width, h: r.height, faces: r.faces, identity: r.identity, warnings: r.warnings })));
}

async function attempt<T>(f: () => Promise<T>): Promise<T | Error> {
  try { return await f(); } catch (e) { return e as Error; }
}

async function apiPasses(): Promise<void> {
  const e = await engine();
  const buf = new Map(names.map((n) => [n, readFileSync(path.join(FIXTURES, n))]));
  for (const s of names) {
    for (const t of names) {
      e.clearImageCache();
      record(`api-fresh/${s}__${t}`, await attempt(() => e.swapFaces({ source: buf.get(s)!, target: buf.get(t)! })));
    }
  }
  log(`api-fresh: ${names.length * names.length} pairs (${Math.round((performance.now() - t0) / 1000)} s)`);
  e.clearImageCache();
  // Catalogue photos: the target's faces (and its swapped face's hands) come from a kept analysis.
  for (const t of names) {
    const analysis = await attempt(() => e.describeImage(buf.get(t)!));
    if (analysis instanceof Error) continue;
    const kept = JSON.parse(JSON.stringify(analysis.analysis));
    hashes.set(`api-extra/analysis/${t}`, sha(JSON.stringify(kept)));
    for (const s of names.filter((_, i) => i % 4 === 2)) {
      e.clearImageCache();
      record(`api-extra/analysed/${s}__${t}`, await attempt(() => e.swapFaces({ source: buf.get(s)!, target: buf.get(t)!, targetAnalysis: kept, identity: false })));
    }
  }
  log(`api-extra: analysed targets (${Math.round((performance.now() - t0) / 1000)} s)`);
  // A close-up in a large photo (the reduced-copy path), cold then warm, from every source.
  for (const base of names.filter((n) => /\.jpe?g$/i.test(n)).slice(0, 2)) {
    const large = await sharp(buf.get(base)!).resize(4000, 4000, { fit: 'inside' }).removeAlpha().jpeg({ quality: 92 }).toBuffer();
    hashes.set(`api-extra/large-input/${base}`, sha(large));
    e.clearImageCache();
    for (const s of names) {
      for (const pass of ['cold', 'warm']) {
        if (pass === 'cold') e.clearImageCache();
        record(`api-extra/large-${pass}/${s}__${base}@4000`, await attempt(() => e.swapFaces({ source: buf.get(s)!, target: large, identity: false })));
      }
    }
  }
  log(`api-extra: 4000 px close-ups (${Math.round((performance.now() - t0) / 1000)} s)`);
  // A group photo's faces chosen by a reference face, and the options a caller may set.
  const group = names.find((n) => n.includes('crew')) ?? names[0]!;
  for (const s of names) {
    e.clearImageCache();
    record(`api-extra/reference/${s}__${group}`, await attempt(() => e.swapFaces({ source: buf.get(s)!, target: buf.get(group)!, targetFaces: { reference: buf.get(s)! }, identity: false })));
  }
  for (const [k, o] of Object.entries({ reshape0: { reshape: 0 }, reshape1: { reshape: 1 }, shape0: { sourceShape: 0 }, q70: { jpegQuality: 70 }, face1: { targetFaces: [1], sourceFace: 0 } })) {
    for (const [s, t] of [[names[2]!, names[6]!], [names[7]!, names[11]!], [names[12]!, group]] as const) {
      record(`api-extra/options-${k}/${s}__${t}`, await attempt(() => e.swapFaces({ source: buf.get(s)!, target: buf.get(t)!, identity: false, ...o })));
    }
  }
}

/** A few swaps as a user runs them: one CLI process each, its output file and its JSON (timings left out). */
async function singleCli(bin: string): Promise<void> {
  const picks = [[0, 2], [7, 12], [12, 7], [13, 14], [8, 3]].map(([a, b]) => [names[a! % names.length]!, names[b! % names.length]!]);
  for (const [s, t] of picks) {
    const out = path.join(work, `single-${s}__${t}.jpg`);
    const json = await run(process.execPath, [bin, '--source', path.join(FIXTURES, s!), '--target', path.join(FIXTURES, t!), '-o', out, '--json']);
    const r = JSON.parse(json.trim().split('\n').pop() ?? '{}');
    delete r.timings;
    delete r.output;
    hashes.set(`cli-single/${s}__${t}/image`, existsSync(out) ? sha(readFileSync(out)) : 'none');
    hashes.set(`cli-single/${s}__${t}/json`, sha(JSON.stringify(r)));
  }
}

/** Records the hashes of commit `ref`: a temporary worktree of it, this script copied in, this tree's node_modules borrowed. */
async function baselineOfRef(ref: string, file: string | undefined): Promise<void> {
  if (!file) throw new Error('--ref needs --write-baseline FILE');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'visage-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: repoRoot, stdio: 'inherit' });
  try {
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
    const engineNm = path.join(engineRoot, 'node_modules');
    if (existsSync(engineNm)) symlinkSync(engineNm, path.join(dir, 'packages', 'engine', 'node_modules'));
    const script = path.join(dir, 'packages', 'engine', 'bench', 'identical.ts');
    copyFileSync(fileURLToPath(import.meta.url), script);
    // An older commit may predate the fixtures folder: the baseline is made on today's photos.
    cpSync(path.join(repoRoot, 'fixtures'), path.join(dir, 'fixtures'), { recursive: true });
    const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    execFileSync(process.execPath, [tsx, script, '--write-baseline', path.resolve(file)], {
      cwd: dir, stdio: 'inherit',
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot, stdio: 'inherit' });
  }
}
