// The stage list is the only wiring of a swap: every field a stage reads must be given or written
// by a stage before it, and the reduced-copy path keeps to stages that exist.
import { describe, expect, it } from 'vitest';
import { GIVEN } from '../stages/context.ts';
import type { RgbImage } from '../core/image.ts';
import { untouched } from './run.ts';
import { withSpecialStages } from './special-cases.ts';
import { CORE_STAGES, FULL_RESOLUTION, STAGES } from './stages.ts';

describe('the stage list', () => {
  it('reads only what is given or written before', () => {
    const known = new Set<string>(GIVEN);
    const late: string[] = [];
    for (const stage of STAGES) {
      for (const field of stage.reads) if (!known.has(field)) late.push(`${stage.name} reads ${field}`);
      for (const field of stage.writes) known.add(field);
    }
    expect(late).toEqual([]);
  });

  it('on a reduced copy, reads only what is given, left as untouched, or written on the copy before', () => {
    // The copy is handed the source the glasses stage chose and whether the target's eyes are behind tint.
    const known = new Set<string>([...GIVEN, ...Object.keys(untouched({} as RgbImage)), 'from', 'behindTint']);
    const late: string[] = [];
    for (const stage of STAGES.filter((s) => !FULL_RESOLUTION.has(s.name))) {
      for (const field of stage.reads) if (!known.has(field)) late.push(`${stage.name} reads ${field}`);
      for (const field of stage.writes) known.add(field);
    }
    expect(late).toEqual([]);
  });

  it('puts the special cases\' stages where they say', () => {
    expect(STAGES.map((s) => s.name)).toEqual([
      'reshape', 'glasses', 'place', 'hand share', 'uncover', 'warp', 'source light', 'focus', 'sharpen', 'even light', 'forehead', 'mask',
      'hands', 'occlude', 'glasses keep', 'relight', 'blend', 'glasses restore',
    ]);
    expect([...FULL_RESOLUTION]).toEqual(['reshape', 'glasses', 'glasses keep', 'glasses restore']);
  });

  it('refuses a stage placed against one not in the list', () => {
    const stray = { name: 'stray', reads: [], writes: [], run: () => {} };
    expect(() => withSpecialStages(CORE_STAGES, [{ name: 'stray', stages: [{ stage: stray, after: 'nowhere' }] }])).toThrow(/nowhere/);
  });

  it('names each stage once, and keeps at full resolution only stages of the list', () => {
    const names = STAGES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of FULL_RESOLUTION) expect(names).toContain(name);
  });
});
