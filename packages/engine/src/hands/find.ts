// A hand over a face (a cheek resting on a palm, fingers against the jaw). Skin-coloured and lit like
// the face, a hand passes every colour test of occlusion.ts: a face photo's fingers on its cheek were
// pasted onto every new cheek with the dark gap between them as a slash, and on it as a target a pale new cheek
// covered the palm. Human's hand detector does not find such hands (it looks for whole hands; over
// the fixtures it put boxes on faces, collars and a cat, never on a palm against a cheek), but its landmark model
// knows one when it is framed: a square the face's size beside each cheek is read by its small
// landmark model (~13 ms) and, where it sees a hand, read again on a square framed by the points it
// found, which places the hand's 21 points.
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { Models } from '../models/models.ts';
import { flatBounds } from '../raster/polygon.ts';
import { factKind, type AnalysedImage } from '../face/facts.ts';

/** Side of the landmark model's square input. */
const INPUT = 224;
/**
 * Presence the model must read, on the square beside the cheek and again on the square framed by
 * what it found, to count a hand. Over the fixtures' 17 faces it reads at most 0.03 beside a bare
 * cheek and 0.87 beside a hand against one.
 */
export const HAND_MIN = 0.5;
/** Where the squares sit: centred on the cheek's outline point, this far down (fraction of the face size), one face size wide. */
const DROP = 0.15, SPAN = 1;
/** The second look's square: the first look's points' box grown by this much. */
const REFRAME = 1.6;
/** Outline points beside each cheek (the face's right and left in the image's left and right). */
const CHEEKS = [234, 454] as const;

/** A square in image pixels: top-left corner and side. */
interface Square { x: number; y: number; s: number }

/** The square's pixels, bilinear, as the model takes them (0..1, INPUT × INPUT × 3). */
function cropSquare(img: RgbImage, sq: Square): Float32Array {
  const out = new Float32Array(INPUT * INPUT * 3);
  const { width: w, height: h, data } = img;
  const step = sq.s / INPUT;
  for (let v = 0; v < INPUT; v++) {
    const fy = Math.min(h - 1, Math.max(0, sq.y + (v + 0.5) * step - 0.5));
    const y0 = fy | 0, y1 = Math.min(h - 1, y0 + 1), ty = fy - y0;
    for (let u = 0; u < INPUT; u++) {
      const fx = Math.min(w - 1, Math.max(0, sq.x + (u + 0.5) * step - 0.5));
      const x0 = fx | 0, x1 = Math.min(w - 1, x0 + 1), tx = fx - x0;
      const o = (v * INPUT + u) * 3;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * w + x0) * 3 + c]! * (1 - tx) + data[(y0 * w + x1) * 3 + c]! * tx;
        const b = data[(y1 * w + x0) * 3 + c]! * (1 - tx) + data[(y1 * w + x1) * 3 + c]! * tx;
        out[o + c] = (a * (1 - ty) + b * ty) / 255;
      }
    }
  }
  return out;
}

/** The model's hand presence (0..1) in the square and its 21 points (flat x,y, image pixels). */
function readHand({ tf, handModel }: Models, img: RgbImage, sq: Square): { presence: number; points: Float32Array } {
  const input = tf.tensor4d(cropSquare(img, sq), [1, INPUT, INPUT, 3]);
  try {
    const [score, keypoints] = handModel.execute(input, ['Identity_1', 'Identity']) as Array<ReturnType<Models['tf']['zeros']>>;
    const presence = (score!.dataSync() as Float32Array)[0]!;
    const kp = keypoints!.dataSync() as Float32Array;
    tf.dispose([score!, keypoints!]);
    const points = new Float32Array(42);
    for (let i = 0; i < 21; i++) {
      points[2 * i] = sq.x + (kp[3 * i]! / INPUT) * sq.s;
      points[2 * i + 1] = sq.y + (kp[3 * i + 1]! / INPUT) * sq.s;
    }
    return { presence, points };
  } finally {
    tf.dispose(input);
  }
}

/** The square around `points`' box, grown by REFRAME. */
function around(points: Float32Array): Square {
  const { x0, y0, x1, y1 } = flatBounds(points);
  const s = REFRAME * Math.max(x1 - x0, y1 - y0);
  return { x: (x0 + x1) / 2 - s / 2, y: (y0 + y1) / 2 - s / 2, s };
}

/** The hands against `face`'s cheeks in `img`: 21 points each (flat x,y, image pixels); none is []. */
export function handsOnFace(models: Models, img: RgbImage, face: Face): Float32Array[] {
  const hands: Float32Array[] = [];
  for (const p of CHEEKS) {
    const [cx, cy] = face.landmarks[p]!;
    const s = SPAN * face.size;
    const sq = { x: cx - s / 2, y: cy + DROP * face.size - s / 2, s };
    const first = readHand(models, img, sq);
    if (first.presence < HAND_MIN) continue;
    const second = readHand(models, img, around(first.points));
    if (second.presence >= HAND_MIN) hands.push(second.points);
  }
  return hands;
}

/** The hands against a face, by face index: looked for once per photo, or kept with a target's analysis. */
export const HANDS = factKind<Float32Array[]>('hands');

/** The face with the hands against it. */
export function withHands(models: Models, image: AnalysedImage, face: Face): Face {
  return { ...face, hands: image.facts.once(HANDS, face.index, () => handsOnFace(models, image.img, face)) };
}
