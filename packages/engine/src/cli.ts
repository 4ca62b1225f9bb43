// visage-swap: single swap, face listing, or a batch of pairs with one model load.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { detectFaces } from './api/detect-faces.ts';
import { swapFaces } from './api/swap-faces.ts';
import type { SwapResult, SwapWarning } from './api/options.ts';
import type { TargetSelection } from './api/choose.ts';
import { EngineError } from './core/errors.ts';

const USAGE = `Usage:
  visage-swap --source face.jpg --target photo.jpg -o out.jpg [--all-faces] [--face N[,M]] [--source-face N] [--quality Q]
  visage-swap --pairs pairs.tsv --faces DIR --out DIR [--all-faces] [--quality Q]
  visage-swap --detect photo.jpg

  --face N       swap only target face N (as listed by --detect; comma-separated for several)
  --all-faces    swap every face in the target (default: the largest)
  --pairs FILE   TSV with header "source<TAB>target", names relative to --faces;
                 writes <source-stem>__<target-stem>.jpg per row and results.tsv into --out
  --no-identity  skip the identity score (faster)
  --json         print the result as JSON`;

type Out = (line: string) => void;

export async function main(argv: string[], out: Out = (l) => process.stdout.write(l + '\n'), err: Out = (l) => process.stderr.write(l + '\n')): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        source: { type: 'string' },
        target: { type: 'string' },
        output: { type: 'string', short: 'o' },
        'all-faces': { type: 'boolean' },
        face: { type: 'string' },
        'source-face': { type: 'string' },
        quality: { type: 'string' },
        pairs: { type: 'string' },
        faces: { type: 'string' },
        out: { type: 'string' },
        detect: { type: 'string' },
        'no-identity': { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    err((e as Error).message);
    err(USAGE);
    return 2;
  }
  if (args.help) { out(USAGE); return 0; }
  const quality = args.quality !== undefined ? Number(args.quality) : undefined;
  let targetFaces: TargetSelection = 'largest';
  if (args['all-faces']) targetFaces = 'all';
  if (args.face !== undefined) {
    const list = args.face.split(',').map((s) => Number(s.trim()));
    if (list.some((n) => !Number.isInteger(n) || n < 0)) { err('--face takes face indices such as 0 or 0,2'); return 2; }
    targetFaces = list;
  }
  const sourceFace = args['source-face'] !== undefined ? Number(args['source-face']) : undefined;
  const common = {
    targetFaces,
    ...(sourceFace !== undefined ? { sourceFace } : {}),
    ...(quality !== undefined ? { jpegQuality: quality } : {}),
    identity: !args['no-identity'],
  };

  if (args.detect) {
    try {
      const r = await detectFaces(await readFile(args.detect));
      if (args.json) { out(JSON.stringify({ ...r, faces: r.faces.map(({ landmarks: _l, ...f }) => f) })); return 0; }
      out(`${path.basename(args.detect)}: ${r.width}×${r.height}, ${r.faces.length} face(s) in ${r.timings.detect} ms`);
      for (const f of r.faces) out(describeFace(f));
      return 0;
    } catch (e) {
      return reportError(e, err);
    }
  }

  if (args.pairs) {
    if (!args.faces || !args.out) { err('--pairs needs --faces DIR and --out DIR'); return 2; }
    return runPairs(args.pairs, args.faces, args.out, common, out, err);
  }

  if (!args.source || !args.target || !args.output) { err(USAGE); return 2; }
  try {
    const [source, target] = await Promise.all([readFile(args.source), readFile(args.target)]);
    const r = await swapFaces({ source, target, ...common });
    await writeFile(args.output, r.image);
    if (args.json) { out(JSON.stringify({ ...r, image: undefined, thumbnail: undefined, output: args.output })); return 0; }
    printResult(r, args.output, out);
    return 0;
  } catch (e) {
    return reportError(e, err);
  }
}

function describeFace(f: { index: number; box: { x: number; y: number; width: number; height: number }; score: number; rotation: { yaw: number; pitch: number; roll: number }; partial: boolean; tooSmall: boolean }): string {
  const flags = [f.partial ? 'partial' : '', f.tooSmall ? 'too small' : ''].filter(Boolean).join(', ');
  return `  face ${f.index}: box ${Math.round(f.box.x)},${Math.round(f.box.y)} ${Math.round(f.box.width)}×${Math.round(f.box.height)}, score ${f.score}, yaw ${f.rotation.yaw}° pitch ${f.rotation.pitch}° roll ${f.rotation.roll}°${flags ? ` (${flags})` : ''}`;
}

function printResult(r: SwapResult, output: string, out: Out): void {
  out(`wrote ${output} (${r.width}×${r.height}, ${r.image.length} bytes)`);
  out(`source face: ${describeFace(r.faces.source).trim()}`);
  out(`target faces swapped: ${r.faces.targets.length} of ${r.faces.detectedInTarget}`);
  for (const f of r.faces.targets) out(describeFace(f));
  out(`timings (ms): ${Object.entries(r.timings).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (!Number.isNaN(r.identity.toSource)) {
    out(`identity: cos(result, source) ${r.identity.toSource}, cos(result, target) ${r.identity.toTarget}`);
  }
  for (const w of r.warnings) out(`warning [${w}]: ${WARNING_TEXT[w]}`);
  for (const [k, v] of r.verdict.faces.entries()) out(`verdict, face ${k}: ${v.convincing ? 'convincing' : `likely unconvincing (${v.cause})`}; ${Object.entries(v.figures).map(([n, x]) => `${n} ${x}`).join(', ')}`);
}

const WARNING_TEXT: Record<SwapWarning, string> = {
  source_side_on: 'the source face is seen side-on, so its eyes, nose and chin line were left to the target; a photo facing the camera swaps far better.',
  source_covered: 'the source face\'s mouth is covered (a scarf, a mask), so its lower face was left to the target; a photo with the face uncovered swaps far better.',
  source_hand: 'a hand rests against the source face, so the part of the face it covers was left to the target; a photo with the face uncovered swaps far better.',
  source_partial: 'part of the source face lies beyond the edge of its photo, so that part was taken from the other side of the face or, where neither side shows, left to the target; a photo with the whole face in it swaps far better.',
  source_side_lit: 'the source face is lit from one side, one half far darker than the other, more than relighting evens out, so one half of the new face may look darker; a photo in even light swaps far better.',
  source_blurry: 'the source photo is blurred (out of focus, shaken, or a small picture enlarged), so the result is softer than the photo around it; a sharp photo of the face swaps sharper.',
  source_small: 'the source face is small (under 96 px) beside the target face, so the result is softer than the photo around it; a larger photo of the face swaps sharper.',
  source_glasses_off: 'the source face wears glasses and the target face is turned too far from it to carry them (a frame warped onto a turned head spreads across the temple), so they were left off.',
  result_covered: 'the result is likely unconvincing: much of the face was kept from the target because something covers it, so the new face reads as a patchwork; a photo with the face uncovered swaps far better.',
  result_pose: 'the result is likely unconvincing: the source head is turned or tilted far from the target\'s, so the new face sits at an angle the head does not; a source photo facing the way the target face does swaps far better.',
  result_tilted: 'the result is likely unconvincing: the source head is tilted (looking up or down, or leaning to one side), and its perspective shows on the target\'s head; a source photo with the head level, facing the camera, swaps far better.',
  result_tone: 'the result is likely unconvincing: the new face\'s skin tone differs visibly from the target\'s neck and ears; a source photo in even, neutral light swaps far better.',
  result_blotchy: 'the result is likely unconvincing: the new face\'s skin is blotchier than the skin it replaced; a source photo in soft, even light swaps far better.',
  result_unlike: 'the result is likely unconvincing: it looks more like the target person than the source; a sharp, frontal source photo swaps far better.',
};

function reportError(e: unknown, err: Out): number {
  if (e instanceof EngineError) { err(`error [${e.code}]: ${e.message}`); return 1; }
  err(`error: ${(e as Error)?.message ?? String(e)}`);
  return 1;
}

export function parsePairs(text: string): Array<{ source: string; target: string }> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines.shift()?.split('\t').map((s) => s.trim());
  if (!header || header[0] !== 'source' || header[1] !== 'target') throw new Error('pairs file must start with the header "source<TAB>target"');
  return lines.map((l) => {
    const [source = '', target = ''] = l.split('\t').map((s) => s.trim());
    return { source, target };
  });
}

async function runPairs(pairsFile: string, facesDir: string, outDir: string, common: Record<string, unknown>, out: Out, err: Out): Promise<number> {
  let pairs;
  try {
    pairs = parsePairs(await readFile(pairsFile, 'utf8'));
  } catch (e) {
    err(`error: ${(e as Error).message}`);
    return 2;
  }
  await mkdir(outDir, { recursive: true });
  const rows = ['source\ttarget\tstatus\terror\tms'];
  let failed = 0;
  for (const { source, target } of pairs) {
    const t0 = performance.now();
    let status = 'ok', code = '';
    try {
      const [s, t] = await Promise.all([readFile(path.join(facesDir, source)), readFile(path.join(facesDir, target))]);
      const r = await swapFaces({ source: s, target: t, ...common });
      const name = `${path.parse(source).name}__${path.parse(target).name}.jpg`;
      await writeFile(path.join(outDir, name), r.image);
    } catch (e) {
      failed++;
      status = 'error';
      code = e instanceof EngineError ? e.code : (e as NodeJS.ErrnoException)?.code === 'ENOENT' ? 'file_not_found' : 'internal';
    }
    const ms = Math.round(performance.now() - t0);
    rows.push(`${source}\t${target}\t${status}\t${code}\t${ms}`);
    out(`${source} × ${target}: ${status}${code ? ` (${code})` : ''} ${ms} ms`);
  }
  await writeFile(path.join(outDir, 'results.tsv'), rows.join('\n') + '\n');
  out(`${pairs.length - failed}/${pairs.length} swaps written to ${outDir} (results.tsv)`);
  return 0;
}
