// V8's garbage collector, set for a process that does nothing but swaps (a pool worker, the CLI, the
// benchmark). A swap allocates ~20 MB of typed arrays (the warp, the masks, the light fields) over a
// live heap of ~32 MB, and V8 let the old generation grow only 1.1–2 times past what its last full
// collection left: in one process running warm swaps back to back, a full mark-compact ran on nearly
// every swap, 20 ms of it on the main thread. Letting it grow to twice, whatever V8 would choose, cut
// them to one in four swaps there. A pool worker gains less (218 to 172 over 400 swaps, see below):
// most of its full collections are started by the typed arrays' own bytes, not the heap's growth;
// reusing the largest of them between swaps (raster/scratch.ts) took those 172 to 117.
import v8 from 'node:v8';

/**
 * Growth of V8's old generation past what a full collection leaves, in percent. Over 150 warm swaps
 * in one process (a throwaway script): V8's own choice 151 mark-compacts, 3.0 s of collection, peak
 * RSS 478 MB; 100: 39, 0.6 s, 504 MB; 200: 18, 0.1 s, 552 MB (each worker's RSS counts against its
 * 500 MB budget). In a pool of 2 over 400 swaps: 218 mark-compacts (2.8 s) without, 172 (2.3 s) with
 * 100, at the same worker RSS.
 */
export const HEAP_GROWING_PERCENT = 100;

/** The V8 flags for such a process, as a command line takes them. */
export const ENGINE_V8_FLAGS: readonly string[] = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];

/** Sets ENGINE_V8_FLAGS in this already running process (V8 reads this one at every collection). */
export function tuneHeapForSwaps(): void {
  for (const f of ENGINE_V8_FLAGS) v8.setFlagsFromString(f);
}
