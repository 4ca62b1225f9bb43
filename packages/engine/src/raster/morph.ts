// Growing and shrinking 0/1 planes by a square: the margin about the eyes and a frame's fill
// (glasses/find.ts, glasses/off.ts), the gaps closed in a kept frame (glasses/keep.ts).
import { boxBlurPass } from './blur.ts';

/** `plane` grown by r pixels (a square), as 0/1. */
export function dilate(plane: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const f = Float32Array.from(plane);
  boxBlurPass(f, w, h, r, new Float32Array(f.length));
  return Uint8Array.from(f, (v) => (v > 1e-6 ? 1 : 0));
}

/** `plane` dilated then shrunk back by r pixels: its gaps and notches up to 2r wide filled, its outline kept. */
export function close(plane: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const outside = dilate(plane, w, h, r).map((v) => 1 - v);
  return dilate(outside, w, h, r).map((v) => 1 - v);
}
