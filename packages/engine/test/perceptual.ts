// Perceptual comparison for golden images: small grey-level thumbnails compared by mean and
// worst-block absolute difference, never byte equality (JPEG and libvips versions may differ).
import sharp from 'sharp';

export const GOLDEN_SIDE = 96;

export async function thumb(image: Buffer | { data: Uint8Array; width: number; height: number }, crop?: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  let s = Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (crop) s = s.extract(crop);
  return s.resize(GOLDEN_SIDE, GOLDEN_SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference (0..255) and the worst 8×8 block's mean difference. */
export function compare(a: Buffer, b: Buffer): { mean: number; worstBlock: number } {
  let sum = 0;
  const side = GOLDEN_SIDE, blocks = side / 8;
  const blockSums = new Float64Array(blocks * blocks);
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    sum += d;
    const p = (i / 3) | 0, x = p % side, y = (p / side) | 0;
    blockSums[((y / 8) | 0) * blocks + ((x / 8) | 0)]! += d;
  }
  return { mean: sum / a.length, worstBlock: Math.max(...blockSums) / (8 * 8 * 3) };
}

export async function toPng(raw: Buffer): Promise<Buffer> {
  return sharp(raw, { raw: { width: GOLDEN_SIDE, height: GOLDEN_SIDE, channels: 3 } }).png().toBuffer();
}

export async function fromPng(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}
