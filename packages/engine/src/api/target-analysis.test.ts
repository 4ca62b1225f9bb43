// A catalogue photo is analysed once (describeImage) and the analysis handed back to swaps
// (SwapOptions.targetAnalysis): the swap then reads the target's faces and hands from it.
import { describe, expect, it } from 'vitest';
import { describeImage, swapFaces, EngineError } from '../index.ts';
import { clearImageCache } from './image-cache.ts';
import { fixture } from '../../test/fixtures.ts';

async function code(p: Promise<unknown>): Promise<string> {
  try { await p; return 'ok'; } catch (e) { expect(e).toBeInstanceOf(EngineError); return (e as EngineError).code; }
}

describe('targetAnalysis', () => {
  it('describes a portrait: one face with its hands kept, and attribute suggestions', async () => {
    const d = await describeImage(fixture('012_ai-sfhq-east-asian-woman.jpg'));
    expect(d.faces).toHaveLength(1);
    expect(d.analysis.faces[0]!.hands).toBeInstanceOf(Array);
    expect(JSON.parse(JSON.stringify(d.analysis))).toEqual(d.analysis);
    expect(d.description).toMatchObject({ gender: 'female' });
    expect(['oval', 'round', 'square', 'heart', 'oblong', 'diamond']).toContain(d.description!.faceShape);
    const none = await describeImage(fixture('016_cc0-coffee-noface.png'));
    expect(none.description).toBeNull();
  }, 60_000);

  it('uses the faces it is given instead of detecting them (none given: no face in the target)', async () => {
    const target = fixture('013_ai-sfhq-beard-glasses-elderly.jpg');
    const source = fixture('012_ai-sfhq-east-asian-woman.jpg');
    clearImageCache();
    expect(await code(swapFaces({ source, target, identity: false, targetAnalysis: { faces: [] } }))).toBe('no_face_target');
    clearImageCache();
    const { analysis } = await describeImage(target);
    const result = await swapFaces({ source, target, identity: false, targetAnalysis: analysis });
    expect(result.faces.detectedInTarget).toBe(1);
    expect(await code(swapFaces({ source, target, targetAnalysis: { faces: [{ index: 0 }] } as never }))).toBe('invalid_options');
  }, 60_000);
});
