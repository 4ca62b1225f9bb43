// The repository's face photos measured once for the hard pairs: each one-face photo of
// fixtures/faces, fixtures/sfhq-hires and the demo portraits with its face, its cheek lightness
// (CIELAB L*) and its head rotation, so the hard pairs pick the darkest and fairest faces and the
// most raised, lowered and tilted heads by measure rather than by eye.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PORTRAITS_DIR, FACES_DIR, HIRES_DIR } from '../../../fixtures/index.mjs';
import { loadModels } from '../src/index.ts';
import { decodeImage } from '../src/io/decode.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import { faceDescriptor } from '../src/detect/identity.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Face } from '../src/face/face.ts';
import { cheekSkin } from '../src/verdict/skin-figures.ts';

export interface HardPhoto {
  /** Short name: the file name without its extension (folder prefix for the demo portraits). */
  name: string;
  buf: Buffer;
  img: RgbImage;
  face: Face;
  /** Mean CIELAB L* of the cheek patches (skin-figures.ts). */
  cheekL: number;
}

/** Head turn (degrees) beyond which a cheek patch may fall on hair or background: such a photo's L* is not its skin's. */
const TONE_MAX_YAW = 30;

/** Whether a photo's cheek lightness reads its skin: the head not turned far, the face not cut by the frame. */
export const toneReadable = (p: HardPhoto): boolean => Math.abs(p.face.rotation.yaw) <= TONE_MAX_YAW && !p.face.partial;

const FOLDERS: Array<[string, string]> = [[FACES_DIR, ''], [HIRES_DIR, ''], [DEMO_PORTRAITS_DIR, 'demo-']];
/** Tiles of sfhq-hires that show the same person as another tile (the dataset's figures overlap): a pair of the two is no swap. */
const REPEATED = new Set(['sfhq-3x6-r3c1.jpg', 'sfhq-3x6-r1c5.jpg']);

/** Every one-face photo of the three folders, measured; photos with no face or several are left out. */
export async function surveyPhotos(log: (s: string) => void): Promise<HardPhoto[]> {
  const models = await loadModels();
  const out: HardPhoto[] = [];
  for (const [dir, prefix] of FOLDERS) {
    for (const file of (await readdir(dir)).filter((f) => /\.(png|jpe?g)$/i.test(f) && !REPEATED.has(f)).sort()) {
      const buf = await readFile(path.join(dir, file));
      let img: RgbImage;
      try { img = await decodeImage(buf); } catch { continue; }
      const faces = (await detectOnImage(models, img)).filter((f) => !f.tooSmall);
      if (faces.length !== 1) continue;
      const face = faces[0]!;
      out.push({ name: prefix + file.replace(/\.(png|jpe?g)$/i, ''), buf, img, face, cheekL: cheekSkin(img, face.landmarks, face.size).lab[0] });
    }
  }
  log(`hard pairs: ${out.length} one-face photos measured`);
  return out;
}

const descriptors = new WeakMap<RgbImage, Float32Array>();

/** The identity descriptor of a photo's face, computed once. */
export async function descriptorOf(img: RgbImage, face: Face): Promise<Float32Array> {
  let d = descriptors.get(img);
  if (!d) { d = await faceDescriptor(await loadModels(), img, face); descriptors.set(img, d); }
  return d;
}
