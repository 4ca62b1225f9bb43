// A detected face as plain data (box, 478 landmarks, head rotation) and the geometry every stage
// reads off it: flat points, depths, its region of interest, its copy in a reduced region.
import type { Roi } from '../raster/warp.ts';

export interface FaceBox { x: number; y: number; width: number; height: number }
/** Head rotation in degrees. */
export interface FaceRotation { yaw: number; pitch: number; roll: number }

export interface Face {
  /** Position in the result list (largest face first). */
  index: number;
  box: FaceBox;
  /** Mesh confidence 0..1. */
  score: number;
  /** 478 points [x, y, z] in image pixels (468 mesh + 10 iris). */
  landmarks: Array<[number, number, number]>;
  rotation: FaceRotation;
  /** Face size in pixels: the larger side of the landmark box. */
  size: number;
  /** Part of the face lies outside the image. */
  partial: boolean;
  /** Smaller than the minimum usable face size. */
  tooSmall: boolean;
  /**
   * Hands against the face, 21 landmark points each (flat x,y, image pixels; see hands/find.ts). Looked
   * for only when the face is swapped: undefined until then.
   */
  hands?: Float32Array[];
}

/**
 * The face's two irises from its iris landmarks (each a centre, then four on the rim: 468–472 for
 * the right eye, 473–477 for the left): centre and mean radius, right eye first. Empty without them.
 */
export function irises(face: Face): Array<{ x: number; y: number; r: number }> {
  const L = face.landmarks;
  if (L.length < 478) return [];
  return [468, 473].map((c) => {
    const [x, y] = L[c]!;
    let r = 0;
    for (let k = 1; k <= 4; k++) r += Math.hypot(L[c + k]![0] - x, L[c + k]![1] - y) / 4;
    return { x, y, r };
  });
}

/** Flat x,y of the first `count` landmarks. */
export function flatPoints(face: Face, count = 468): Float32Array {
  const out = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const p = face.landmarks[i]!;
    out[2 * i] = p[0];
    out[2 * i + 1] = p[1];
  }
  return out;
}

/**
 * The face as seen in a copy of the region at (x0, y0) of its image, scaled down by sx across and sy
 * down (pixel centres onto pixel centres): a reduced copy of a face (face/reduce-face.ts, swap/reduced-copy.ts).
 * Depth is in the mesh's own units and stays.
 */
export function faceInRegion(face: Face, x0: number, y0: number, sx: number, sy = sx): Face {
  const at = (v: number, o: number, s: number) => (v - o + 0.5) / s - 0.5;
  return {
    ...face,
    box: { x: at(face.box.x, x0, sx), y: at(face.box.y, y0, sy), width: face.box.width / sx, height: face.box.height / sy },
    landmarks: face.landmarks.map(([x, y, z]) => [at(x, x0, sx), at(y, y0, sy), z] as [number, number, number]),
    size: face.size / Math.max(sx, sy),
    ...(face.hands ? { hands: face.hands.map((h) => h.map((v, k) => (k % 2 === 0 ? at(v, x0, sx) : at(v, y0, sy)))) } : {}),
  };
}

/** The mesh points' depths (smaller is nearer the camera), in the same order as flatPoints. */
export function flatDepths(face: Face, count = 468): Float32Array {
  return Float32Array.from({ length: count }, (_, i) => face.landmarks[i]![2]);
}

/** Region of interest: the face's landmark box grown by `margin` of its size, clipped. */
export function faceRoi(face: Face, width: number, height: number, margin = 0.12): Roi {
  const m = margin * face.size;
  const x0 = Math.max(0, Math.floor(face.box.x - m));
  const y0 = Math.max(0, Math.floor(face.box.y - m));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width + m) + 1);
  const y1 = Math.min(height, Math.ceil(face.box.y + face.box.height + m) + 1);
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}
