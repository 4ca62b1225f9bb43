// Attribute suggestions for a catalogue photo (operators confirm them): gender and age from the
// faceres model, face shape from the landmarks' proportions, hair colour from the pixels above
// the forehead, eyes, nose, lips and cheeks from the mesh (face-features.ts), hair length and
// type from the pixels around the face (hair-style.ts). Suggestions only: each is a rule of thumb.
import { decodeImage, DEFAULT_MAX_PIXELS } from '../io/decode.ts';
import type { RgbImage } from '../core/image.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage } from '../detect/detect.ts';
import type { Face } from '../face/face.ts';
import { faceAttributes } from '../detect/identity.ts';
import { loadModels } from '../models/models.ts';
import type { DetectOptions, TargetAnalysis } from './options.ts';
import { handsOnFace } from '../hands/find.ts';
import { cheeksShapeOf, eyesShapeOf, featureMeasures, lipsShapeOf, noseShapeOf, type CheeksShape, type EyesShape, type FeatureMeasures, type LipsShape, type NoseShape } from './face-features.ts';
import { hairLengthOf, hairMeasures, hairTypeOf, type HairLength, type HairMeasures, type HairType } from './hair-style.ts';

export interface FaceDescription {
  gender: 'female' | 'male';
  genderScore: number;
  /** Years, as faceres reads them. */
  age: number;
  ageRange: '18-25' | '26-35' | '36-45' | '46-55' | '56+';
  faceShape: 'oval' | 'round' | 'square' | 'heart' | 'oblong' | 'diamond';
  hairColor: 'brown' | 'blonde' | 'red' | 'grey' | 'white' | 'other';
  hairType: HairType;
  hairLength: HairLength;
  eyesShape: EyesShape;
  noseShape: NoseShape;
  lipsShape: LipsShape;
  cheeksShape: CheeksShape;
  /** The measurements the rules read, for calibration. */
  measures: { length: number; jaw: number; forehead: number; hair: { l: number; c: number; h: number }; hairStyle: HairMeasures; features: FeatureMeasures };
}

export interface DescribeResult {
  width: number;
  height: number;
  faces: Face[];
  /** What a swap onto this photo may be handed back (SwapOptions.targetAnalysis): faces, and the swapped face's hands. */
  analysis: TargetAnalysis;
  /** Of the largest face, when one is usable; null otherwise. */
  description: FaceDescription | null;
}

type P = [number, number, number];
const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Face length over cheekbone width, jaw and forehead widths over it (mesh points 10/152, 234/454, 172/397, 54/284). */
export function faceProportions(lm: P[]): { length: number; jaw: number; forehead: number } {
  const cheeks = dist(lm[234]!, lm[454]!) || 1;
  return { length: dist(lm[10]!, lm[152]!) / cheeks, jaw: dist(lm[172]!, lm[397]!) / cheeks, forehead: dist(lm[54]!, lm[284]!) / cheeks };
}

export function faceShapeOf(m: { length: number; jaw: number; forehead: number }): FaceDescription['faceShape'] {
  if (m.length >= OBLONG_LENGTH) return 'oblong';
  if (m.forehead - m.jaw > HEART_TAPER) return 'heart';
  if (m.forehead < DIAMOND_FOREHEAD && m.jaw < DIAMOND_FOREHEAD) return 'diamond';
  if (m.length <= ROUND_LENGTH) return m.jaw >= SQUARE_JAW ? 'square' : 'round';
  return 'oval';
}
// Calibrated on the 30 demo portraits (see scripts/suggest-calibrate.ts and the README).
// In-sample: the rules were fitted on the same 30 photos they are scored on (16/30 agree).
const OBLONG_LENGTH = 1.25, HEART_TAPER = 0.2, DIAMOND_FOREHEAD = 0.7, ROUND_LENGTH = 1.12, SQUARE_JAW = 0.83;

/** Median colour (CIE L*, chroma, hue in degrees) of a band above the forehead, between the temples. */
export function hairSample(img: RgbImage, lm: P[]): { l: number; c: number; h: number } {
  const top = lm[10]!, chin = lm[152]!;
  const len = dist(top, chin);
  const ux = (top[0] - chin[0]) / len, uy = (top[1] - chin[1]) / len;
  const half = dist(lm[54]!, lm[284]!) / 2;
  const ls: number[] = [], as: number[] = [], bs: number[] = [];
  for (let s = 0.08; s <= 0.22; s += 0.02) {
    for (let w = -0.8; w <= 0.8; w += 0.1) {
      const x = Math.round(top[0] + ux * s * len - uy * w * half), y = Math.round(top[1] + uy * s * len + ux * w * half);
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const o = (y * img.width + x) * 3;
      const [l, a, b] = lab(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!);
      ls.push(l); as.push(a); bs.push(b);
    }
  }
  if (ls.length === 0) return { l: 0, c: 0, h: 0 };
  const a = median(as), b = median(bs);
  return { l: median(ls), c: Math.hypot(a, b), h: (Math.atan2(b, a) * 180) / Math.PI };
}

/** `age` is faceres' reading: very light, nearly colourless hair is white on an older face, platinum blonde on a young one. */
export function hairColorOf(s: { l: number; c: number; h: number }, age: number): FaceDescription['hairColor'] {
  if (s.l >= WHITE_L && s.c < WHITE_C && age >= WHITE_AGE) return 'white';
  if (s.l >= BLONDE_L && s.c >= BLONDE_C) return 'blonde';
  if (s.l >= GREY_L && s.c < GREY_C) return 'grey';
  if (s.c >= RED_C && s.l < GREY_L) return 'red';
  // The manifest files black hair under 'other'.
  return s.l < DARK_L ? 'other' : 'brown';
}
// Fitted on the demo portraits (in-sample: 23/30 agree). Light and coloured: blonde; light and
// nearly colourless: grey; strongly coloured below that: red; very dark: other (black).
const BLONDE_L = 65, BLONDE_C = 13, GREY_L = 44, GREY_C = 17, RED_C = 18, DARK_L = 22;
// Lighter than every grey of the demo portraits (the lightest is L* 69).
const WHITE_L = 70, WHITE_C = 18, WHITE_AGE = 40;

/**
 * faceres reads older faces younger (a 56+ portrait at 44-49): the range is read from 1.38 × age − 8,
 * fitted on the demo portraits (in-sample: 20/30 agree, 13/30 from the raw age).
 */
export function ageRangeOf(raw: number): FaceDescription['ageRange'] {
  const age = 1.38 * raw - 8;
  return age <= 25 ? '18-25' : age <= 35 ? '26-35' : age <= 45 ? '36-45' : age <= 55 ? '46-55' : '56+';
}

export async function describeImage(image: Buffer, opts: DetectOptions = {}): Promise<DescribeResult> {
  const img = await decodeImage(image, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  const models = await loadModels();
  const faces = await detectOnImage(models, img, opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE);
  const face = faces.find((f) => !f.tooSmall);
  const plain = faces.map(({ hands: _h, ...f }) => f);
  if (!face) return { width: img.width, height: img.height, faces, analysis: { faces: plain }, description: null };
  // The face a swap takes ('largest', the default) is the first usable one: its hands are kept too.
  const hands = handsOnFace(models, img, face).map((h) => Array.from(h, (v) => Math.round(v * 10) / 10));
  const analysis: TargetAnalysis = { faces: faces.map(({ hands: _h, ...f }) => (f.index === face.index ? { ...f, hands } : f)) };
  const { gender, genderScore, age } = await faceAttributes(models, img, face);
  const proportions = faceProportions(face.landmarks);
  const hair = hairSample(img, face.landmarks);
  const hue = (hair.h * Math.PI) / 180;
  const hairStyle = hairMeasures(img, face.landmarks, [hair.l, hair.c * Math.cos(hue), hair.c * Math.sin(hue)]);
  const features = featureMeasures(face.landmarks);
  return {
    width: img.width,
    height: img.height,
    faces,
    analysis,
    description: {
      gender, genderScore, age, ageRange: ageRangeOf(age), faceShape: faceShapeOf(proportions), hairColor: hairColorOf(hair, age),
      hairType: hairTypeOf(hairStyle), hairLength: hairLengthOf(hairStyle),
      eyesShape: eyesShapeOf(features), noseShape: noseShapeOf(features), lipsShape: lipsShapeOf(features), cheeksShape: cheeksShapeOf(features),
      measures: { ...proportions, hair, hairStyle, features },
    },
  };
}

function median(v: number[]): number {
  const s = [...v].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

/** sRGB 0..255 → CIE L*a*b* (D65). */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const R = lin(r), G = lin(g), B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, y = 0.2126 * R + 0.7152 * G + 0.0722 * B, z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
