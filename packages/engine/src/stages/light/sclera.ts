// The whites of the eyes as a photo's white reference. The eyes and teeth keep their own colour
// through the skin-tone shift (see relight-pass.ts), since that shift is mostly the two skins'
// difference. But part of it can be the light's colour: a face photo under warm indoor light gave
// the new face the target's skin with orange eye whites and orange teeth. Eye whites are near grey
// under white light, so where a photo's lie further from it than eye whites do anyway, that is its
// light's colour: the warped source is brought from its light to white (its skin then takes the
// target skin's tone as any other), and its eyes and teeth from white to the target's light.
import type { RgbImage } from '../../core/image.ts';
import { faceRoi, flatPoints, irises, type Face } from '../../face/face.ts';
import { LEFT_EYE_LOOP, RIGHT_EYE_LOOP } from '../../mesh/topology.ts';
import { flatBounds, fillPolygon } from '../../raster/polygon.ts';
import { smoothstep } from '../../raster/ramp.ts';
import { imageSkin, luma } from '../../face/skin-model.ts';

/** Each eye's opening, in the order of irises() (right eye first). */
const EYE_LOOPS = [RIGHT_EYE_LOOP, LEFT_EYE_LOOP] as const;
/** The iris disc left out, grown by this much (its rim is soft). */
const IRIS_GROW = 1.15;
/** Fewest eye-white pixels to judge a photo's light by (a 60 px face's open eyes have about 30). */
const MIN_PIXELS = 24;
/**
 * How far (natural log, per channel) a photo's eye whites may lie from WHITE_LIGHT without counting
 * as a coloured light: none of it is put right within it, all of it from twice that. Over the
 * fixtures, eye whites lie within about ±0.1 of WHITE_LIGHT (lids and lashes at their edges
 * included); a portrait under a tungsten-like light (blue × 0.52) at −0.39 in blue.
 */
const DEAD_ZONE = 0.12;
/** Bounds on the factor per channel (natural log). */
const MAX_LOG = Math.log(2.5);

/** A photo's eye whites: their colour relative to their luminance (c / Y per channel), and their brightness (luma, 0–255). */
export interface EyeWhiteLight { tint: [number, number, number]; luma: number }

/**
 * The whites of `face`'s eyes in `img` (see eyeWhites). Null when too few show (eyes shut, a face
 * too small or seen side-on), or when what shows is no less red than the skin (see MIN_SKIN_WARMTH).
 */
export function eyeWhiteLight(img: RgbImage, face: Face): EyeWhiteLight | null {
  const mean = eyeWhites(img, face);
  if (!mean) return null;
  const { skin } = imageSkin(img.data, img.width, faceRoi(face, img.width, img.height), flatPoints(face), SKIN_READ_SIZE);
  const y = luma(mean);
  if (!skin || y < 1) return null;
  const tint: [number, number, number] = [mean[0] / y, mean[1] / y, mean[2] / y];
  // Skin is redder against blue than the eye whites under any light (a light's colour scales both
  // alike): "whites" no less red than the skin are lids and lashes (a grainy print's eyes, narrowed behind
  // glasses, show none: 0.92).
  return skin.mr / (1 - skin.mr - skin.mg) / (tint[0] / tint[2]) > MIN_SKIN_WARMTH ? { tint, luma: y } : null;
}

/**
 * The mean colour of the whites of `face`'s eyes: the brighter half of the eye openings' pixels
 * outside the irises. Null when too few show.
 */
export function eyeWhites(img: RgbImage, face: Face): [number, number, number] | null {
  const L = face.landmarks;
  const discs = irises(face);
  if (discs.length === 0) return null;
  const px: number[] = [];
  for (const [e, loop] of EYE_LOOPS.entries()) {
    const { x: cx, y: cy, r } = discs[e]!;
    const poly = Float32Array.from(loop.flatMap((i) => [L[i]![0], L[i]![1]]));
    const b = flatBounds(poly);
    const x0 = Math.max(0, Math.floor(b.x0)), y0 = Math.max(0, Math.floor(b.y0));
    const x1 = Math.min(img.width - 1, Math.ceil(b.x1)), y1 = Math.min(img.height - 1, Math.ceil(b.y1));
    if (x1 < x0 || y1 < y0) continue;
    const w = x1 - x0 + 1, h = y1 - y0 + 1;
    const inside = new Uint8Array(w * h);
    fillPolygon(inside, w, h, x0, y0, poly);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (!inside[y * w + x] || Math.hypot(x0 + x - cx, y0 + y - cy) < IRIS_GROW * r) continue;
        px.push(3 * ((y0 + y) * img.width + x0 + x));
      }
    }
  }
  if (px.length < MIN_PIXELS) return null;
  // The brighter half: lashes, lids and the corners' shadow are darker than the white.
  const Y = Float32Array.from(px, (p) => luma(img.data.subarray(p, p + 3)));
  const brightest = Array.from(px.keys()).sort((a, b) => Y[b]! - Y[a]!);
  const sum = [0, 0, 0];
  const half = brightest.slice(0, px.length >> 1).map((k) => px[k]!);
  for (const p of half) for (let c = 0; c < 3; c++) sum[c]! += img.data[p + c]!;
  return [sum[0]! / half.length, sum[1]! / half.length, sum[2]! / half.length];
}

/**
 * Least red-over-blue of the skin (its upper-skin model, see skin-model.ts) against the eye
 * whites'. Over the fixtures whose eye whites show, 1.06 (a pale face) to 2.2 (a dark-skinned one), and 1.35–1.38 for one portrait
 * under a warm and a cool light; a grainy print's lids 0.92.
 */
const MIN_SKIN_WARMTH = 1;
/** Pixels across the face its skin is read at for that: a mean colour needs few. */
const SKIN_READ_SIZE = 64;

/**
 * The eye whites' tint (c / Y) of a photo under white light: the mean over the fixtures' near-frontal
 * faces, whose eye whites lie within about ±0.1 of it per channel (log).
 */
const WHITE_LIGHT: readonly [number, number, number] = [1.09, 0.97, 0.92];

/**
 * Per-channel factors (luminance kept) that bring a photo's light to white light, judged on its eye
 * whites' tint: each channel's log ratio to WHITE_LIGHT, taken from none within DEAD_ZONE to all of
 * it from twice that, bounded. [1, 1, 1] when the eye whites do not show or lie within the dead zone.
 */
export function whiteBalance(tint: readonly [number, number, number] | null): [number, number, number] {
  if (!tint) return [1, 1, 1];
  const f = tint.map((t, c) => {
    const l = Math.log(WHITE_LIGHT[c]! / t);
    // None within the dead zone, all of it from twice that: a light far from white is put right whole.
    const applied = l * smoothstep((Math.abs(l) - DEAD_ZONE) / DEAD_ZONE);
    return Math.exp(Math.max(-MAX_LOG, Math.min(MAX_LOG, applied)));
  });
  if (f.every((v) => v === 1)) return [1, 1, 1];
  // Applied to a pixel, the factors must not change its brightness: normalised on the photo's white.
  const y = luma(f.map((v, c) => v * tint[c]!));
  return [f[0]! / y, f[1]! / y, f[2]! / y];
}

/**
 * Per-channel factors that give a source already brought to white (see whiteBalance) a photo's
 * light, judged on that photo's eye whites' tint: its eyes and teeth take the target's light this
 * way. The skin needs none: it takes the target skin's whole tone, its light's colour included (see
 * relight-pass.ts).
 */
export function lightOf(tint: readonly [number, number, number] | null): [number, number, number] {
  const toWhite = whiteBalance(tint);
  return [1 / toWhite[0], 1 / toWhite[1], 1 / toWhite[2]];
}
