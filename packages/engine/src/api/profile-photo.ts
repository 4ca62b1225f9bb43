// profilePhoto: what a saved photo of a person is kept with, read once when it is added: its faces,
// and of the first usable one the identity descriptor (to compare it with the person's other
// photos), its head pose and light (to pick, per target face, the closest photo: closest-photo.ts).
import { decodeImage, DEFAULT_MAX_PIXELS } from '../io/decode.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage } from '../detect/detect.ts';
import { faceDescriptor } from '../detect/identity.ts';
import type { Face } from '../face/face.ts';
import { loadModels } from '../models/models.ts';
import { faceLuminance, type PhotoLight } from './closest-photo.ts';
import type { DetectOptions, FaceSummary } from './options.ts';

export interface PhotoProfile {
  /** The face as detected (landmarks included): a swap may take it instead of detecting again. */
  face: Omit<Face, 'hands'>;
  /** L2-normalised faceres descriptor (cosine = dot product). */
  descriptor: number[];
  light: PhotoLight;
}

export interface PhotoProfileResult {
  width: number;
  height: number;
  faces: FaceSummary[];
  /** Of the first usable face (faces are largest first); null when none is usable. */
  profile: PhotoProfile | null;
}

export async function profilePhoto(image: Buffer, opts: DetectOptions = {}): Promise<PhotoProfileResult> {
  const img = await decodeImage(image, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  const models = await loadModels();
  const faces = await detectOnImage(models, img, opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE);
  const summaries = faces.map(({ landmarks: _l, hands: _h, ...f }) => f);
  const chosen = faces.find((f) => !f.tooSmall);
  if (!chosen) return { width: img.width, height: img.height, faces: summaries, profile: null };
  const { hands: _h, ...face } = chosen;
  const descriptor = Array.from(await faceDescriptor(models, img, chosen), (v) => Math.round(v * 1e6) / 1e6);
  return { width: img.width, height: img.height, faces: summaries, profile: { face, descriptor, light: faceLuminance(img, chosen) } };
}
