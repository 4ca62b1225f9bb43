// The iris model's part of the second landmark pass (see mesh-refine.ts): the crop around each eye
// and the eye contours and iris points it refines (after Human 3.x's iris.ts, MIT licence).
import { topology } from '../mesh/topology.ts';

type P3 = [number, number, number];

/** Iris model input side and the eye crop's size relative to the eye's corners. */
export const IRIS_SIZE = 64, IRIS_SCALE = 2.3;
/** Points of Human's iris model output, and where its 5 iris points start. */
export const IRIS_POINTS = 76, IRIS_INDEX = 71;

// Mesh contours around the right eye that the iris model refines (the left eye's are their mirror
// twins), and where each sits in the iris model's output.
export const RIGHT_EYE = {
  EyeUpper0: [246, 161, 160, 159, 158, 157, 173], EyeLower0: [33, 7, 163, 144, 145, 153, 154, 155, 133],
  EyeUpper1: [247, 30, 29, 27, 28, 56, 190], EyeLower1: [130, 25, 110, 24, 23, 22, 26, 112, 243],
  EyeUpper2: [113, 225, 224, 223, 222, 221, 189], EyeLower2: [226, 31, 228, 229, 230, 231, 232, 233, 244],
  EyeLower3: [143, 111, 117, 118, 119, 120, 121, 128, 245],
  EyebrowUpper: [156, 70, 63, 105, 66, 107, 55, 193], EyebrowLower: [35, 124, 46, 53, 52, 65],
};
type Contour = keyof typeof RIGHT_EYE;
type EyeContours = Record<Contour, number[]>;
let eyeContours: { right: EyeContours; left: EyeContours } | null = null;
/** Both eyes' contours; the left eye's are the right eye's mirrored with the mesh's own mirror map. */
export function eyes(): { right: EyeContours; left: EyeContours } {
  if (eyeContours) return eyeContours;
  const { mirror } = topology();
  const left = Object.fromEntries(Object.entries(RIGHT_EYE).map(([k, ids]) => [k, ids.map((i) => mirror[i]!)])) as EyeContours;
  eyeContours = { right: RIGHT_EYE, left };
  return eyeContours;
}
export const IRIS_INDICES: Record<Contour, number[]> = {
  EyeUpper0: [9, 10, 11, 12, 13, 14, 15], EyeUpper1: [25, 26, 27, 28, 29, 30, 31], EyeUpper2: [41, 42, 43, 44, 45, 46, 47],
  EyeLower0: [0, 1, 2, 3, 4, 5, 6, 7, 8], EyeLower1: [16, 17, 18, 19, 20, 21, 22, 23, 24], EyeLower2: [32, 33, 34, 35, 36, 37, 38, 39, 40],
  EyeLower3: [54, 55, 56, 57, 58, 59, 60, 61, 62], EyebrowUpper: [63, 64, 65, 66, 67, 68, 69, 70], EyebrowLower: [48, 49, 50, 51, 52, 53],
};

export interface Box { x0: number; y0: number; x1: number; y1: number }

/** The iris model's crop around one eye (in mesh-crop pixels), from its two corners. */
export function eyeBox(raw: P3[], inner: number, outer: number): Box {
  const a = raw[inner]!, b = raw[outer]!;
  const cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
  const half = (IRIS_SCALE * Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]))) / 2;
  return { x0: Math.round(cx - half), y0: Math.round(cy - half), x1: Math.round(cx + half), y1: Math.round(cy + half) };
}

/** Refines one face's eye contours from its two eyes' iris model output and adds the 10 iris points (Human's augmentIris). */
export function augmentIris(raw: P3[], data: ArrayLike<number>, offset: number, lb: Box, rb: Box): P3[] {
  const EYE = eyes();
  const eyePoints = (at: number, b: Box, flip: boolean): P3[] => {
    const pts: P3[] = [];
    for (let i = 0; i < IRIS_POINTS; i++) {
      const x = data[at + 3 * i]!, y = data[at + 3 * i + 1]!, z = data[at + 3 * i + 2]!;
      pts.push([(flip ? 1 - x / IRIS_SIZE : x / IRIS_SIZE) * (b.x1 - b.x0) + b.x0, (y / IRIS_SIZE) * (b.y1 - b.y0) + b.y0, z]);
    }
    return pts;
  };
  const left = eyePoints(offset, lb, true), right = eyePoints(offset + 3 * IRIS_POINTS, rb, false);
  const replace = (side: 'left' | 'right', pts: P3[], only: Contour[] | null) => {
    for (const key of Object.keys(IRIS_INDICES) as Contour[]) {
      if (only && !only.includes(key)) continue;
      const mesh = EYE[side][key], idx = IRIS_INDICES[key];
      for (let j = 0; j < idx.length; j++) {
        const p = pts[idx[j]!]!, m = mesh[j]!;
        raw[m] = [p[0], p[1], (p[2] + raw[m]![2]) / 2];
      }
    }
  };
  // A head turned aside shows one eye foreshortened: only that eye's lid lines are replaced there.
  const depthDiff = raw[EYE.left.EyeLower0[0]!]![2] - raw[EYE.right.EyeLower0[0]!]![2];
  if (Math.abs(depthDiff) < 30) { replace('left', left, null); replace('right', right, null); }
  else if (depthDiff < 1) replace('left', left, ['EyeUpper0', 'EyeLower0']);
  else replace('right', right, ['EyeUpper0', 'EyeLower0']);
  // Iris depth is unreliable: it takes the eyelids' (0 centre, 2 above, 4 below).
  const irisPoints = (side: 'left' | 'right', pts: P3[]): P3[] => {
    const up = raw[EYE[side].EyeUpper0[3]!]![2], low = raw[EYE[side].EyeLower0[4]!]![2];
    return pts.slice(IRIS_INDEX).map((p, i) => [p[0], p[1], i === 2 ? up : i === 4 ? low : (up + low) / 2]);
  };
  return [...raw, ...irisPoints('left', left), ...irisPoints('right', right)];
}
