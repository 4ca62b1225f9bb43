// No import circles in the server, type-only imports included: modules depend on one another in
// one direction, and only the composition (services.ts, context.ts, app.ts) sees them all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../test-support/import-cycles.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

describe('server imports', () => {
  it('go round in no circle', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph, SRC)).toEqual([]);
  });
});
