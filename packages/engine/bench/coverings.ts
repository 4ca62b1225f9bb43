// Things in front of a face, drawn at bench time onto a photo of the repository (the fixtures'
// licences allow edits): each covering is a full-size RGBA layer placed from the face's landmarks,
// composited with sharp. The layer also tells where the covering lies (its mask) and what it looks
// like (a few CIELAB colours), so the hard pairs can see whether a result carried it onto the face.
import sharp from 'sharp';
import { facePath } from '../../../fixtures/index.mjs';
import type { Face } from '../src/face/face.ts';
import { toLab, type Lab } from '../src/verdict/skin-figures.ts';

export type CoveringKind = 'hat' | 'hood' | 'hand' | 'mic' | 'strands' | 'brim';

/** What each covering is, as the hard pairs name it. */
export const COVERING_TEXT: Record<CoveringKind, string> = {
  hat: 'red knitted hat down to the brows',
  hood: 'dark hood along one cheek and the forehead',
  hand: 'hand against a cheek (cut from fixture 015)',
  mic: 'black microphone before the mouth',
  strands: 'hair strands across the forehead',
  brim: 'cap brim over the brows',
};

export interface Covered {
  /** The photo with the covering, as a JPEG. */
  buf: Buffer;
  width: number;
  height: number;
  /** 1 where the covering lies (its layer's alpha over half), image size. */
  mask: Uint8Array;
  /** The covering's main colours (k-means of its pixels). */
  palette: Lab[];
}

type Pt = [number, number];
const pt = (f: Face, v: number): Pt => [f.landmarks[v]![0], f.landmarks[v]![1]];
const mean = (ps: Pt[]): Pt => [ps.reduce((a, p) => a + p[0], 0) / ps.length, ps.reduce((a, p) => a + p[1], 0) / ps.length];
const BROWS = [70, 63, 105, 66, 107, 336, 296, 334, 293, 300];
/** The face oval from the person's right jaw, over the top of the head, to their left temple: where a hood's edge lies. */
const HOOD_LINE = [172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109, 10, 338, 297, 332, 284];
const f1 = (v: number) => v.toFixed(1);

/** The hat's and the cap's crown: from `bottom` (y) up into a dome over the head, across the face's width grown by `grow`. */
function crown(f: Face, bottom: number, grow: number): string {
  const l = pt(f, 234)[0] - grow * f.size, r = pt(f, 454)[0] + grow * f.size, top = f.box.y - 0.45 * f.size;
  return `M${f1(l)},${f1(bottom)} L${f1(r)},${f1(bottom)} L${f1(r)},${f1(bottom - 0.35 * f.size)} C${f1(r)},${f1(top)} ${f1(l)},${f1(top)} ${f1(l)},${f1(bottom - 0.35 * f.size)} Z`;
}

function svgLayer(f: Face, kind: Exclude<CoveringKind, 'hand'>, w: number, h: number): string {
  const s = f.size, brow = mean(BROWS.map((v) => pt(f, v)))[1];
  let body = '';
  if (kind === 'hat') {
    // Vertical ribs over a red body, a cuff of horizontal ribs: the look of a knitted hat.
    const rib = f1(0.035 * s), cuff = 0.16 * s;
    body = `<defs><pattern id="r" width="${rib}" height="${rib}" patternUnits="userSpaceOnUse"><rect width="${rib}" height="${rib}" fill="#c0242e"/><rect width="${f1(0.014 * s)}" height="${rib}" fill="#8c1620"/></pattern>
      <pattern id="c" width="${rib}" height="${f1(0.03 * s)}" patternUnits="userSpaceOnUse"><rect width="${rib}" height="${f1(0.03 * s)}" fill="#b01f29"/><rect width="${rib}" height="${f1(0.011 * s)}" fill="#7d121b"/></pattern></defs>
      <path d="${crown(f, brow, 0.1)}" fill="url(#r)"/><rect x="${f1(pt(f, 234)[0] - 0.11 * s)}" y="${f1(brow - cuff)}" width="${f1(pt(f, 454)[0] - pt(f, 234)[0] + 0.22 * s)}" height="${f1(cuff)}" rx="${f1(0.03 * s)}" fill="url(#c)"/>`;
  } else if (kind === 'brim') {
    const l = pt(f, 234)[0] - 0.06 * s, r = pt(f, 454)[0] + 0.06 * s, y = brow - 0.03 * s;
    body = `<path d="${crown(f, y, 0.05)}" fill="#33415a"/><ellipse cx="${f1((l + r) / 2)}" cy="${f1(y)}" rx="${f1((r - l) / 2 + 0.08 * s)}" ry="${f1(0.07 * s)}" fill="#26324a"/>`;
  } else if (kind === 'hood') {
    const d = HOOD_LINE.map((v, k) => `${k ? 'L' : 'M'}${f1(pt(f, v)[0])},${f1(pt(f, v)[1])}`).join(' ');
    body = `<path d="${d}" fill="none" stroke="#1e2129" stroke-width="${f1(0.3 * s)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="#2b2f39" stroke-width="${f1(0.1 * s)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(${f1(-0.04 * s)},${f1(-0.04 * s)})"/>`;
  } else if (kind === 'mic') {
    const [mx, my] = mean([pt(f, 13), pt(f, 14)]), r = 0.13 * s;
    body = `<rect x="${f1(mx - 0.045 * s)}" y="${f1(my)}" width="${f1(0.09 * s)}" height="${f1(h - my)}" rx="${f1(0.02 * s)}" fill="#141414"/>
      <defs><pattern id="g" width="${f1(0.025 * s)}" height="${f1(0.025 * s)}" patternUnits="userSpaceOnUse"><rect width="${f1(0.025 * s)}" height="${f1(0.025 * s)}" fill="#1b1b1b"/><rect width="${f1(0.008 * s)}" height="${f1(0.008 * s)}" fill="#050505"/></pattern></defs>
      <circle cx="${f1(mx)}" cy="${f1(my)}" r="${f1(r)}" fill="url(#g)"/>`;
  } else {
    // Strands from the parting, above the middle of the forehead, swept across it to the temple above one brow.
    const top = pt(f, 10), end = pt(f, 54);
    const strands = [-0.08, -0.04, 0, 0.03, 0.06, 0.1, 0.13, 0.17].map((t, k) => {
      const x0 = top[0] + t * s, y0 = top[1] - 0.04 * s, x1 = end[0] + (0.02 + 0.02 * (k % 4)) * s, y1 = brow - (0.03 + 0.015 * (k % 3)) * s;
      return `<path d="M${f1(x0)},${f1(y0)} C${f1(x0 - 0.05 * s)},${f1(y0 + 0.12 * s)} ${f1(x1 + 0.15 * s)},${f1(y1 - 0.02 * s)} ${f1(x1)},${f1(y1)}" fill="none" stroke="${k % 3 ? '#3b2517' : '#5a3a22'}" stroke-width="${f1((0.01 + 0.004 * (k % 3)) * s)}" stroke-linecap="round"/>`;
    });
    body = strands.join('');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
}

/** The hand of fixture 015 against its face's right cheek, outlined by hand (image pixels of the 474 px photo). */
const HAND_015: Pt[] = [[146, 171], [160, 172], [168, 183], [178, 196], [183, 210], [186, 228], [192, 250], [200, 276], [206, 296], [220, 312], [232, 338], [228, 365], [224, 388], [180, 388], [172, 352], [160, 323], [151, 300], [146, 270], [142, 243], [142, 215], [143, 190]];
/** Centre and size of 015's face, where the hand was measured against (its detected box). */
interface FaceFrame { cx: number; cy: number; size: number }

let hand015: { rgba: Buffer; width: number; height: number; x0: number; y0: number } | undefined;

/** The hand cut out of 015 (its outline feathered by a pixel), with where it lay. */
async function handCutout(): Promise<NonNullable<typeof hand015>> {
  if (hand015) return hand015;
  const xs = HAND_015.map((p) => p[0]), ys = HAND_015.map((p) => p[1]);
  const x0 = Math.min(...xs) - 2, y0 = Math.min(...ys) - 2, width = Math.max(...xs) - x0 + 4, height = Math.max(...ys) - y0 + 4;
  const outline = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><polygon points="${HAND_015.map(([x, y]) => `${x - x0},${y - y0}`).join(' ')}" fill="#fff"/></svg>`;
  const alpha = await sharp(Buffer.from(outline)).blur(1).extractChannel(0).raw().toBuffer();
  const rgba = await sharp(facePath('015_ai-sfhq-hand-on-cheek.jpg')).extract({ left: x0, top: y0, width, height }).joinChannel(alpha, { raw: { width, height, channels: 1 } }).png().toBuffer();
  hand015 = { rgba, width, height, x0, y0 };
  return hand015;
}

/** The hand layer for a face: 015's hand scaled to the face and placed as it lay against 015's face. */
async function handLayer(f: Face, w: number, h: number, frame015: FaceFrame): Promise<Buffer> {
  const cut = await handCutout(), k = f.size / frame015.size;
  const cx = f.box.x + f.box.width / 2, cy = f.box.y + f.box.height / 2;
  const width = Math.max(1, Math.round(cut.width * k)), height = Math.max(1, Math.round(cut.height * k));
  const left = Math.round(cx + (cut.x0 - frame015.cx) * k), top = Math.round(cy + (cut.y0 - frame015.cy) * k);
  const hand = await sharp(cut.rgba).resize(width, height).png().toBuffer();
  // Clip the scaled hand to the canvas: sharp refuses an overlay that reaches outside it.
  const l = Math.max(0, left), t = Math.max(0, top), r = Math.min(w, left + width), b = Math.min(h, top + height);
  const canvas = sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  if (r <= l || b <= t) return canvas.png().toBuffer();
  const piece = await sharp(hand).extract({ left: l - left, top: t - top, width: r - l, height: b - t }).png().toBuffer();
  return canvas.composite([{ input: piece, left: l, top: t }]).png().toBuffer();
}

/** The photo with a covering in front of its face. `frame015` places the hand (015's detected face). */
export async function cover(buf: Buffer, f: Face, kind: CoveringKind, frame015: FaceFrame): Promise<Covered> {
  const meta = await sharp(buf).metadata();
  const w = meta.width!, h = meta.height!;
  const layer = kind === 'hand' ? await handLayer(f, w, h, frame015) : await sharp(Buffer.from(svgLayer(f, kind, w, h))).ensureAlpha().png().toBuffer();
  const { data } = await sharp(layer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(w * h);
  const colours: Lab[] = [];
  for (let i = 0; i < w * h; i++) {
    if (data[4 * i + 3]! <= 127) continue;
    mask[i] = 1;
    colours.push(toLab(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!));
  }
  const out = await sharp(buf).removeAlpha().composite([{ input: layer }]).jpeg({ quality: 92 }).toBuffer();
  return { buf: out, width: w, height: h, mask, palette: kMeans(colours, 3) };
}

/** A few main colours of a set (Lab k-means, seeded along lightness, 8 rounds). */
function kMeans(colours: Lab[], k: number): Lab[] {
  if (!colours.length) return [];
  const byL = [...colours].sort((a, b) => a[0] - b[0]);
  let centres: Lab[] = Array.from({ length: k }, (_, j) => [...byL[Math.floor(((j + 0.5) / k) * byL.length)]!] as Lab);
  for (let round = 0; round < 8; round++) {
    const sum = centres.map(() => [0, 0, 0, 0]);
    for (const c of colours) {
      let best = 0, bd = Infinity;
      centres.forEach((m, j) => { const d = (c[0] - m[0]) ** 2 + (c[1] - m[1]) ** 2 + (c[2] - m[2]) ** 2; if (d < bd) { bd = d; best = j; } });
      const s = sum[best]!; s[0]! += c[0]; s[1]! += c[1]; s[2]! += c[2]; s[3]! += 1;
    }
    centres = centres.map((m, j) => { const s = sum[j]!; return s[3] ? [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] as Lab : m; });
  }
  return centres;
}

/** A copy of a photo turned by `degrees` (clockwise), the corners filled with the mean colour of its border. */
export async function rolled(buf: Buffer, degrees: number): Promise<Buffer> {
  const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const acc = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) {
    if (x !== 0 && y !== 0 && x !== info.width - 1 && y !== info.height - 1) continue;
    for (let c = 0; c < 3; c++) acc[c]! += data[3 * (y * info.width + x) + c]!;
    n++;
  }
  const [r, g, b] = acc.map((v) => Math.round(v / n));
  return sharp(buf).removeAlpha().rotate(degrees, { background: { r: r!, g: g!, b: b! } }).jpeg({ quality: 92 }).toBuffer();
}
