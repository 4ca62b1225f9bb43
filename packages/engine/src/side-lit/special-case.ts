// Side light as one special case: no stage, a fact of the face photo judged once, whatever the
// target, and told as a warning.
import type { SpecialCase } from '../stages/special-case.ts';
import { SIDE_LIT, SIDE_LIT_WARNING, sourceSideLit } from './side-lit.ts';

export const sideLitCase: SpecialCase = {
  name: 'side-lit',
  facts: {
    timing: 'side-light',
    judge: ({ source, srcFace }) => ({
      warnings: source.facts.once(SIDE_LIT, srcFace.index, () => sourceSideLit(source.img, srcFace)) ? [SIDE_LIT_WARNING] : [],
    }),
  },
};
