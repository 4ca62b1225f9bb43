// Helpers over the repository's face fixtures (fixtures/index.mjs says where they are).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FACES_DIR } from '../../../fixtures/index.mjs';
import { decodeImage } from '../src/io/decode.ts';
import type { RgbImage } from '../src/core/image.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import type { Face } from '../src/face/face.ts';
import { loadModels } from '../src/models/models.ts';
import { OUTER_LIP_LOOP } from '../src/mesh/topology.ts';
import { fillPolygon } from '../src/raster/polygon.ts';

export const FIXTURES = FACES_DIR;

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

/** A fixture's (or an image's) decoded pixels and its first detected face. */
export async function decodedWithFace(name: string | Buffer): Promise<{ img: RgbImage; face: Face }> {
  const img = await decodeImage(typeof name === 'string' ? fixture(name) : name);
  const [face] = await detectOnImage(await loadModels(), img);
  return { img, face: face! };
}

/** 1 for the pixels of `img` inside the face's outer lip line. */
export function lipsMask(img: RgbImage, face: Face): Uint8Array {
  const lips = new Uint8Array(img.width * img.height);
  fillPolygon(lips, img.width, img.height, 0, 0, new Float32Array(OUTER_LIP_LOOP.flatMap((i) => [face.landmarks[i]![0], face.landmarks[i]![1]])));
  return lips;
}

export const FILES = {
  eileen: '001_nasa-eileen-collins.png',
  hopper: '003_navy-grace-hopper.jpg',
  smallFace: '005_cc0-codait-bryan-115px.png',
  crew: '004_nasa-apollo11-crew.jpg',
  older: '007_ai-tpdne-older-woman.jpg',
  glasses: '008_ai-sfhq-frontal-glasses-darkskin.jpg',
  wireGlasses: '013_ai-sfhq-beard-glasses-elderly.jpg',
  profile: '009_ai-sfhq-profile-darkskin-man.jpg',
  threeQuarter: '010_ai-sfhq-threequarter-elderly-man.jpg',
  baby: '011_ai-sfhq-baby.jpg',
  eastAsian: '012_ai-sfhq-east-asian-woman.jpg',
  scarf: '014_ai-sfhq-scarf-over-mouth.jpg',
  hand: '015_ai-sfhq-hand-on-cheek.jpg',
  coffee: '016_cc0-coffee-noface.png',
  cat: '017_cc0-cat-chelsea-noface.png',
  cartoon: '018_cartoon-emoji-person.png',
} as const;
