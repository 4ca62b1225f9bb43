// Compresses one image off the main thread, so uploads stay small: at most 1 MB and 1920 px on the longest
// side, re-encoded as JPEG. browser-image-compression is bundled with this worker and runs
// inline here (useWebWorker: false), so it never loads itself from a CDN.
import imageCompression from 'browser-image-compression';
import { NotAnImageError, isNotAnImage } from '../../../lib/image-files';
import { compressedName } from '../lib/file-checks';
import type { CompressRequest, CompressResponse } from './compress-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<CompressRequest>) => {
  const { id, file } = event.data;
  void compress(file).then(
    (result) => scope.postMessage({ id, file: result } satisfies CompressResponse),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error), notImage: isNotAnImage(error) } satisfies CompressResponse),
  );
});

async function compress(file: File): Promise<File> {
  // browser-image-compression falls back to `new Image()` when it cannot decode a file, and a
  // worker has no Image ("Image is not defined"): a file that does not decode fails here instead.
  try {
    (await createImageBitmap(file)).close();
  } catch {
    throw new NotAnImageError();
  }
  const blob = await imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1920,
    fileType: 'image/jpeg',
    initialQuality: 0.92,
    useWebWorker: false,
  });
  return new File([blob], compressedName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
