import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main, parsePairs } from './cli.ts';
import { FIXTURES, FILES } from '../test/fixtures.ts';

describe('visage-swap CLI', () => {
  it('parses a pairs file and refuses a missing header', () => {
    expect(parsePairs('source\ttarget\na.jpg\tb.jpg\n\n')).toEqual([{ source: 'a.jpg', target: 'b.jpg' }]);
    expect(() => parsePairs('a.jpg\tb.jpg\n')).toThrow(/header/);
  });

  it('runs a batch where a failed row never stops the others', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'visage-cli-'));
    const pairs = path.join(dir, 'pairs.tsv');
    writeFileSync(pairs, `source\ttarget\n${FILES.coffee}\t${FILES.eileen}\n${FILES.eastAsian}\t${FILES.eileen}\nmissing.png\t${FILES.eileen}\n`);
    const lines: string[] = [];
    const code = await main(['--pairs', pairs, '--faces', FIXTURES, '--out', path.join(dir, 'out'), '--no-identity'], (l) => lines.push(l), (l) => lines.push(l));
    expect(code).toBe(0);
    const rows = readFileSync(path.join(dir, 'out', 'results.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['source', 'target', 'status', 'error', 'ms']);
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual([['error', 'no_face_source'], ['ok', ''], ['error', 'file_not_found']]);
    expect(readdirSync(path.join(dir, 'out'))).toContain('012_ai-sfhq-east-asian-woman__001_nasa-eileen-collins.jpg');
  });

  it('swaps one pair and prints faces, timings and the identity score', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'visage-cli-'));
    const lines: string[] = [];
    const out = path.join(dir, 'o.jpg');
    const code = await main(['--source', path.join(FIXTURES, FILES.eastAsian), '--target', path.join(FIXTURES, FILES.crew), '-o', out, '--all-faces'], (l) => lines.push(l), (l) => lines.push(l));
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/target faces swapped: 3 of 3/);
    expect(text).toMatch(/timings \(ms\): .*warp/);
    expect(text).toMatch(/identity: cos\(result, source\) [\d.]+/);
    expect(readFileSync(out).subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('finishes a batch when the reader of its output goes away (visage-swap --pairs … | head -1)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'visage-cli-'));
    const pairs = path.join(dir, 'pairs.tsv');
    writeFileSync(pairs, `source\ttarget\n${FILES.eastAsian}\t${FILES.eileen}\n${FILES.eileen}\t${FILES.eastAsian}\n${FILES.eastAsian}\t${FILES.older}\n`);
    const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'visage-swap.mjs');
    const child = spawn(process.execPath, [bin, '--pairs', pairs, '--faces', FIXTURES, '--out', path.join(dir, 'out'), '--no-identity'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    // Read the first row's line, then close the pipe while rows are still to come.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
    const rows = readFileSync(path.join(dir, 'out', 'results.tsv'), 'utf8').trim().split('\n');
    expect(rows.slice(1).map((r) => r.split('\t')[2])).toEqual(['ok', 'ok', 'ok']);
  }, 60_000);

  it('exits non-zero with the error code for a face-less source', async () => {
    const lines: string[] = [];
    const code = await main(['--source', path.join(FIXTURES, FILES.cat), '--target', path.join(FIXTURES, FILES.eileen), '-o', path.join(os.tmpdir(), 'never.jpg')], (l) => lines.push(l), (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/\[no_face_source\]: No face was found in the source image\./);
  });
});
