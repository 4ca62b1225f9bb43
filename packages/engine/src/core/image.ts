// The engine's picture: packed 8-bit RGB, what every stage reads and writes.
export interface RgbImage {
  /** Packed RGB, row-major, 3 bytes per pixel. */
  data: Uint8Array;
  width: number;
  height: number;
}
