#!/usr/bin/env node
// The engine is TypeScript run without a build step: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

// A reader that stops early (`visage-swap --pairs … | head -1`) closes the pipe. The work goes on
// (the swaps and results.tsv are the output; the lines are progress) and the lines are dropped,
// instead of an EPIPE that the wasm runtime's exception handler prints as a page of its source.
let readerGone = false;
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  readerGone = true;
});

register();
// This process runs only the engine: its garbage collector is set as a pool worker's (see src/heap.ts).
(await import('../src/heap.ts')).tuneHeapForSwaps();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2), (line) => {
  if (!readerGone) process.stdout.write(line + '\n');
});
