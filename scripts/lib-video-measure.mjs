// Measures a swapped video against the clip it was made from (bench:video): both are decoded
// frame by frame side by side (one frame of each in memory), the engine finds the faces in each,
// and the figures of lib-video-figures.mjs are taken: the change inside the clip's face box from
// frame to frame, and the face mesh's tremble. The engine is TypeScript: load this with tsx.
import sharp from 'sharp';
import { detectFaces } from '../packages/engine/src/index.ts';
import { decodeFrames, probeVideo } from './lib-ffmpeg.mjs';
import { boxChange, jitterRatio, landmarkJitter, temporalStability } from './lib-video-figures.mjs';

/** The largest face of a frame, or null. */
async function faceOf(frame) {
  const png = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  const { faces } = await detectFaces(png);
  return faces[0] ?? null;
}

/** The face `face` as the jitter figure reads it: its 468 mesh points and its height. */
const tracked = (face) => (face ? { points: face.landmarks.slice(0, 468).map(([x, y]) => [x, y]), height: face.box.height } : null);

/** `box` grown by `share` of its size on every side. */
function grown(box, share) {
  return { x: box.x - share * box.width, y: box.y - share * box.height, width: box.width * (1 + 2 * share), height: box.height * (1 + 2 * share) };
}

/**
 * Compares `resultFile` with `originalFile` over their first `maxFrames` frames (the result is
 * scaled to the clip's size if it differs). `onFrame(k)` is told each frame done.
 */
export async function measureSwap(originalFile, resultFile, { maxFrames = Infinity, onFrame } = {}) {
  const clip = probeVideo(originalFile);
  const size = { width: clip.width, height: clip.height };
  const original = decodeFrames(originalFile, { maxFrames });
  const result = decodeFrames(resultFile, { maxFrames, size });
  const changes = { original: [], result: [] };
  const tracks = { original: [], result: [] };
  let prev = null;
  let frames = 0;
  for (;;) {
    const [a, b] = await Promise.all([original.next(), result.next()]);
    if (a.done || b.done) break;
    const [faceA, faceB] = [await faceOf(a.value), await faceOf(b.value)];
    tracks.original.push(tracked(faceA));
    tracks.result.push(tracked(faceB));
    if (prev) {
      // The clip's face box in both frames of the pair, a little grown: the part the swap may change.
      const box = prev.face && faceA ? grown(prev.face.box, 0.1) : null;
      changes.original.push(box ? boxChange(prev.a, a.value, box) : null);
      changes.result.push(box ? boxChange(prev.b, b.value, box) : null);
    }
    prev = { a: a.value, b: b.value, face: faceA };
    frames += 1;
    onFrame?.(frames);
  }
  await Promise.all([original.return(), result.return()]);
  return {
    frames,
    facesFound: { original: tracks.original.filter(Boolean).length, result: tracks.result.filter(Boolean).length },
    temporalStability: temporalStability(changes.result, changes.original),
    jitter: { original: landmarkJitter(tracks.original), result: landmarkJitter(tracks.result), ratio: jitterRatio(tracks.result, tracks.original) },
  };
}
