import { describe, expect, it } from 'vitest';
import { CAUSE_WARNING, judgeFace, judgeResult, VERDICT_CAUSES, VERDICT_LIMITS, type VerdictFigures } from './verdict.ts';

/** A result nothing gives away: every figure well inside its limit. */
const fine: VerdictFigures = { toneShift: 4, blotchiness: 0.8, covered: 0.02, sourceCovered: false, poseGap: 5, sourceTurn: 0, sourceTilt: 4, likeness: 0.1 };

describe('judgeFace', () => {
  it('finds a result convincing when every figure is inside its limit', () => {
    expect(judgeFace(fine)).toEqual({ convincing: true, figures: fine });
  });

  it.each([
    ['tone', { toneShift: VERDICT_LIMITS.toneShift + 1 }],
    ['blotchy', { blotchiness: VERDICT_LIMITS.blotchiness + 0.1 }],
    ['covered', { covered: VERDICT_LIMITS.covered + 0.05 }],
    ['pose', { poseGap: VERDICT_LIMITS.poseGap + 5 }],
    ['pose', { sourceTurn: VERDICT_LIMITS.sourceTurn + 5 }],
    ['tilted', { sourceTilt: VERDICT_LIMITS.sourceTilt + 5 }],
    ['unlike', { likeness: VERDICT_LIMITS.likeness - 0.05 }],
  ] as const)('names %s when its figure is past its limit', (cause, change) => {
    expect(judgeFace({ ...fine, ...change })).toMatchObject({ convincing: false, cause });
  });

  it('names the figure furthest past its limit when several are', () => {
    const v = judgeFace({ ...fine, toneShift: VERDICT_LIMITS.toneShift * 1.1, blotchiness: VERDICT_LIMITS.blotchiness * 1.6 });
    expect(v.cause).toBe('blotchy');
  });

  it('holds a covered face photo to a lower covered share than a covered target', () => {
    const share = (VERDICT_LIMITS.covered + VERDICT_LIMITS.coveredSource) / 2;
    expect(judgeFace({ ...fine, covered: share }).convincing).toBe(true);
    expect(judgeFace({ ...fine, covered: share, sourceCovered: true }).cause).toBe('covered');
  });

  it('judges without likeness when it was not measured', () => {
    const { likeness: _l, ...unmeasured } = fine;
    expect(judgeFace(unmeasured).convincing).toBe(true);
  });
});

describe('judgeResult', () => {
  it('is unconvincing when any face is, with the worst face as its cause', () => {
    const faces = [judgeFace(fine), judgeFace({ ...fine, toneShift: VERDICT_LIMITS.toneShift * 1.2 }), judgeFace({ ...fine, poseGap: VERDICT_LIMITS.poseGap * 2 })];
    expect(judgeResult(faces)).toMatchObject({ convincing: false, cause: 'pose' });
    expect(judgeResult([judgeFace(fine)])).toEqual({ convincing: true, faces: [judgeFace(fine)] });
  });

  it('raises one result warning per cause', () => {
    expect(new Set(VERDICT_CAUSES.map((c) => CAUSE_WARNING[c])).size).toBe(VERDICT_CAUSES.length);
  });
});
