// Things that cover a face, drawn onto a fixture at test time (the fixtures have no hats or hoods):
// a red knitted hat down to the brows, a dark hood along one cheek, a black microphone before the
// mouth, and 015's hand moved onto another face's cheek. Each returns a new image and the mask of
// the pixels it covered.
import type { RgbImage } from '../src/core/image.ts';
import type { Face } from '../src/face/face.ts';
import { FACE_OVAL_LOOP } from '../src/mesh/topology.ts';
import { fillPolygon } from '../src/raster/polygon.ts';

export interface Covered { img: RgbImage; mask: Uint8Array }

export const HAT_RED: readonly [number, number, number] = [178, 28, 36];
export const HOOD_DARK: readonly [number, number, number] = [34, 32, 40];
export const MIC_BLACK: readonly [number, number, number] = [18, 18, 20];

const pt = (face: Face, i: number): [number, number] => [face.landmarks[i]![0], face.landmarks[i]![1]];

/** Writes colour `rgb` (scaled by `shade(x, y)`) into a copy of `img` wherever `mask` is 1. */
function paint(img: RgbImage, mask: Uint8Array, rgb: readonly number[], shade: (x: number, y: number) => number): Covered {
  const data = Uint8Array.from(img.data);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const f = shade(i % img.width, (i / img.width) | 0);
    for (let c = 0; c < 3; c++) data[3 * i + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! * f)));
  }
  return { img: { data, width: img.width, height: img.height }, mask };
}

function polygonMask(img: RgbImage, poly: number[]): Uint8Array {
  const mask = new Uint8Array(img.width * img.height);
  fillPolygon(mask, img.width, img.height, 0, 0, poly);
  return mask;
}

/**
 * A red knitted hat pulled down to just above the brows: its lower edge runs through the brows'
 * top points, a little above them, and out past the face's sides; it covers everything above.
 */
export function redHat(img: RgbImage, face: Face): Covered {
  const lift = 0.03 * face.size, out = 0.25 * face.size;
  // Image-left to image-right: the face's side at brow height, the brows' tops, the other side.
  const edge = [162, 70, 63, 105, 66, 107, 336, 296, 334, 293, 300, 389].map((i) => pt(face, i));
  const poly: number[] = [edge[0]![0] - out, edge[0]![1] + 0.05 * face.size];
  for (const [x, y] of edge) poly.push(x, y - lift);
  const last = edge[edge.length - 1]!;
  poly.push(last[0] + out, last[1] + 0.05 * face.size, last[0] + out, -1, edge[0]![0] - out, -1);
  const period = Math.max(3, 0.04 * face.size);
  // Knit ribs: vertical stripes of light and shade.
  return paint(img, polygonMask(img, poly), HAT_RED, (x) => 0.85 + 0.15 * Math.cos((2 * Math.PI * x) / period));
}

/**
 * A dark hood along the face's image-left side: from well outside the outline in to `depth` of the
 * face's size over the cheek, brow to jaw.
 */
export function darkHood(img: RgbImage, face: Face, depth = 0.14): Covered {
  // The outline's image-left half, top to chin (FACE_OVAL_LOOP runs 10 → … → 152 → … → 109).
  const start = FACE_OVAL_LOOP.indexOf(152);
  const left = FACE_OVAL_LOOP.slice(start + 4, FACE_OVAL_LOOP.indexOf(162) + 1).map((i) => pt(face, i));
  const nose = pt(face, 4);
  const inner: number[] = [], outer: number[] = [];
  for (const [x, y] of left) {
    const dx = nose[0] - x, dy = nose[1] - y, d = Math.hypot(dx, dy) || 1;
    inner.push(x + (dx / d) * depth * face.size, y + (dy / d) * depth * face.size);
    outer.push(x - (dx / d) * 0.4 * face.size, y - (dy / d) * 0.4 * face.size);
  }
  const poly = [...inner];
  for (let k = outer.length - 2; k >= 0; k -= 2) poly.push(outer[k]!, outer[k + 1]!);
  return paint(img, polygonMask(img, poly), HOOD_DARK, (x, y) => 0.9 + 0.1 * Math.sin(x * 0.3 + y * 0.2));
}

/** A black microphone head, a disc a quarter of the face across, before the mouth. */
export function microphone(img: RgbImage, face: Face): Covered {
  const [ax, ay] = pt(face, 13), [bx, by] = pt(face, 14);
  const cx = (ax + bx) / 2, cy = (ay + by) / 2, r = 0.13 * face.size;
  const mask = new Uint8Array(img.width * img.height);
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(img.height - 1, Math.ceil(cy + r)); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(img.width - 1, Math.ceil(cx + r)); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) mask[y * img.width + x] = 1;
    }
  }
  // A mesh grille: a faint grid of lighter lines.
  const step = Math.max(3, 0.02 * face.size);
  return paint(img, mask, MIC_BLACK, (x, y) => (x % step < 1 || y % step < 1 ? 2.2 : 1));
}

/**
 * Pixels of `from` inside `fromMask` moved onto a copy of `img`, by the similarity that takes the
 * face `fromFace` (eye corners 33, 263 and the chin 152) onto `face`: 015's hand onto another cheek.
 */
export function pasteFrom(img: RgbImage, face: Face, from: RgbImage, fromFace: Face, fromMask: Uint8Array): Covered {
  const anchors = [33, 263, 152];
  // Least-squares similarity (a, b, tx, ty): x' = a·x − b·y + tx, y' = b·x + a·y + ty, from `face` back to `fromFace`.
  const P = anchors.map((i) => pt(face, i)), Q = anchors.map((i) => pt(fromFace, i));
  const mp = [0, 1].map((c) => P.reduce((s, p) => s + p[c]!, 0) / 3), mq = [0, 1].map((c) => Q.reduce((s, q) => s + q[c]!, 0) / 3);
  let sxx = 0, sxy = 0, n2 = 0;
  for (let k = 0; k < 3; k++) {
    const px = P[k]![0] - mp[0]!, py = P[k]![1] - mp[1]!, qx = Q[k]![0] - mq[0]!, qy = Q[k]![1] - mq[1]!;
    sxx += px * qx + py * qy; sxy += px * qy - py * qx; n2 += px * px + py * py;
  }
  const a = sxx / n2, b = sxy / n2;
  const data = Uint8Array.from(img.data), mask = new Uint8Array(img.width * img.height);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const dx = x - mp[0]!, dy = y - mp[1]!;
      const fx = Math.round(a * dx - b * dy + mq[0]!), fy = Math.round(b * dx + a * dy + mq[1]!);
      if (fx < 0 || fy < 0 || fx >= from.width || fy >= from.height) continue;
      const j = fy * from.width + fx;
      if (!fromMask[j]) continue;
      const i = y * img.width + x;
      mask[i] = 1;
      for (let c = 0; c < 3; c++) data[3 * i + c] = from.data[3 * j + c]!;
    }
  }
  return { img: { data, width: img.width, height: img.height }, mask };
}
