// Second landmark pass. Human crops each face for the mesh model from the detector's box, and that
// box moves with the face's appearance: the same head with another face in it (a swap result) is
// framed differently and read at another pose. Cropping again around the first pass's own mesh
// (centred on the landmarks and sized from their extent, as MediaPipe's tracking loop re-crops from
// the last landmarks) reads every face the same way. The landmarks are kept sub-pixel (Human
// truncates them to whole pixels), and the iris model is fed the eye it reads: Human mirrors both
// eyes in and only one back, which put the right eye's iris and lid points off the eye.
//
// The mesh, iris and head-angle steps otherwise follow Human 3.x (src/face/facemesh.ts,
// facemeshutil.ts, iris.ts, angles.ts; MIT licence, (c) Vladimir Mandic), so the landmarks and
// angles mean what Human's do.
import type { FaceResult as HumanFace } from '@vladmandic/human';
import type { GraphModel, Models } from '../models/models.ts';
import { IRIS_SIZE, IRIS_POINTS, eyes, type Box, eyeBox, augmentIris } from './iris.ts';

type Tf = Models['tf'];
type Tensor = ReturnType<Tf['tensor']>;
type P3 = [number, number, number];

/** Mesh model input side (pixels). */
const MESH_SIZE = 192;
/**
 * Crop side relative to the landmarks' extent. Human's detector-based crops come out 1.32–1.53×
 * over the fixtures, varying with the face; a fixed ratio frames every face alike.
 */
const CROP_SCALE = 1.5;
/**
 * Most crops the mesh model reads in one batch: the wasm heap keeps the peak of the largest batch
 * it ran for the worker's life (the orientation search's 8 crops took a worker from 437 to 464 MB
 * RSS in the bench), and a crowd's faces in one batch would have grown it further.
 */
const MESH_BATCH = 4;
/** Rotation (radians) below which Human crops upright. */
const MIN_ROTATION = 0.2;

/** Upper lip centre and the point between the eyes: the face's vertical axis, for the crop's rotation. */
const SYMMETRY = [13, 168] as const;


export interface RefinedFace {
  /** 468 points [x, y, z] in image pixels (z in the mesh crop's units, as Human's); readIrises adds the eyes' 10. */
  mesh: P3[];
  score: number;
  /** Head rotation in radians. */
  angle: { yaw: number; pitch: number; roll: number };
  /** The crop the mesh was read from and the mesh as the crop holds it: where readIrises cuts the eyes. */
  frame: Framing;
  raw: P3[];
}

const normalizeRadians = (a: number) => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
const computeRotation = (p1: readonly (number | undefined)[], p2: readonly (number | undefined)[]) => normalizeRadians(Math.PI / 2 - Math.atan2(-(p2[1]! - p1[1]!), p2[0]! - p1[0]!));

/**
 * Crop-space mesh coordinates back to image pixels (Human's transformRawCoords without truncation).
 * The photo was turned by `angle` about the box's centre before cropping, so a point's offset from
 * the crop's centre is scaled to the box, turned back by `angle` and put at the box's centre.
 */
function toImage(raw: P3[], box: Box, angle: number): P3[] {
  const sx = (box.x1 - box.x0) / MESH_SIZE, sy = (box.y1 - box.y0) / MESH_SIZE;
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  const c = Math.cos(angle), s = Math.sin(angle);
  return raw.map(([x, y, z]) => {
    const dx = sx * (x - MESH_SIZE / 2), dy = sy * (y - MESH_SIZE / 2);
    return [c * dx - s * dy + cx, s * dx + c * dy + cy, z];
  });
}

/** Human's calculateFaceAngle, from the mesh and the crop box (see angles.ts). */
function headAngle(mesh: P3[], box: Box): { yaw: number; pitch: number; roll: number } {
  const size = Math.max(box.x1 - box.x0, box.y1 - box.y0) / 1.5;
  const pt = (i: number): P3 => [mesh[i]![0] / size, mesh[i]![1] / size, mesh[i]![2] / MESH_SIZE];
  const sub = (a: P3, b: P3): P3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const norm = (v: P3): P3 => { const l = Math.hypot(v[0], v[1], v[2]); return [v[0] / l, v[1] / l, v[2] / l]; };
  const cross = (a: P3, b: P3): P3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const y = norm(sub(pt(152), pt(10)));
  let x = norm(sub(pt(454), pt(234)));
  const z = norm(cross(x, y));
  x = cross(y, z);
  const [r00, , , r10, r11, r12, r20] = [...x, ...y, ...z];
  let tx: number, ty: number, tz: number;
  if (r10! < 1) {
    if (r10! > -1) {
      tz = Math.atan2(r10!, Math.sqrt(r00! * r00! + r20! * r20!));
      ty = Math.atan2(-r20!, r00!);
      tx = Math.atan2(-r12!, r11!);
    } else { tz = -Math.PI / 2; ty = -Math.atan2(z[1], z[2]); tx = 0; }
  } else { tz = Math.PI / 2; ty = Math.atan2(z[1], z[2]); tx = 0; }
  const fin = (v: number) => (Number.isNaN(v) ? 0 : -v);
  return { pitch: fin(tx), yaw: fin(ty), roll: fin(tz) };
}


/** The box of a mesh's first `count` points (all by default), image pixels. */
export function meshExtent(mesh: ReadonlyArray<ArrayLike<number | undefined>>, count = mesh.length): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = mesh[i]!;
    x0 = Math.min(x0, p[0]!); x1 = Math.max(x1, p[0]!); y0 = Math.min(y0, p[1]!); y1 = Math.max(y1, p[1]!);
  }
  return { x0, y0, x1, y1 };
}

/** Where one face is cropped for the mesh model: the box, and the turn (radians, 0 upright) about its centre. */
export interface Framing { box: Box; angle: number }

/**
 * The crop framed by a mesh (image pixels): centred on its points and sized from their extent;
 * upright, or along the face's own axis when `rotate` (as the rotation-corrected pass does), and
 * turned a further `turn` radians (the orientation search, see orientation.ts).
 */
export function framing(mesh: ReadonlyArray<ArrayLike<number | undefined>>, rotate: boolean, turn = 0): Framing {
  const { x0: minX, y0: minY, x1: maxX, y1: maxY } = meshExtent(mesh);
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const half = (CROP_SCALE * Math.max(maxX - minX, maxY - minY)) / 2;
  const axis = rotate ? computeRotation(Array.from(mesh[SYMMETRY[0]]!), Array.from(mesh[SYMMETRY[1]]!)) : 0;
  const angle = Math.abs(axis) > MIN_ROTATION ? axis : 0;
  return { box: { x0: cx - half, y0: cy - half, x1: cx + half, y1: cy + half }, angle: turn === 0 ? angle : normalizeRadians(angle + turn) };
}

/** The mesh model's input: each framing's crop of `image` ([1, h, w, 3] float) at 0..1, in one batch. */
function cropBatch(tf: Tf, image: Tensor, h: number, w: number, frames: Framing[]): Tensor {
  return tf.tidy(() => tf.concat(frames.map(({ box, angle }) => {
    const crop = angle !== 0 ? turnedCrop(tf, image, h, w, box, angle) : tf.image.cropAndResize(image as never, [[box.y0 / h, box.x0 / w, box.y1 / h, box.x1 / w]], [0], [MESH_SIZE, MESH_SIZE]);
    return tf.div(crop as never, 255);
  })));
}

/**
 * The crop `box` of `image` turned `angle` radians about the box's centre: what turning the whole
 * photo (tf's rotateWithOffset) and cropping it gave, sampled from the photo in one transform.
 * Turning the whole photo took ~50 ms a crop on a 1920 px photo, and a face the mesh is unsure of
 * is read at 8 turns: 400 ms of a three-quarter face's 460 ms detection.
 */
export function turnedCrop(tf: Tf, image: Tensor, h: number, w: number, box: Box, angle: number): Tensor {
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  // cropAndResize's sample grid for a box given as a share of the photo (it scales by size − 1).
  const xs0 = (box.x0 / w) * (w - 1), ys0 = (box.y0 / h) * (h - 1);
  const dx = (((box.x1 - box.x0) / w) * (w - 1)) / (MESH_SIZE - 1), dy = (((box.y1 - box.y0) / h) * (h - 1)) / (MESH_SIZE - 1);
  // Each grid point read where rotateWithOffset would have taken it from.
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const m = [dx * cos, -dy * sin, (xs0 - cx) * cos - (ys0 - cy) * sin + cx, dx * sin, dy * cos, (xs0 - cx) * sin + (ys0 - cy) * cos + cy, 0, 0];
  const crop = tf.image.transform(image as never, tf.tensor2d([m]), 'bilinear', 'constant', 0, [MESH_SIZE, MESH_SIZE]) as unknown as Tensor;
  // Grid points off the photo's frame were black in the turned photo's crop: they stay so.
  const rowIn = (i: number) => ys0 + i * dy >= 0 && ys0 + i * dy <= h - 1, colIn = (j: number) => xs0 + j * dx >= 0 && xs0 + j * dx <= w - 1;
  if (rowIn(0) && rowIn(MESH_SIZE - 1) && colIn(0) && colIn(MESH_SIZE - 1)) return crop;
  const inside = new Float32Array(MESH_SIZE * MESH_SIZE);
  for (let i = 0; i < MESH_SIZE; i++) for (let j = 0; j < MESH_SIZE; j++) inside[i * MESH_SIZE + j] = rowIn(i) && colIn(j) ? 1 : 0;
  return tf.mul(crop as never, tf.tensor4d(inside, [1, MESH_SIZE, MESH_SIZE, 1])) as unknown as Tensor;
}

/** The mesh model's confidence (0..1) that each framing's crop holds a face, upright. */
export async function meshConfidence(models: Models, image: Tensor, h: number, w: number, frames: Framing[]): Promise<Float32Array> {
  return Float32Array.from(await inBatches(frames, async (chunk) => Array.from(await confidenceBatch(models, image, h, w, chunk))));
}

/** `read` over `frames` MESH_BATCH at a time, its results in order. */
async function inBatches<T>(frames: Framing[], read: (chunk: Framing[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let k = 0; k < frames.length; k += MESH_BATCH) out.push(...(await read(frames.slice(k, k + MESH_BATCH))));
  return out;
}

async function confidenceBatch(models: Models, image: Tensor, h: number, w: number, frames: Framing[]): Promise<Float32Array> {
  const meshModel = models.human.models.models.facemesh as GraphModel | null;
  if (!meshModel || frames.length === 0) return new Float32Array(frames.length);
  const batch = cropBatch(models.tf, image, h, w, frames);
  try {
    return (await runMesh(models.tf, meshModel, batch, frames.length, false)).scores;
  } finally {
    models.tf.dispose(batch);
  }
}

/** The mesh model on a batch of crops: each crop's confidence, and when `withMesh` its 468 raw points (1404 values a crop). */
async function runMesh(tf: Tf, meshModel: GraphModel, batch: Tensor, count: number, withMesh: boolean): Promise<{ scores: Float32Array; flat: Float32Array | null }> {
  const results = meshModel.execute(batch) as Tensor[];
  try {
    const confT = results.find((t) => t.shape[t.shape.length - 1] === 1);
    const meshT = withMesh ? results.find((t) => t.shape[t.shape.length - 1] === 1404) : undefined;
    return {
      scores: confT ? ((await confT.data()) as Float32Array) : new Float32Array(count),
      flat: meshT ? ((await meshT.data()) as Float32Array) : null,
    };
  } finally {
    tf.dispose(results);
  }
}

/**
 * Runs the mesh model again, all faces in one batch, on crops centred on each face's first-pass
 * landmarks and sized from their extent. `image` is the [1, h, w, 3] input (float); `rotate` crops
 * along each face's axis (as the rotation-corrected pass does). A face whose mesh is not confident
 * (below `minScore`) there comes back null.
 */
export function refineFaces(models: Models, image: Tensor, h: number, w: number, faces: Array<Pick<HumanFace, 'mesh'>>, rotate: boolean, minScore: number): Promise<Array<RefinedFace | null>> {
  return readFaces(models, image, h, w, faces.map((f) => framing(f.mesh, rotate)), minScore);
}

/** The mesh model on the given crops, MESH_BATCH at a time; null where the mesh is not confident (below `minScore`). */
export function readFaces(models: Models, image: Tensor, h: number, w: number, frames: Framing[], minScore: number): Promise<Array<RefinedFace | null>> {
  return inBatches(frames, (chunk) => readBatch(models, image, h, w, chunk, minScore));
}

async function readBatch(models: Models, image: Tensor, h: number, w: number, frames: Framing[], minScore: number): Promise<Array<RefinedFace | null>> {
  const { human, tf } = models;
  const meshModel = human.models.models.facemesh as GraphModel | null;
  if (!meshModel || frames.length === 0) return frames.map(() => null);
  const batch = cropBatch(tf, image, h, w, frames);
  let read: Awaited<ReturnType<typeof runMesh>>;
  try {
    read = await runMesh(tf, meshModel, batch, frames.length, true);
  } finally {
    tf.dispose(batch);
  }
  const { scores, flat } = read;
  return frames.map((frame, k) => {
    if (!flat || !(scores[k]! >= minScore)) return null;
    const raw: P3[] = [];
    for (let i = 0; i < 468; i++) raw.push([flat[k * 1404 + 3 * i]!, flat[k * 1404 + 3 * i + 1]!, flat[k * 1404 + 3 * i + 2]!]);
    const mesh = toImage(raw, frame.box, frame.angle);
    // Human's angle step takes the box centred on the final mesh, of the same size. It reads the
    // mesh as the crop holds it, turned back by the crop's turn: in the photo's frame its angles
    // came out wrong past a quarter turn of roll, and on a head rolled 45° with 8° of yaw that is not there.
    const angle = headAngle(frame.angle === 0 ? mesh : toImage(raw, frame.box, 0), frame.box);
    return { mesh, score: scores[k]!, angle: { ...angle, roll: normalizeRadians(angle.roll + frame.angle) }, frame, raw };
  });
}

/**
 * Each face's 478 points: its eye contours refined and its 10 iris points added by the iris model,
 * read on the crop its mesh came from. Only the faces kept need it, so it runs once, last (the eye
 * points move no face's extent, crop or angle).
 */
export async function readIrises(models: Models, image: Tensor, h: number, w: number, faces: RefinedFace[]): Promise<P3[][]> {
  const out: P3[][] = [];
  for (let k = 0; k < faces.length; k += MESH_BATCH) out.push(...(await irisBatch(models, image, h, w, faces.slice(k, k + MESH_BATCH))));
  return out;
}

async function irisBatch(models: Models, image: Tensor, h: number, w: number, faces: RefinedFace[]): Promise<P3[][]> {
  const { human, tf } = models;
  const irisModel = human.models.models.iris as GraphModel | null;
  if (!irisModel || faces.length === 0) return faces.map((f) => f.mesh);
  // Both eyes of every face through the iris model at once. It reads a right eye: the left eye is
  // mirrored in, and its points mirrored back.
  const { left, right } = eyes();
  const eyeBoxes = faces.map((f) => [eyeBox(f.raw, left.EyeLower0[0]!, left.EyeLower0[8]!), eyeBox(f.raw, right.EyeLower0[0]!, right.EyeLower0[8]!)] as const);
  const irisInput = tf.tidy(() => {
    const batch = cropBatch(tf, image, h, w, faces.map((f) => f.frame));
    const cut = (k: number, b: Box) => tf.image.cropAndResize(batch as never, [[b.y0 / MESH_SIZE, b.x0 / MESH_SIZE, b.y1 / MESH_SIZE, b.x1 / MESH_SIZE]], [k], [IRIS_SIZE, IRIS_SIZE]);
    return tf.concat(faces.flatMap((_, k) => [tf.image.flipLeftRight(cut(k, eyeBoxes[k]![0])), cut(k, eyeBoxes[k]![1])]));
  });
  const irisOut = irisModel.execute(irisInput) as Tensor;
  tf.dispose(irisInput);
  const irisData = await irisOut.data();
  tf.dispose(irisOut);
  return faces.map((f, k) => {
    const raw = augmentIris(f.raw.map((p) => [...p] as P3), irisData, k * 2 * 3 * IRIS_POINTS, eyeBoxes[k]![0], eyeBoxes[k]![1]);
    return toImage(raw, f.frame.box, f.frame.angle);
  });
}
