// A still portrait made to talk, for the moving-mouth test clip: the engine finds the face's 468
// mesh points once, then each frame moves the lower lip and the jaw down by the mouth's opening
// and warps the picture triangle by triangle with the engine's own raster warp. A fixed ring of
// points around the face oval takes up the stretch, so the neck follows the chin with no seam.
// TypeScript imports: load with tsx (make-video-clips.mjs registers it).
import sharp from 'sharp';
import { detectFaces } from '../packages/engine/src/index.ts';
import { FACE_OVAL_LOOP, INNER_LIP_LOOP, INNER_LIP_LOWER, INNER_LIP_UPPER, MESH_POINTS, topology } from '../packages/engine/src/mesh/topology.ts';
import { signedArea2 } from '../packages/engine/src/raster/affine.ts';
import { fillPolygon } from '../packages/engine/src/raster/polygon.ts';
import { smoothstep } from '../packages/engine/src/raster/ramp.ts';
import { warpTriangles } from '../packages/engine/src/raster/warp.ts';

/** How far the lower lip drops when the mouth is wide open, as a share of the face's size. */
const MAX_DROP = 0.1;
/** The fixed ring's distance from the oval's centre, as a multiple of the oval's. */
const RING = 1.5;
/** The open mouth's inside: dark red, over a little of what was there. */
const MOUTH = [52, 18, 22];
const MOUTH_ALPHA = 0.85;

/**
 * How much each mesh point follows the jaw (0..1): none above the line through the mouth's corners
 * and its middle, all a little below it, less toward the sides of the face (the jaw turns about
 * the ears).
 */
function jawWeights(L, size) {
  const [xr, yr] = L[61];
  const [xl, yl] = L[291];
  const xm = (L[13][0] + L[14][0]) / 2;
  const ym = (L[13][1] + L[14][1]) / 2;
  const xs = FACE_OVAL_LOOP.map((i) => L[i][0]);
  const faceWidth = Math.max(...xs) - Math.min(...xs);
  const [left, right] = xr < xl ? [[xr, yr], [xl, yl]] : [[xl, yl], [xr, yr]];
  const lineY = (x) => {
    if (x <= left[0]) return left[1];
    if (x >= right[0]) return right[1];
    return x < xm ? left[1] + ((x - left[0]) / (xm - left[0])) * (ym - left[1]) : ym + ((x - xm) / (right[0] - xm)) * (right[1] - ym);
  };
  const w = new Float32Array(MESH_POINTS);
  for (let i = 0; i < MESH_POINTS; i++) {
    const [x, y] = L[i];
    const below = smoothstep(Math.max(0, Math.min(1, (y - lineY(x)) / (0.05 * size))));
    const side = 1 - smoothstep(Math.max(0, Math.min(1, (Math.abs(x - xm) - 0.3 * faceWidth) / (0.25 * faceWidth))));
    w[i] = below * side;
  }
  // The lips' inner edges touch when the mouth is shut: say outright which side each belongs to.
  for (const i of INNER_LIP_UPPER) w[i] = 0;
  for (const i of INNER_LIP_LOWER.slice(1, -1)) w[i] = Math.max(w[i], 1 - smoothstep(Math.min(1, Math.abs(L[i][0] - xm) / (0.6 * Math.abs(right[0] - left[0])))));
  return w;
}

/**
 * Prepares `scene` (raw RGB { width, height, data } with one frontal face, mouth shut) and returns
 * `frame(open)`: the scene with the mouth open by `open` (0 shut .. 1 wide), raw RGB.
 */
export async function talkingFace(scene) {
  const { width, height, data } = scene;
  const png = await sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
  const face = (await detectFaces(png)).faces[0];
  if (!face) throw new Error('no face found in the talking clip\'s scene');
  const L = face.landmarks;
  const { triangles: mesh } = topology();
  const oval = FACE_OVAL_LOOP;
  const cx = oval.reduce((s, i) => s + L[i][0], 0) / oval.length;
  const cy = oval.reduce((s, i) => s + L[i][1], 0) / oval.length;
  const count = MESH_POINTS + oval.length;
  const src = new Float32Array(count * 2);
  for (let i = 0; i < MESH_POINTS; i++) [src[2 * i], src[2 * i + 1]] = L[i];
  oval.forEach((p, k) => {
    src[2 * (MESH_POINTS + k)] = cx + RING * (L[p][0] - cx);
    src[2 * (MESH_POINTS + k) + 1] = cy + RING * (L[p][1] - cy);
  });
  // The band between the oval and the ring, each triangle wound as the warp draws front faces.
  const band = [];
  const wound = (a, b, c) => (signedArea2(src[2 * a], src[2 * a + 1], src[2 * b], src[2 * b + 1], src[2 * c], src[2 * c + 1]) < 0 ? [a, b, c] : [a, c, b]);
  oval.forEach((p, k) => {
    const q = oval[(k + 1) % oval.length];
    const rp = MESH_POINTS + k, rq = MESH_POINTS + ((k + 1) % oval.length);
    band.push(...wound(p, q, rp), ...wound(q, rq, rp));
  });
  const triangles = Uint16Array.from([...mesh, ...band]);
  const weights = jawWeights(L, face.size);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = MESH_POINTS; i < count; i++) {
    x0 = Math.min(x0, src[2 * i]); x1 = Math.max(x1, src[2 * i]);
    y0 = Math.min(y0, src[2 * i + 1]); y1 = Math.max(y1, src[2 * i + 1]);
  }
  const roi = { x: Math.max(0, Math.floor(x0)), y: Math.max(0, Math.floor(y0)) };
  roi.w = Math.min(width, Math.ceil(x1) + 1) - roi.x;
  roi.h = Math.min(height, Math.ceil(y1) + 1) - roi.y;
  const image = { width, height, data };

  return function frame(open) {
    const out = Buffer.from(data);
    if (open <= 0) return out;
    const dst = Float32Array.from(src);
    const drop = open * MAX_DROP * face.size;
    for (let i = 0; i < MESH_POINTS; i++) dst[2 * i + 1] += drop * weights[i];
    const { rgb, cover } = warpTriangles({ src: image, srcPts: src, dstPts: dst, triangles, roi });
    const n = roi.w * roi.h;
    const inside = new Uint8Array(n);
    fillPolygon(inside, roi.w, roi.h, roi.x, roi.y, Float32Array.from(INNER_LIP_LOOP.flatMap((i) => [dst[2 * i], dst[2 * i + 1]])));
    for (let j = 0; j < n; j++) {
      if (!cover[j]) continue;
      const o = ((roi.y + Math.floor(j / roi.w)) * width + roi.x + (j % roi.w)) * 3;
      for (let c = 0; c < 3; c++) {
        const v = rgb[c * n + j];
        out[o + c] = Math.round(inside[j] ? MOUTH[c] * MOUTH_ALPHA + v * (1 - MOUTH_ALPHA) : v);
      }
    }
    return out;
  };
}
