// Follows a face from one video frame to the next without the detector: the mesh model reads the
// crop framed by the face's previous landmarks (as the second landmark pass frames a detected
// face), then the iris model its eyes. Only the crop's region of the frame becomes a tensor, and
// at most about twice the crop's own resolution: a 1280×720 frame as floats is 11 MB and took
// ~50 ms to hand to the models, the region of a 340-px face averaged 2× down is 0.8 MB.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { Models } from '../models/models.ts';
import { MIN_FACE_SCORE } from './detect.ts';
import { framing, meshExtent, readFaces, readIrises, type Framing } from './mesh-refine.ts';

type P3 = [number, number, number];

const RAD = 180 / Math.PI;

/**
 * The face whose previous landmarks (478 points, frame pixels) are `last`, read again on `frame`,
 * or null when the mesh is no longer confident there (the face left, turned away or is covered).
 */
export async function followFace(models: Models, frame: RgbImage, last: ReadonlyArray<readonly number[]>, minFaceSize: number): Promise<Face | null> {
  const full = framing(last.slice(0, 468), true);
  const { box } = full;
  const side = box.x1 - box.x0;
  // A turned crop reaches beyond its square: the region then holds the whole turned square.
  const half = (side / 2) * (full.angle === 0 ? 1 : Math.SQRT2) + 2;
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  // The mesh reads a 192-px crop: a region of more than twice that is averaged down by a whole factor first.
  const q = Math.max(1, Math.floor(side / REGION_PER_CROP));
  const x0 = Math.max(0, Math.floor(cx - half)), y0 = Math.max(0, Math.floor(cy - half));
  const x1 = Math.min(frame.width, Math.ceil(cx + half)), y1 = Math.min(frame.height, Math.ceil(cy + half));
  const w = Math.floor((x1 - x0) / q), h = Math.floor((y1 - y0) / q);
  if (w < 8 || h < 8) return null;
  const { tf } = models;
  const image = tf.tensor4d(regionOf(frame, x0, y0, w, h, q), [1, h, w, 3], 'float32');
  // Region pixel (u, v) covers frame pixels x0 + q·u … x0 + q·u + q − 1: centres map as x = q·u + x0 + (q − 1) / 2.
  const toRegion = (v: number, o: number) => (v - o - (q - 1) / 2) / q;
  const toFrame = (v: number, o: number) => q * v + o + (q - 1) / 2;
  try {
    // Box corners outside the region stay outside: cropAndResize fills them black as it would on the whole frame.
    const local: Framing = { box: { x0: toRegion(box.x0, x0), y0: toRegion(box.y0, y0), x1: toRegion(box.x1, x0), y1: toRegion(box.y1, y0) }, angle: full.angle };
    const [read] = await readFaces(models, image, h, w, [local], MIN_FACE_SCORE);
    if (!read) return null;
    const [mesh] = await readIrises(models, image, h, w, [read]);
    const landmarks = mesh!.map((p) => [toFrame(p[0], x0), toFrame(p[1], y0), p[2]] as P3);
    const { yaw, pitch, roll } = read.angle;
    return faceOfMesh(landmarks, read.score, { yaw: round1(yaw * RAD), pitch: round1(pitch * RAD), roll: round1(roll * RAD) }, frame.width, frame.height, minFaceSize);
  } finally {
    tf.dispose(image);
  }
}

/** Crop side (pixels) per whole factor the region is averaged down by: at least this much is kept for the 192-px crop. */
const REGION_PER_CROP = 240;

/** The w × h region at (x0, y0) of the frame, each pixel the mean of a q × q block, as floats. */
function regionOf(frame: RgbImage, x0: number, y0: number, w: number, h: number, q: number): Float32Array {
  const out = new Float32Array(w * h * 3);
  const { data, width } = frame;
  if (q === 1) {
    for (let y = 0; y < h; y++) out.set(data.subarray(((y0 + y) * width + x0) * 3, ((y0 + y) * width + x0 + w) * 3), y * w * 3);
    return out;
  }
  const inv = 1 / (q * q);
  for (let y = 0; y < h; y++) {
    for (let dy = 0; dy < q; dy++) {
      let p = ((y0 + y * q + dy) * width + x0) * 3;
      const row = y * w * 3;
      for (let x = 0; x < w; x++) for (let dx = 0; dx < q; dx++, p += 3) { out[row + 3 * x]! += data[p]!; out[row + 3 * x + 1]! += data[p + 1]!; out[row + 3 * x + 2]! += data[p + 2]!; }
    }
  }
  for (let i = 0; i < out.length; i++) out[i]! *= inv;
  return out;
}

/** A Face (index 0) of 478 landmarks in frame pixels and its head rotation in degrees, as detectOnImage reports one. */
export function faceOfMesh(landmarks: P3[], score: number, rotation: Face['rotation'], width: number, height: number, minFaceSize: number): Face {
  const { x0, y0, x1, y1 } = meshExtent(landmarks, 468);
  const size = Math.max(x1 - x0, y1 - y0);
  const margin = 0.02 * size;
  return {
    index: 0,
    box: { x: round1(x0), y: round1(y0), width: round1(x1 - x0), height: round1(y1 - y0) },
    score: Math.round(score * 1000) / 1000,
    landmarks,
    rotation,
    size: round1(size),
    partial: x0 < -margin || y0 < -margin || x1 > width - 1 + margin || y1 > height - 1 + margin,
    tooSmall: size < minFaceSize,
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
