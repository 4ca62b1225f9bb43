// No over-contrast: the light field matches a face's light only at a wide scale, so a source
// lit harder than the target (a shiny forehead, a window's light along one cheek) keeps its
// highlights, and brightened onto a paler or softly lit face they came out as white patches. Relit
// skin brighter, against the light field, than the target's own brightest skin is rolled off toward
// it. Shadows are left alone: what is darker than the light field is mostly beard, brows' shade and
// nostrils, which are the source's own: lifting them cost identity.

/** Share of the target's skin, by brightness against its light field, that lies above the ceiling. */
export const HIGHLIGHT_SHARE = 0.02;
/** Slope, in log space, of the roll-off beyond the ceiling (1 would leave highlights as they are). */
export const HIGHLIGHT_SLOPE = 0.3;
/** Lowest ceiling: a flat-lit target still lets the source's skin shine a little. */
export const MIN_CEILING = 1.1;

/** Histogram of log brightness ratios: bins of 1/64 over ratios e^-2 .. e^2 (0.14 .. 7.4). */
const BINS = 256, LOG_MIN = -2, BIN = 4 / BINS;

/** Collects brightness-to-light-field ratios and answers the ceiling they imply. */
export class RatioHistogram {
  private readonly bins = new Uint32Array(BINS);
  private count = 0;

  add(ratio: number): void {
    if (!(ratio > 0)) return;
    const b = Math.floor((Math.log(ratio) - LOG_MIN) / BIN);
    this.bins[b < 0 ? 0 : b >= BINS ? BINS - 1 : b]! += 1;
    this.count++;
  }

  /** The ratio that HIGHLIGHT_SHARE of the samples exceed (upper bin edge), at least MIN_CEILING; Infinity with too few samples. */
  ceiling(minSamples = 100): number {
    if (this.count < minSamples) return Infinity;
    let above = 0;
    const allowed = HIGHLIGHT_SHARE * this.count;
    for (let b = BINS - 1; b >= 0; b--) {
      above += this.bins[b]!;
      if (above > allowed) return Math.max(MIN_CEILING, Math.exp(LOG_MIN + (b + 1) * BIN));
    }
    return MIN_CEILING;
  }
}

/** Brightness ratio `q` rolled off beyond `ceiling` (unchanged at or below it). */
export function rollOff(q: number, ceiling: number): number {
  return q > ceiling ? ceiling * (q / ceiling) ** HIGHLIGHT_SLOPE : q;
}

/** Per cell of a light field: the brightness (+1) the source's skin is brought to, (source + 1) · gain. */
export function relitLevels(sourceLuma: Float32Array, gain: Float32Array): Float32Array {
  const out = new Float32Array(gain.length);
  for (let c = 0; c < gain.length; c++) out[c] = (sourceLuma[c]! + 1) * gain[c]!;
  return out;
}
