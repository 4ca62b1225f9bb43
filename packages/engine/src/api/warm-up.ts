// A worker's first swap ran 2-4× slower than the next ones (the stages' code not yet compiled by V8,
// the models' first inferences, memory not yet faulted in): 4-9 s for a video's first 12 frames
// against ~2 s. A pool started with `warmUp` pays that before it says it is ready, on a face of its own.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { swapFrames } from './swap-frames.ts';
import { videoPeople } from './video-people.ts';

const FACE = new URL('../../assets/warm-up-face.jpg', import.meta.url);
/** A 720p frame, the video size most swapped, filled top to bottom by the photo: a face of about 400 px. */
const FRAME = { width: 1280, height: 720, face: 720 };
/**
 * A segment's first chunk: the detector and the person's descriptor on the first frame, the tracker
 * on the others. V8 optimises the stages' loops only after several frames.
 */
const FRAMES = 12;

export interface WarmUp {
  ms: number;
  /** Frames the swap changed: all of them unless the engine failed to find the face. */
  swapped: number;
}

/** Swaps the asset face, mirrored, onto itself in a chunk of video frames. */
export async function warmUp(): Promise<WarmUp> {
  const t0 = performance.now();
  const photo = await readFile(FACE);
  const face = await sharp(photo).resize(FRAME.face, FRAME.face).removeAlpha().raw().toBuffer();
  const frame = await sharp({ create: { width: FRAME.width, height: FRAME.height, channels: 3, background: { r: 96, g: 104, b: 112 } } })
    .composite([{ input: face, raw: { width: FRAME.face, height: FRAME.face, channels: 3 }, left: (FRAME.width - FRAME.face) >> 1, top: (FRAME.height - FRAME.face) >> 1 }])
    .removeAlpha().raw().toBuffer();
  const frames = Array.from({ length: FRAMES }, () => ({ width: FRAME.width, height: FRAME.height, data: Buffer.from(frame) }));
  const { people } = await videoPeople({ frames: frames.slice(0, 1) });
  // The face mirrored as the face photo: a swap of a face onto itself would spare some stages.
  const source = await sharp(photo).flop().jpeg().toBuffer();
  const { patches } = await swapFrames({ source, frames, firstIndex: 0, fps: 30, person: people[0]?.descriptor ?? null });
  return { ms: performance.now() - t0, swapped: patches.filter(Boolean).length };
}
