// A result the engine judged likely unconvincing (a result_* warning) is told in one note: the cause,
// then one piece of advice. The advice names the fact of the face photo that best explains the cause
// when the engine noticed one (that fact's own note is then not repeated), else the cause's own.
import type { SwapWarning } from '@visage/contracts';

export type ResultWarning = Extract<SwapWarning, `result_${string}`>;
export type SourceWarning = Exclude<SwapWarning, ResultWarning>;

/** For each cause, the facts of the face photo that may explain it, the likeliest first. */
const EXPLAINED_BY: Record<ResultWarning, SourceWarning[]> = {
  result_covered: ['source_hand', 'source_covered', 'source_partial'],
  result_pose: ['source_side_on', 'source_partial'],
  result_tilted: ['source_side_on'],
  result_tone: ['source_side_lit'],
  result_blotchy: ['source_side_lit', 'source_hand', 'source_blurry', 'source_small'],
  result_unlike: ['source_small', 'source_blurry', 'source_side_on', 'source_covered', 'source_hand', 'source_side_lit', 'source_partial'],
};

export interface ResultNote {
  cause: ResultWarning;
  /** The key of the advice under viewer.advice: a fact of the face photo, or the cause itself. */
  advice: SourceWarning | ResultWarning;
}

const isResult = (w: SwapWarning): w is ResultWarning => w.startsWith('result_');

/** The result's note (null when it is convincing) and the face-photo warnings still told on their own. */
export function resultNote(warnings: readonly SwapWarning[]): { note: ResultNote | null; others: SwapWarning[] } {
  const cause = warnings.find(isResult);
  if (!cause) return { note: null, others: [...warnings] };
  const fact = EXPLAINED_BY[cause].find((w) => warnings.includes(w));
  return { note: { cause, advice: fact ?? cause }, others: warnings.filter((w) => !isResult(w) && w !== fact) };
}
