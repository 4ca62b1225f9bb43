// Follows a face from one video frame to the next without the detector: the mesh model reads the
// crop framed by the face's previous landmarks (as the second landmark pass frames a detected
// face), then the iris model its eyes. Only the crop's region of the frame becomes a tensor: a
// 1280×720 frame as floats is 11 MB, and the crop of a 200-px face is a few hundred kB.
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
  // The crop may turn about its centre: the region holds the whole turned square.
  const half = ((box.x1 - box.x0) / 2) * Math.SQRT2 + 2;
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  const x0 = Math.max(0, Math.floor(cx - half)), y0 = Math.max(0, Math.floor(cy - half));
  const x1 = Math.min(frame.width, Math.ceil(cx + half)), y1 = Math.min(frame.height, Math.ceil(cy + half));
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const w = x1 - x0, h = y1 - y0;
  const { tf } = models;
  const region = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * frame.width + x0) * 3;
    for (let k = 0; k < w * 3; k++) region[y * w * 3 + k] = frame.data[from + k]!;
  }
  const image = tf.tensor4d(region, [1, h, w, 3], 'float32');
  try {
    // Box corners outside the region stay outside: cropAndResize fills them black as it would on the whole frame.
    const local: Framing = { box: { x0: box.x0 - x0, y0: box.y0 - y0, x1: box.x1 - x0, y1: box.y1 - y0 }, angle: full.angle };
    const [read] = await readFaces(models, image, h, w, [local], MIN_FACE_SCORE);
    if (!read) return null;
    const [mesh] = await readIrises(models, image, h, w, [read]);
    const landmarks = mesh!.map((p) => [p[0] + x0, p[1] + y0, p[2]] as P3);
    const { yaw, pitch, roll } = read.angle;
    return faceOfMesh(landmarks, read.score, { yaw: round1(yaw * RAD), pitch: round1(pitch * RAD), roll: round1(roll * RAD) }, frame.width, frame.height, minFaceSize);
  } finally {
    tf.dispose(image);
  }
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
