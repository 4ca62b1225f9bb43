// The special cases a swap runs, each declared in its own folder (stages/special-case.ts). A new
// one is its folder and one line here. Their facts are judged in this order (hands first: the
// others and the stages see the faces with the hands against them).
import { focusCase } from '../focus/special-case.ts';
import { foreheadCase } from '../forehead/special-case.ts';
import { glassesCase } from '../glasses/special-case.ts';
import { handsCase } from '../hands/special-case.ts';
import { sideLitCase } from '../side-lit/special-case.ts';
import type { Stage } from '../stages/context.ts';
import type { SpecialCase } from '../stages/special-case.ts';

export const SPECIAL_CASES: readonly SpecialCase[] = [handsCase, sideLitCase, focusCase, glassesCase, foreheadCase];

/** The core list with each special case's stages put where they say, in the order of `cases`. */
export function withSpecialStages(core: readonly Stage[], cases: readonly SpecialCase[]): Stage[] {
  const list = [...core];
  for (const c of cases) {
    for (const placed of c.stages ?? []) {
      const anchor = 'before' in placed ? placed.before : placed.after;
      const at = list.findIndex((s) => s.name === anchor);
      if (at < 0) throw new Error(`The ${c.name} special case places ${placed.stage.name} against ${anchor}, which is not in the stage list.`);
      list.splice('before' in placed ? at : at + 1, 0, placed.stage);
    }
  }
  return list;
}
