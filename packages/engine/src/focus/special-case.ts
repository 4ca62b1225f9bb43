// Focus as one special case: each face's blur read once, a source as soft as a target out of
// focus, and the warnings of a new face softer than the photo around it.
import type { SpecialCase } from '../stages/special-case.ts';
import { BLUR, faceBlur } from './face-blur.ts';
import { blurShare, focusStage } from './focus.ts';
import { blurryWarning, smallWarning } from './warnings.ts';

export const focusCase: SpecialCase = {
  name: 'focus',
  stages: [{ stage: focusStage, after: 'source light' }],
  untouched: () => ({ defocused: 0 }),
  facts: {
    timing: 'blur',
    judge: ({ source, srcFace, target, targets }) => {
      const srcBlur = source.facts.once(BLUR, srcFace.index, () => faceBlur(source.img, srcFace));
      const dstBlurs = targets.map((face) => target.facts.once(BLUR, face.index, () => faceBlur(target.img, face)));
      return {
        input: (k) => ({
          sourceSharpSize: srcBlur.sharpSize,
          focus: { source: blurShare(srcBlur, srcFace.size), target: blurShare(dstBlurs[k]!, targets[k]!.size) },
        }),
      };
    },
  },
  warnings: [smallWarning, blurryWarning],
};
