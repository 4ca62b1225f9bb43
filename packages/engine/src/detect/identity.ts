// Identity descriptor: Human's faceres model run on our own roll-aligned square crop, so the source,
// the target and the swapped result (whose geometry is the target's) are cropped the same way.
import type { Tensor } from '@tensorflow/tfjs';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import { factKind } from '../face/facts.ts';
import { loadFaceres, type Models } from '../models/models.ts';

const SIZE = 224;
/** Crop side relative to the landmark box's larger side. */
const CROP_SCALE = 1.1;

/** Samples the aligned face crop as planar-free HWC float RGB 0..255 (the model's expected input). */
export function alignedCrop(img: RgbImage, pts: Array<[number, number, number]>): Float32Array {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < 468; i++) {
    const p = pts[i]!;
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const side = CROP_SCALE * Math.max(maxX - minX, maxY - minY);
  const r = pts[33]!, l = pts[263]!;
  const roll = Math.atan2(l[1] - r[1], l[0] - r[0]);
  const cos = Math.cos(roll) * side / SIZE, sin = Math.sin(roll) * side / SIZE;
  const out = new Float32Array(SIZE * SIZE * 3);
  const { data, width: w, height: h } = img;
  for (let v = 0; v < SIZE; v++) {
    const dv = v - SIZE / 2 + 0.5;
    for (let u = 0; u < SIZE; u++) {
      const du = u - SIZE / 2 + 0.5;
      let sx = cx + cos * du - sin * dv;
      let sy = cy + sin * du + cos * dv;
      if (sx < 0) sx = 0; else if (sx > w - 1) sx = w - 1;
      if (sy < 0) sy = 0; else if (sy > h - 1) sy = h - 1;
      const ix = sx | 0, iy = sy | 0, fx = sx - ix, fy = sy - iy;
      const ix1 = ix + 1 < w ? ix + 1 : ix, iy1 = iy + 1 < h ? iy + 1 : iy;
      const p00 = (iy * w + ix) * 3, p10 = (iy * w + ix1) * 3, p01 = (iy1 * w + ix) * 3, p11 = (iy1 * w + ix1) * 3;
      const o = (v * SIZE + u) * 3;
      for (let c = 0; c < 3; c++) {
        out[o + c] = (data[p00 + c]! * (1 - fx) + data[p10 + c]! * fx) * (1 - fy) + (data[p01 + c]! * (1 - fx) + data[p11 + c]! * fx) * fy;
      }
    }
  }
  return out;
}

/** L2-normalised 1024-d faceres descriptor of a face. */
/** A face's faceres descriptor, by face index. */
export const DESCRIPTOR = factKind<Float32Array>('descriptor');

/** Runs faceres on the face's aligned crop and hands its outputs to `read`, disposing every tensor after. */
async function withFaceres<T>(models: Models, img: RgbImage, face: Pick<Face, 'landmarks'>, read: (outputs: Tensor[]) => Promise<T>): Promise<T> {
  const { tf } = models;
  const faceres = (await loadFaceres()).model;
  const input = tf.tensor4d(alignedCrop(img, face.landmarks), [1, SIZE, SIZE, 3], 'float32');
  let outputs: Tensor | Tensor[];
  try {
    outputs = faceres.execute(input);
  } finally {
    tf.dispose(input);
  }
  const list = Array.isArray(outputs) ? outputs : [outputs];
  try {
    return await read(list);
  } finally {
    tf.dispose(list);
  }
}

export function faceDescriptor(models: Models, img: RgbImage, face: Pick<Face, 'landmarks'>): Promise<Float32Array> {
  return withFaceres(models, img, face, async (list) => {
    const desc = list.find((t) => t.shape[1] === 1024);
    if (!desc) throw new Error('faceres returned no descriptor');
    const v = new Float32Array(await desc.data());
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < v.length; i++) v[i]! /= norm;
    return v;
  });
}

/** What faceres reads of a face besides its descriptor: gender (score 0..1, as Human reads it) and age in years. */
export function faceAttributes(models: Models, img: RgbImage, face: Pick<Face, 'landmarks'>): Promise<{ gender: 'female' | 'male'; genderScore: number; age: number }> {
  return withFaceres(models, img, face, async (list) => {
    const genderT = list.find((t) => t.shape[1] === 1);
    const ageT = list.find((t) => t.shape[1] === 100);
    if (!genderT || !ageT) throw new Error('faceres returned no gender or age');
    const g = (await genderT.data())[0]!;
    const all = await ageT.data();
    let k = 0;
    for (let i = 1; i < all.length; i++) if (all[i]! > all[k]!) k = i;
    // Human's reading: the argmax decade, moved toward the stronger neighbour.
    const age = (all[k - 1] ?? 0) > (all[k + 1] ?? 0) ? 10 * k - 100 * (all[k - 1] ?? 0) : 10 * k + 100 * (all[k + 1] ?? 0);
    return { gender: g <= 0.5 ? 'female' : 'male', genderScore: Math.min(0.99, Math.abs(g - 0.5) * 2), age: Math.round(age) / 10 };
  });
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
