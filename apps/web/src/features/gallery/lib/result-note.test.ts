import { describe, expect, it } from 'vitest';
import { SWAP_WARNINGS } from '@visage/contracts';
import { resultNote } from './result-note';

describe('resultNote', () => {
  it('tells a convincing result nothing more than its face-photo warnings', () => {
    expect(resultNote(['source_small'])).toEqual({ note: null, others: ['source_small'] });
  });

  it('advises from the face-photo fact that explains the cause, and does not repeat it', () => {
    expect(resultNote(['source_hand', 'source_side_lit', 'result_tone'])).toEqual({ note: { cause: 'result_tone', advice: 'source_side_lit' }, others: ['source_hand'] });
    expect(resultNote(['source_hand', 'source_side_lit', 'result_blotchy'])).toEqual({ note: { cause: 'result_blotchy', advice: 'source_side_lit' }, others: ['source_hand'] });
  });

  it('gives the cause\'s own advice when no fact of the face photo explains it', () => {
    expect(resultNote(['source_glasses_off', 'result_pose'])).toEqual({ note: { cause: 'result_pose', advice: 'result_pose' }, others: ['source_glasses_off'] });
  });

  it('has a cause for every result warning', () => {
    for (const w of SWAP_WARNINGS.filter((x) => x.startsWith('result_'))) expect(resultNote([w]).note?.cause).toBe(w);
  });
});
