// detectFaces: a photo's faces, as a caller lists them before choosing which to swap.
import { DEFAULT_MAX_PIXELS, decodeImage } from '../io/decode.ts';
import { DEFAULT_MIN_FACE_SIZE, detectOnImage } from '../detect/detect.ts';
import { loadModels } from '../models/models.ts';
import type { Face } from '../face/face.ts';
import type { DetectOptions, DetectResult } from './options.ts';

export async function detectFaces(image: Buffer, opts: DetectOptions = {}): Promise<DetectResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const img = await decodeImage(image, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  timings.decode = ms(t);
  t = performance.now();
  const models = await loadModels();
  timings.models = ms(t);
  t = performance.now();
  const onFound = opts.onFaces && ((found: Face[]) => {
    timings.found = ms(t);
    opts.onFaces?.({ width: img.width, height: img.height, faces: found.map(({ landmarks: _landmarks, hands: _hands, ...f }) => f) });
  });
  const faces = await detectOnImage(models, img, opts.minFaceSize ?? DEFAULT_MIN_FACE_SIZE, onFound);
  timings.detect = ms(t);
  return { width: img.width, height: img.height, faces, timings };
}

function ms(t: number): number {
  return Math.round((performance.now() - t) * 10) / 10;
}
