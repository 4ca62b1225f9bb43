// Messages between the page and compress.worker.ts.
export interface CompressRequest {
  id: number;
  file: File;
}

export type CompressResponse = { id: number; file: File; error?: undefined } | { id: number; error: string; file?: undefined };
