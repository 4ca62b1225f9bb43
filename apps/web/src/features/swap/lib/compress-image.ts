// Page side of the compression worker: one worker for the page, started on first use, each
// request matched to its answer by id.
import { NotAnImageError } from '../../../lib/image-files';
import type { CompressRequest, CompressResponse } from '../workers/compress-protocol';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (file: File) => void; reject: (error: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('../workers/compress.worker.ts', import.meta.url), { type: 'module', name: 'image-compression' });
  worker.addEventListener('message', (event: MessageEvent<CompressResponse>) => {
    const request = pending.get(event.data.id);
    if (!request) return;
    pending.delete(event.data.id);
    if (event.data.file) request.resolve(event.data.file);
    else request.reject(event.data.notImage ? new NotAnImageError() : new Error(event.data.error));
  });
  worker.addEventListener('error', (event) => {
    // A worker that fails to start or crashes fails every waiting request; the next call starts a new one.
    for (const request of pending.values()) request.reject(new Error(event.message || 'Compression worker failed'));
    pending.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

/** The image as a JPEG of at most 1 MB and 1920 px, named `<name>-compressed.jpeg`; NotAnImageError when it does not decode. */
export function compressImage(file: File): Promise<File> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    try {
      getWorker().postMessage({ id, file } satisfies CompressRequest);
    } catch (error) {
      pending.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
