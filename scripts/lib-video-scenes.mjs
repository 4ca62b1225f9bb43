// The pictures of the test clips (make-video-clips.mjs), each a function of the frame's time:
// a still fixture photo set in a wider scene, then moved, zoomed, turned, relit or covered.
// Every frame is raw RGB24 from sharp, never a file.
import { join } from 'node:path';
import sharp from 'sharp';
import { HIRES_DIR } from '../fixtures/index.mjs';

/** A fixture portrait from fixtures/sfhq-hires. */
export const hires = (name) => join(HIRES_DIR, name);

/**
 * A `width` × `height` scene: the portrait `photo` scaled to `photoHeight` and set at (left, top)
 * (default: centred) against a slate-blue studio backdrop. Not a blurred copy of the photo: wide
 * areas of blurred skin tones make the explicit-content classifier refuse the clip. Returns raw RGB.
 */
export async function portraitScene(photo, { width, height, photoHeight, left, top }) {
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#5d6f80"/><stop offset="1" stop-color="#232c36"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const back = await sharp(Buffer.from(backdrop)).removeAlpha().raw().toBuffer();
  const front = await sharp(photo).resize({ height: photoHeight }).removeAlpha().toBuffer({ resolveWithObject: true });
  const x = left ?? Math.round((width - front.info.width) / 2);
  const y = top ?? Math.round((height - front.info.height) / 2);
  const crop = { left: Math.max(0, -x), top: Math.max(0, -y) };
  const shown = await sharp(front.data).extract({ ...crop, width: Math.min(front.info.width - crop.left, width - Math.max(0, x)), height: Math.min(front.info.height - crop.top, height - Math.max(0, y)) }).toBuffer();
  const data = await sharp(back, { raw: { width, height, channels: 3 } }).composite([{ input: shown, left: Math.max(0, x), top: Math.max(0, y) }]).removeAlpha().raw().toBuffer();
  return { width, height, data };
}

/** Several portraits side by side, each `cellWidth` wide (cropped to it) and `height` tall. */
export async function sideBySide(photos, { cellWidth, height }) {
  const cells = await Promise.all(photos.map((p) => sharp(p).resize(cellWidth, height, { fit: 'cover', position: 'centre' }).removeAlpha().toBuffer()));
  const width = cellWidth * photos.length;
  const data = await sharp({ create: { width, height, channels: 3, background: '#202020' } })
    .composite(cells.map((input, i) => ({ input, left: i * cellWidth, top: 0 })))
    .removeAlpha().raw().toBuffer();
  return { width, height, data };
}

const rawOf = (img) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });

/** The `w` × `h` window of `scene` at (x, y), scaled to `out` (an integer window is a plain crop). */
export function windowOf(scene, { x, y, w, h }, out = { width: w, height: h }) {
  const box = { left: Math.round(x), top: Math.round(y), width: Math.round(w), height: Math.round(h) };
  let img = rawOf(scene).extract(box);
  if (box.width !== out.width || box.height !== out.height) img = img.resize(out.width, out.height, { kernel: 'lanczos3' });
  return img.raw().toBuffer();
}

/** `scene` turned by `degrees` about its centre, the centre `out` window kept. */
export async function turned(scene, degrees, out) {
  const { data, info } = await rawOf(scene).rotate(degrees, { background: '#000000' }).raw().toBuffer({ resolveWithObject: true });
  const left = Math.round((info.width - out.width) / 2);
  const top = Math.round((info.height - out.height) / 2);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).extract({ left, top, width: out.width, height: out.height }).raw().toBuffer();
}

/**
 * `scene` under a changed light: an overall `gain` and a light from the side, `side` (-1..1) of
 * extra brightness from left (negative) to right, slightly warm. Returns a new RGB buffer.
 */
export function relit(scene, gain, side) {
  const { width, height, data } = scene;
  const out = Buffer.allocUnsafe(data.length);
  const tint = [1.04, 1, 0.93];
  for (let x = 0; x < width; x++) {
    const g = gain * (1 + side * ((2 * x) / (width - 1) - 1) * 0.45);
    for (let c = 0; c < 3; c++) {
      const k = g * tint[c];
      for (let y = 0, i = x * 3 + c; y < height; y++, i += width * 3) out[i] = Math.min(255, Math.round(data[i] * k));
    }
  }
  return out;
}

/**
 * A hand-like shape (palm, four fingers and a thumb in shaded brown skin tones, soft edges) coming
 * out of a blue sleeve, as a PNG about `size` px tall, fingers up. The sleeve keeps it from reading
 * as a bare-skin close-up to the explicit-content classifier.
 */
export function handShape(size) {
  const s = size / 300;
  const finger = (x, y, w, h, r) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" transform="rotate(${(x - 95) / 9} ${x + w / 2} ${y + h})"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(190 * s)}" height="${Math.ceil(300 * s)}" viewBox="0 0 190 300">
    <defs><radialGradient id="skin" cx="45%" cy="55%" r="65%"><stop offset="0" stop-color="#b07a58"/><stop offset="0.7" stop-color="#93603f"/><stop offset="1" stop-color="#6e4429"/></radialGradient>
    <linearGradient id="cloth" x1="0" x2="1"><stop offset="0" stop-color="#1f4f8a"/><stop offset="0.5" stop-color="#2f6cb5"/><stop offset="1" stop-color="#1b4274"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="1.6"/></filter></defs>
    <g filter="url(#soft)">
      <g fill="url(#skin)">
        ${finger(38, 30, 26, 110, 13)}${finger(68, 8, 28, 120, 14)}${finger(100, 12, 27, 118, 13)}${finger(130, 40, 24, 100, 12)}
        <ellipse cx="92" cy="170" rx="64" ry="66"/>
        <rect x="10" y="120" width="30" height="90" rx="15" transform="rotate(-35 25 200)"/>
      </g>
      <rect x="32" y="214" width="122" height="86" rx="10" fill="url(#cloth)"/>
    </g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** `scene` with `overlay` (a PNG with alpha) drawn at (left, top); parts outside the frame are cut. */
export async function withOverlay(scene, overlay, left, top) {
  const meta = await sharp(overlay).metadata();
  const x0 = Math.max(0, left), y0 = Math.max(0, top);
  const x1 = Math.min(scene.width, left + meta.width), y1 = Math.min(scene.height, top + meta.height);
  if (x1 <= x0 || y1 <= y0) return Buffer.from(scene.data);
  const part = await sharp(overlay).extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 }).toBuffer();
  return rawOf(scene).composite([{ input: part, left: x0, top: y0 }]).removeAlpha().raw().toBuffer();
}

/** An RGB frame turned a quarter turn anticlockwise, as a phone stores a portrait clip it flags as turned. */
export function storedQuarterTurn(frame, width, height) {
  return sharp(frame, { raw: { width, height, channels: 3 } }).rotate(270).raw().toBuffer();
}
