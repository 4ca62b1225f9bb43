// Messages between the page and compress.worker.ts.
export interface CompressRequest {
  id: number;
  file: File;
}

/** `notImage`: the file did not decode at all (as opposed to a failure while compressing it). */
export type CompressResponse = { id: number; file: File; error?: undefined } | { id: number; error: string; notImage?: boolean; file?: undefined };
