// The two photos' black and white references (the pupils, the eye whites), and what they change
// on the warped source before it is relit: a source seen through haze has its veil taken off, one
// onto a hazy photo takes its veil (black-level.ts); a source under a coloured light is brought to
// white (sclera.ts).
import type { RgbImage } from '../../core/image.ts';
import type { Face } from '../../face/face.ts';
import { factKind } from '../../face/facts.ts';
import type { FaceLight, Stage } from '../context.ts';
import { liftVeil, pupilBlack, veilOver } from './black-level.ts';
import { eyeWhiteLight, whiteBalance } from './sclera.ts';

/** A face's light as read on it or on a reduced copy, keyed `${face index}:${factor}`. */
export const LIGHT = factKind<FaceLight>('light');

export function faceLight(img: RgbImage, face: Face): FaceLight {
  return { black: pupilBlack(img, face), whites: eyeWhiteLight(img, face) };
}

/** Behind tinted lenses the target's pupils and eye whites cannot be read: its light is left unread. */
const UNREAD: FaceLight = { black: null, whites: null };

export const sourceLightStage: Stage = {
  name: 'source light',
  timing: 'warp',
  reads: ['input', 'src', 'srcFace', 'out', 'dstFace', 'behindTint', 'warped', 'roi'],
  writes: ['srcLight', 'dstLight'],
  run(s) {
    const W = s.warped.rgb, n = s.roi.w * s.roi.h;
    const srcLight = s.input.sourceLight ?? faceLight(s.src, s.srcFace);
    const dstLight = s.behindTint ? { ...UNREAD } : faceLight(s.out, s.dstFace);
    const veil = veilOver(srcLight.black, dstLight.black);
    if (veil !== 0) liftVeil(W, srcLight.black!, veil);
    const wb = whiteBalance(srcLight.whites?.tint ?? null);
    if (wb.some((v) => v !== 1)) for (let c = 0; c < 3; c++) for (let i = c * n; i < (c + 1) * n; i++) W[i]! *= wb[c]!;
    s.srcLight = srcLight;
    s.dstLight = dstLight;
  },
};
