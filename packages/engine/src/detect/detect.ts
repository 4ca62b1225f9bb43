// Detects every face with box, score, 478 landmarks and head rotation. Faces partly outside
// the frame or very small are reported with flags rather than dropped or crashed on.
import { shrunk } from '../io/decode.ts';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { DETECTOR_MIN_CONFIDENCE, type Models } from '../models/models.ts';
import type { FaceResult as HumanFace } from '@vladmandic/human';
import { meshExtent, readIrises, refineFaces, type RefinedFace } from './mesh-refine.ts';
import { flatSkinShare, MAX_FLAT_SHARE } from './painted.ts';
import { facesInBoxes, PHOTO_TURNS, settleOrientation, turnPhoto, unturnPoint, type Pixels } from './orientation.ts';

type Tensor = ReturnType<Models['tf']['tensor']>;

/** Faces narrower than this (pixels) are flagged tooSmall and never swapped. */
export const DEFAULT_MIN_FACE_SIZE = 40;
/** Mesh confidence below which a detection is treated as "no face" (cartoons, animals, backs of heads). */
export const MIN_FACE_SCORE = 0.5;

const RAD = 180 / Math.PI;
/**
 * Roll above which a face is detected again with rotation correction. The upright pass under-reports
 * roll on tilted heads (a head tilted 35–45° reads as ~21–24° with a wrong mesh), so the bar is low.
 */
const ROLL_RETRY = 15 / RAD;

/**
 * Longest side the models see. The detector reads the whole photo at 256 px and the mesh each face at
 * 192, so more only costs memory: the wasm heap keeps its peak, and a 36 MP photo took a worker
 * past 1.6 GB. Landmarks are mapped back to the full photo.
 */
export const DETECT_MAX_SIDE = 2048;
/**
 * Detector confidence from which a box the mesh could not read upright is searched for a face turned
 * sideways (when the photo has faces upright; such boxes read 0.62–0.73 on the fixtures turned a
 * quarter or a half beside an upright face).
 */
const SIDEWAYS_BOX_SCORE = 0.55;
/** Most such boxes searched in one photo, and the detector's box side per face size (it frames 1.4×). */
const MAX_SIDEWAYS_BOXES = 4, BOX_PER_FACE = 1.4;
/** Roll past which a face tells that the photo may be turned, and is searched turned for more faces. */
const TURNED_FACE_ROLL = 60 / RAD;
/** Longest side of the copy searched turned when no face is found upright (see facesInTurnedPhoto). */
const TURNED_SIDE = 512;

/**
 * The photo's faces, largest first. `onFound` is told them as soon as their boxes and flags are
 * known, before the eyes are read (each face's landmarks then hold its 468 mesh points only): the
 * result's faces come in the same order with the same boxes, scores and flags. `upright`: the
 * image is known to be the right way up (a video frame), so it is not searched turned.
 */
export async function detectOnImage(models: Models, full: RgbImage, minFaceSize = DEFAULT_MIN_FACE_SIZE, onFound?: (faces: Face[]) => void, upright = false): Promise<Face[]> {
  const { tf } = models;
  const { image: img, sx, sy } = await shrunk(full, DETECT_MAX_SIDE);
  // One float copy of the photo serves every pass (Human takes a float batch as it is; an int32
  // image it would cast to a second copy).
  const image = tf.tensor4d(new Float32Array(img.data), [1, img.height, img.width, 3], 'float32');
  try {
    const refined = await findFaces(models, image, img.height, img.width, minFaceSize * sx, upright);
    const toPhoto = (mesh: number[][]) => sx === 1 && sy === 1 ? mesh : mesh.map((p) => [(p[0]! + 0.5) / sx - 0.5, (p[1]! + 0.5) / sy - 0.5, p[2]!]);
    const found: Array<{ face: Face; read: RefinedFace }> = [];
    for (const read of refined) {
      const mesh = toPhoto(read.mesh);
      const { x0: minX, y0: minY, x1: maxX, y1: maxY } = meshExtent(mesh, 468);
      const width = maxX - minX, height = maxY - minY;
      const size = Math.max(width, height);
      // A drawing the mesh model took for a face (see painted.ts).
      if (flatSkinShare(full, mesh, size) > MAX_FLAT_SHARE) continue;
      const margin = 0.02 * size;
      const partial = minX < -margin || minY < -margin || maxX > full.width - 1 + margin || maxY > full.height - 1 + margin;
      const angle = read.angle;
      found.push({
        read,
        face: {
          index: 0,
          box: { x: round1(minX), y: round1(minY), width: round1(width), height: round1(height) },
          score: Math.round(read.score * 1000) / 1000,
          landmarks: mesh.map((p) => [p[0]!, p[1]!, p[2] ?? 0] as [number, number, number]),
          rotation: { yaw: round1(angle.yaw * RAD), pitch: round1(angle.pitch * RAD), roll: round1(angle.roll * RAD) },
          size: round1(size),
          partial,
          tooSmall: size < minFaceSize,
        },
      });
    }
    found.sort((a, b) => b.face.box.width * b.face.box.height - a.face.box.width * a.face.box.height || a.face.box.x - b.face.box.x);
    const faces = found.map(({ face }, i) => Object.assign(face, { index: i }));
    onFound?.(faces.map((f) => ({ ...f })));
    const meshes = await readIrises(models, image, img.height, img.width, found.map((f) => f.read));
    faces.forEach((f, i) => { f.landmarks = toPhoto(meshes[i]!).map((p) => [p[0]!, p[1]!, p[2] ?? 0] as [number, number, number]); });
    return faces;
  } finally {
    tf.dispose(image);
  }
}

/**
 * The faces in a photo ([1, h, w, 3] float), read from their own landmarks (mesh-refine.ts) the
 * right way up (orientation.ts); `minBox` is the smallest face worth looking for turned sideways
 * (pixels of this copy). A face whose mesh is not confident on a crop framed by its own landmarks is
 * not a face.
 */
async function findFaces(models: Models, image: Tensor, h: number, w: number, minBox: number, uprightOnly: boolean): Promise<RefinedFace[]> {
  const { all: upright, found, rotated } = await detectPass(models, image);
  // Second pass on crops framed by each face's own landmarks (see mesh-refine.ts).
  const faces = await settleOrientation(models, image, h, w, await refineFaces(models, image, h, w, found, rotated, MIN_FACE_SCORE), MIN_FACE_SCORE, rotated);
  const add = (more: RefinedFace[]) => { for (const f of more) if (!faces.some((g) => sameFace(f, g))) faces.push(f); };
  // The copy the turned searches read, made on the first one.
  let copy: Pixels | null = null;
  const inTurnedPhoto = async (q: 1 | 2 | 3) => {
    copy ??= searchCopy(models.tf, image, h, w);
    const turned = await facesInTurnedPhoto(models, copy, h, w, q);
    if (turned.length === 0) return [];
    return settleOrientation(models, image, h, w, await refineFaces(models, image, h, w, turned, true, MIN_FACE_SCORE), MIN_FACE_SCORE, true);
  };
  // No face upright: the photo may be turned (see orientation.ts).
  const searched = new Set<number>();
  for (const q of faces.length > 0 || uprightOnly ? [] : PHOTO_TURNS) {
    const more = await inTurnedPhoto(q);
    searched.add(q);
    if (more.length > 0) { add(more); break; }
  }
  if (faces.length === 0) return faces;
  // A face turned sideways beside upright ones: the detector finds it, the mesh cannot read it
  // upright. Each box costs a mesh reading per turn: a crowd's unreadable boxes are capped, largest
  // first, and those too small to hold a face worth swapping are left.
  const boxes = upright
    .filter((f) => f.faceScore < MIN_FACE_SCORE && f.boxScore >= SIDEWAYS_BOX_SCORE && f.box[2] >= BOX_PER_FACE * minBox)
    .map((f) => ({ x0: f.box[0], y0: f.box[1], x1: f.box[0] + f.box[2], y1: f.box[1] + f.box[3] }))
    .filter((b) => !faces.some((f) => inside(centre(f.mesh), b)))
    .sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))
    .slice(0, MAX_SIDEWAYS_BOXES);
  add(await facesInBoxes(models, image, h, w, boxes, MIN_FACE_SCORE));
  // A face read a quarter or half turn round: the photo itself may be turned that way, its other
  // faces too turned for the detector (the crew photo upside down or turned 70° had one astronaut
  // of three found).
  for (const q of uprightOnly ? [] : photoTurnsOf(faces)) if (!searched.has(q)) add(await inTurnedPhoto(q));
  return faces;
}

/**
 * Human's detector and mesh over a photo ([1, h, w, 3] float): `found`, the faces it reads with
 * confidence (from MIN_FACE_SCORE, all 478 points), and `all`, every box the detector found with the
 * mesh's reading of it (keepInvalid: those the mesh could not read are looked in for faces turned
 * sideways). Without rotation correction the mesh holds on near-profile heads far better; strongly
 * rolled heads get a second pass with it (`rotated`: that pass won). The iris model runs in the
 * landmark pass only (mesh-refine.ts): this pass just finds the faces and frames them.
 */
async function detectPass(models: Models, image: Tensor): Promise<{ all: HumanFace[]; found: HumanFace[]; rotated: boolean }> {
  const { human } = models;
  const all = (await human.detect(image, { face: { detector: { rotation: false }, iris: { enabled: false }, mesh: { keepInvalid: true } } })).face;
  let found = all.filter((f) => f.faceScore >= DETECTOR_MIN_CONFIDENCE);
  let rotated = false;
  if (found.some((f) => Math.abs(f.rotation?.angle.roll ?? 0) > ROLL_RETRY)) {
    const turned = (await human.detect(image, { face: { detector: { rotation: true }, iris: { enabled: false } } })).face;
    if (betterOrEqual(turned, found)) { found = turned; rotated = true; }
  }
  return { all, found: found.filter((f) => f.score >= MIN_FACE_SCORE && f.mesh.length >= 468), rotated };
}

/**
 * The copy of the photo ([1, h, w, 3] float) the turned searches read: at most TURNED_SIDE px, since
 * the detector reads 256 px whatever it is given and the landmark pass reads each face again from
 * the photo itself.
 */
function searchCopy(tf: Models['tf'], image: Tensor, h: number, w: number): Pixels {
  const s = Math.min(1, TURNED_SIDE / Math.max(h, w));
  const sh = Math.max(1, Math.round(h * s)), sw = Math.max(1, Math.round(w * s));
  const small = s < 1 ? tf.image.resizeBilinear(image as never, [sh, sw]) as unknown as Tensor : null;
  try {
    return { data: (small ?? image).dataSync() as Float32Array, h: sh, w: sw };
  } finally {
    if (small) tf.dispose(small);
  }
}

/** The faces found in `copy` (see searchCopy) turned `q` quarter turns clockwise, as meshes on the h × w photo. */
async function facesInTurnedPhoto(models: Models, copy: Pixels, h: number, w: number, q: 1 | 2 | 3): Promise<Array<Pick<HumanFace, 'mesh'>>> {
  const turned = turnPhoto(models.tf, copy, q);
  let found: HumanFace[];
  try {
    found = (await detectPass(models, turned)).found;
  } finally {
    models.tf.dispose(turned);
  }
  const { h: sh, w: sw } = copy;
  return found.map((f) => ({
    mesh: f.mesh.map((p) => {
      const [x, y] = unturnPoint(p[0], p[1], q, sh, sw);
      return [(x + 0.5) * (w / sw) - 0.5, (y + 0.5) * (h / sh) - 0.5, p[2] ?? 0];
    }),
  }));
}

function centre(mesh: ReadonlyArray<ArrayLike<number>>): [number, number] {
  const e = meshExtent(mesh);
  return [(e.x0 + e.x1) / 2, (e.y0 + e.y1) / 2];
}

/** Whether two readings are of one face: either's centre lies within the other's extent. */
function sameFace(a: RefinedFace, b: RefinedFace): boolean {
  return inside(centre(a.mesh), meshExtent(b.mesh)) || inside(centre(b.mesh), meshExtent(a.mesh));
}

/** Quarter turns (clockwise) that would bring each face rolled past TURNED_FACE_ROLL upright, once each. */
function photoTurnsOf(faces: RefinedFace[]): Array<1 | 2 | 3> {
  const turns = new Set<1 | 2 | 3>();
  for (const f of faces) {
    if (Math.abs(f.angle.roll) <= TURNED_FACE_ROLL) continue;
    const q = (((4 - Math.round(f.angle.roll / (Math.PI / 2))) % 4) + 4) % 4;
    if (q !== 0) turns.add(q as 1 | 2 | 3);
  }
  return [...turns];
}

function inside([x, y]: [number, number], e: ReturnType<typeof meshExtent>): boolean {
  return x >= e.x0 && x <= e.x1 && y >= e.y0 && y <= e.y1;
}

/**
 * The rotation-corrected pass wins when it finds more usable faces, or as many with as much mesh
 * confidence (a near-profile head, whose roll reads high, can come out worse corrected).
 */
function betterOrEqual(rotated: HumanFace[], upright: HumanFace[]): boolean {
  const usable = (list: HumanFace[]) => list.filter((f) => f.score >= MIN_FACE_SCORE);
  const r = usable(rotated), u = usable(upright);
  if (r.length !== u.length) return r.length > u.length;
  const sum = (list: HumanFace[]) => list.reduce((acc, f) => acc + f.score, 0);
  return sum(r) >= sum(u) - 0.02 * u.length;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
