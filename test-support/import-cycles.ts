// Finds import circles among a folder's TypeScript files, type-only imports included. Shared by the
// tests that keep the engine (packages/engine/test/layers.test.ts) and the server free of them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every .ts file under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The files a file imports by relative path (static, re-exported or dynamic), as absolute paths. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+\.ts)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

/** File → the files it imports, for every .ts file under `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  return new Map(sourceFiles(dir).map((f) => [f, importsOf(f)]));
}

/** Each circle as the list of files on it, relative to `root` (depth-first search, grey-black colouring). */
export function importCircles(graph: Map<string, string[]>, root: string): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (!graph.has(g)) continue;
      if (state.get(g) === 'open') found.push(stack.slice(stack.indexOf(g)).map((p) => path.relative(root, p)));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}
