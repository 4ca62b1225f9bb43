import { describe, expect, it } from 'vitest';
import { CAUSE_WARNING, judgeFace, judgeResult, reducedRegion, VERDICT_CAUSES, VERDICT_LIMITS, type VerdictFigures } from './verdict.ts';

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

  it('allows a covered face photo a larger covered share than a covered target', () => {
    // The face photo's covered lower face is taken whole from the target and reads as one face.
    const share = (VERDICT_LIMITS.covered + VERDICT_LIMITS.coveredSource) / 2;
    expect(judgeFace({ ...fine, covered: share, sourceCovered: true }).convincing).toBe(true);
    expect(judgeFace({ ...fine, covered: share }).cause).toBe('covered');
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

describe('reducedRegion', () => {
  it('averages the face region by a whole factor and moves the landmarks with it', () => {
    const width = 40, height = 30, data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x * 4, y * 4, 100], 3 * (y * width + x));
    const landmarks = Array.from({ length: 468 }, () => [20, 15, 0] as [number, number, number]);
    landmarks[50] = [10, 8, 0]; landmarks[280] = [30, 22, 0];
    const r = reducedRegion({ data, width, height }, { size: 20, landmarks }, 2);
    // The cheeks' box grown by a tenth of the face size: x 8..32, y 6..24, halved.
    expect([r.img.width, r.img.height]).toEqual([12, 9]);
    expect([r.landmarks[50], r.landmarks[280], r.landmarks[0]]).toEqual([[1, 1], [11, 8], [6, 4.5]]);
    // Pixel (0, 0) averages x 8..9 and y 6..7 of the original.
    expect(Array.from(r.img.data.slice(0, 3))).toEqual([34, 26, 100]);
  });
});
