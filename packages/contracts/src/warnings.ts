// The warnings a swap result may carry about its face photo (source_*) and, when the finished result
// is likely unconvincing, its main cause (result_*), in the order a result lists them.
// Defined here once: the engine raises them (each special case its own, see packages/engine), the
// server stores them, the web app and the CLI word them. Plain data, no schema library, so the
// engine can import it (`@visage/contracts/warnings`) without loading the rest.
export const SWAP_WARNINGS = ['source_side_on', 'source_covered', 'source_hand', 'source_partial', 'source_side_lit', 'source_blurry', 'source_small', 'source_glasses_off', 'result_covered', 'result_pose', 'result_tilted', 'result_tone', 'result_blotchy', 'result_unlike'] as const;
export type SwapWarning = (typeof SWAP_WARNINGS)[number];
