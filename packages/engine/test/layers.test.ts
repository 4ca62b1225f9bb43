// No import circles inside the engine, type-only imports included: ESLint keeps each folder to its
// layer (eslint.config.js), this keeps the files inside one folder from going round in a circle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../test-support/import-cycles.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

describe('engine imports', () => {
  it('go round in no circle', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(50);
    expect(importCircles(graph, SRC)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]), SRC)).toEqual([['a', 'b', 'c'].map((p) => path.relative(SRC, p))]);
  });
});
