// What a swap with chosen faces keeps in its row (face_map): each source's stored photo keys,
// source 0's first photo being the row's source_key, the (target face, source) pairs and each
// source's chosen face. Written at upload, read by the job, and by deletion and retention for the keys.
import type { FacePair } from '@visage/engine';

export interface FaceMap {
  sources: string[][];
  pairs?: FacePair[];
  sourceFaces?: Array<number | null>;
}

export function parseFaceMap(json: string | null): FaceMap | null {
  if (!json) return null;
  const map = JSON.parse(json) as FaceMap;
  return Array.isArray(map.sources) ? map : null;
}

/** Every photo key a swap's sources read (source 0's first photo included). */
export function faceMapKeys(json: string | null): string[] {
  return parseFaceMap(json)?.sources.flat() ?? [];
}
