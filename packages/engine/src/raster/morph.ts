// Growing and shrinking 0/1 planes by a square: the margin about the eyes and a frame's fill
// (glasses/find.ts, glasses/off.ts), the gaps closed in a kept frame (glasses/keep.ts). Plain
// loops throughout: a typed array's from(plane, fn) or map(fn) took ~25× as long per pixel.
import { boxBlurPass } from './blur.ts';

/** 1 where `value` is above `from`, else 0. */
export function above(values: ArrayLike<number>, from: number): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! > from ? 1 : 0;
  return out;
}

/** `plane` grown by r pixels (a square), as 0/1. */
export function dilate(plane: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const f = new Float32Array(plane);
  boxBlurPass(f, w, h, r, new Float32Array(f.length));
  return above(f, 1e-6);
}

/** `plane` dilated then shrunk back by r pixels: its gaps and notches up to 2r wide filled, its outline kept. */
export function close(plane: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const outside = invert(dilate(plane, w, h, r));
  return invert(dilate(outside, w, h, r));
}

/** 1 − v for each 0/1 value, in place. */
function invert(plane: Uint8Array): Uint8Array {
  for (let i = 0; i < plane.length; i++) plane[i] = 1 - plane[i]!;
  return plane;
}
